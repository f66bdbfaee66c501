/// A barline found in a system: the horizontal extent of its strokes, in pixels.
struct BarlineCandidate {
    var left: Int
    var right: Int
    var centre: Double { Double(left + right) / 2 }
    var strokes: Int
}

/// Finds the barlines of a system: vertical strokes that cover every staff of the system from its top line to
/// its bottom line and stop there (stems run on beyond the staff to their notes or beams).
enum BarlineFinder {
    static func barlines(in system: [StaffCandidate], mask: InkMask) -> [BarlineCandidate] {
        let space = system.map(\.space).reduce(0, +) / Double(system.count)
        let left = system.map(\.left).min()!, right = system.map(\.right).max()!
        let start = left + max(1, Int((0.5 * space).rounded()))
        guard start < right else { return [] }
        var columns: [Int] = []
        for x in start...min(right + 1, mask.width - 1) where isBarColumn(x, system, mask, space) {
            columns.append(x)
        }
        // Runs of adjacent columns are strokes; strokes closer than 1.2 staff spaces form one barline
        // (the thin and thick lines of a final or repeat barline, a double barline).
        var strokes: [(Int, Int)] = []
        for x in columns {
            if let last = strokes.last, x == last.1 + 1 { strokes[strokes.count - 1].1 = x } else { strokes.append((x, x)) }
        }
        // A blurred (scanned) stroke is wider than its fully inked core: take in the columns beside it that are
        // ink over at least half of the staff rows.
        strokes = strokes.map { stroke in
            var (left, right) = stroke
            while left - 1 > start, staffCoverage(left - 1, system, mask) >= 0.5 { left -= 1 }
            while right + 1 < mask.width, staffCoverage(right + 1, system, mask) >= 0.5 { right += 1 }
            return (left, right)
        }
        let maxStroke = Int((0.8 * space).rounded())
        strokes = strokes.filter { $0.1 - $0.0 <= maxStroke }
        var result: [BarlineCandidate] = []
        for stroke in strokes {
            if let last = result.last, Double(stroke.0 - last.right) <= 1.2 * space {
                result[result.count - 1].right = stroke.1
                result[result.count - 1].strokes += 1
            } else {
                result.append(BarlineCandidate(left: stroke.0, right: stroke.1, strokes: 1))
            }
        }
        return result.filter { touchingInk($0, system, mask, space) < 0.08 && !attachedOutside($0, system, mask, space) }
    }

    /// The largest fraction, over the staves, of rows (the staff and 0.6 staff space beyond it) where solid ink
    /// touches the candidate (one or two pixels beside it) on one side only (antialiased edges do not count). A stem touches its notehead on
    /// one side; a barline touches nothing, while staff lines, ties, slurs and beams crossing it touch both
    /// sides on the same rows.
    private static func touchingInk(_ bar: BarlineCandidate, _ system: [StaffCandidate], _ mask: InkMask,
                                    _ space: Double) -> Double {
        let band = Int((0.6 * space).rounded())
        var worst = 0.0
        for staff in system {
            var rows = 0, oneSided = 0
            for y in (Int(staff.top.rounded()) - band)...(Int(staff.bottom.rounded()) + band) {
                rows += 1
                let left = mask.solid(bar.left - 1, y) || mask.solid(bar.left - 2, y)
                let right = mask.solid(bar.right + 1, y) || mask.solid(bar.right + 2, y)
                if left != right { oneSided += 1 }
            }
            worst = max(worst, Double(oneSided) / Double(rows))
        }
        return worst
    }

    /// True when something is attached to the candidate just outside the system (within 0.6 staff space
    /// above its top line or below its bottom line, on at least three rows): the notehead at the top of a
    /// stem or the beam at its end. A barline stops at the outer lines with nothing attached; a slur crossing
    /// it there is one or two rows thick.
    private static func attachedOutside(_ bar: BarlineCandidate, _ system: [StaffCandidate], _ mask: InkMask,
                                        _ space: Double) -> Bool {
        let band = max(3, Int((0.6 * space).rounded()))
        func rowsWithInk(_ rows: [Int]) -> Int {
            rows.filter { y in ((bar.left - 2)...(bar.right + 2)).contains { mask.ink($0, y) } }.count
        }
        let topLine = system.first!.lines.first!, bottomLine = system.last!.lines.last!
        let top = Int(topLine.y.rounded()) - topLine.thickness / 2 - 1
        let bottom = Int(bottomLine.y.rounded()) + bottomLine.thickness / 2 + 1
        return rowsWithInk(Array((top - band)..<top)) >= 3 || rowsWithInk(Array((bottom + 1)...(bottom + band))) >= 3
    }

    /// The fraction of the system's staff rows (top line to bottom line of each staff) inked at column `x`.
    private static func staffCoverage(_ x: Int, _ system: [StaffCandidate], _ mask: InkMask) -> Double {
        var inked = 0, rows = 0
        for staff in system {
            for y in Int(staff.top.rounded())...Int(staff.bottom.rounded()) {
                rows += 1
                if mask.ink(x, y) { inked += 1 }
            }
        }
        return Double(inked) / Double(max(1, rows))
    }

    private static func isBarColumn(_ x: Int, _ system: [StaffCandidate], _ mask: InkMask, _ space: Double) -> Bool {
        for staff in system {
            let top = Int(staff.top.rounded()), bottom = Int(staff.bottom.rounded())
            var inked = 0
            for y in top...bottom where mask.ink(x, y) { inked += 1 }
            if Double(inked) < 0.92 * Double(bottom - top + 1) { return false }
        }
        // Stems continue past the outer staff lines; barlines stop at them.
        let reach = max(2, Int((0.6 * space).rounded()))
        let top = Int(system.first!.top.rounded()), bottom = Int(system.last!.bottom.rounded())
        let margin = max(1, Int((0.25 * space).rounded()))
        return !continues(x, from: top - margin, step: -1, count: reach, mask)
            && !continues(x, from: bottom + margin, step: 1, count: reach, mask)
    }

    /// True when the column has ink on every one of `count` rows starting at `from` going in `step`.
    private static func continues(_ x: Int, from: Int, step: Int, count: Int, _ mask: InkMask) -> Bool {
        var y = from
        for _ in 0..<count {
            if !mask.ink(x, y) { return false }
            y += step
        }
        return true
    }
}
