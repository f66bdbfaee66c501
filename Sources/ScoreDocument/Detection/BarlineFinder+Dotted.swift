/// Barlines broken into dots: on a bilevel scan thresholded dark (a thin barline a pixel or two wide, issue 30) no
/// column covers 92 % of a staff, but two neighbouring columns together cover half of it or more, with dots all
/// along its height and nothing beside them.
extension BarlineFinder {
    /// The strokes (first and last column) of the system broken into dots, from `start` to `end`, away from the
    /// columns `solid` found whole. A pair of neighbouring columns holds a dotted stroke when on every staff of the
    /// system ink in either column covers 45 % or more of the staff's rows (top line to bottom line), with no gap
    /// between dots longer than 0.7 of a space, and 30 % or more of the rows between the lines (not just the lines
    /// crossing it), with a dot in every space. Overlapping pairs make one stroke, which must stand alone:
    /// - beyond the system's outer lines (two pixels past their edges) for 0.6 of a space, a row or none is inked in
    ///   the stroke's columns and the one beside it on each side (a stem runs on to its note or beam, its dots
    ///   wandering by a pixel);
    /// - trimmed to its dots, the columns two pixels out on either side hold ink on at most a quarter of the rows
    ///   between the staff lines of each staff (a notehead, a beam, letters or a clef stand beside a stroke there).
    ///
    /// A stroke is then judged like any other (noteheads, beams and one-sided ink at its ends).
    static func dottedStrokes(in system: [StaffCandidate], mask: InkMask, space: Double, from start: Int, to end: Int,
                              solid: [Int]) -> [(Int, Int)] {
        let near = Set(solid.flatMap { ($0 - 2)...($0 + 2) })
        // Each staff's line rows, made once for all the columns.
        let lines = system.map(lineRows)
        var strokes: [(Int, Int)] = []
        var x = start
        while x < end {
            defer { x += 1 }
            guard !near.contains(x), !near.contains(x + 1), isDottedPair(x, system, lines, mask, space) else { continue }
            if let last = strokes.last, x <= last.1 { strokes[strokes.count - 1].1 = x + 1 } else { strokes.append((x, x + 1)) }
        }
        return strokes.filter { endsAtTheLines($0, system, mask, space) }.map { trimmed($0, system, mask) }
            .filter { standsAlone($0, system, mask) }
    }

    /// The stroke without its outer columns that hold few of its dots (a pair of columns reaches one column past
    /// the dots on each side): under a fifth of the ink of its best column between the staff lines.
    private static func trimmed(_ stroke: (Int, Int), _ system: [StaffCandidate], _ mask: InkMask) -> (Int, Int) {
        let between = system.flatMap { staff in
            let lines = lineRows(staff)
            return rows(of: staff).filter { !lines.contains($0) }
        }
        let counts = (stroke.0...stroke.1).map { x in between.filter { mask.ink(x, $0) }.count }
        let floor = Double(counts.max() ?? 0) / 5
        var (left, right) = stroke
        while left < right, Double(counts[left - stroke.0]) < floor { left += 1 }
        while right > left, Double(counts[right - stroke.0]) < floor { right -= 1 }
        return (left, right)
    }

    /// The rows of a staff's lines and the row on each side of each.
    private static func lineRows(_ staff: StaffCandidate) -> Set<Int> {
        Set(staff.lines.flatMap { line -> [Int] in
            let first = Int((line.y - Double(line.thickness - 1) / 2).rounded(.down))
            return Array((first - 1)...(first + max(1, line.thickness)))
        })
    }

    /// Whether columns `x` and `x + 1` hold a dotted stroke on every staff of the system (`lines`: each staff's
    /// ``lineRows(_:)``). A staff's rows are read only until the answer is known (a gap too long, or too few rows
    /// left to make up 45 %): the same answer as reading them all.
    private static func isDottedPair(_ x: Int, _ system: [StaffCandidate], _ staffLines: [Set<Int>], _ mask: InkMask,
                                     _ space: Double) -> Bool {
        let maxGap = Int((0.7 * space).rounded())
        for (staff, lines) in zip(system, staffLines) {
            let top = Int(staff.top.rounded()), bottom = Int(staff.bottom.rounded())
            guard top < bottom else { return false }
            let needed = 0.45 * Double(bottom - top + 1)
            var inked = 0, gap = 0
            for y in top...bottom {
                if mask.ink(x, y) || mask.ink(x + 1, y) {
                    inked += 1
                    gap = 0
                } else {
                    gap += 1
                    if gap > maxGap || Double(inked + bottom - y) < needed { return false }
                }
            }
            if Double(inked) < needed { return false }
            var rows = 0, between = 0
            for y in top...bottom where !lines.contains(y) {
                rows += 1
                if mask.ink(x, y) || mask.ink(x + 1, y) { between += 1 }
            }
            if Double(between) < 0.3 * Double(max(1, rows)) { return false }
            // A dot in every space between two lines (a slanted wedge or slur covers a few spaces and leaves one bare).
            for (upper, lower) in zip(staff.lines, staff.lines.dropFirst()) {
                let from = Int(upper.y.rounded()) + 1, to = Int(lower.y.rounded()) - 1
                guard from <= to else { continue }
                if !(from...to).contains(where: { y in !lines.contains(y) && (mask.ink(x, y) || mask.ink(x + 1, y)) }) { return false }
            }
        }
        return true
    }

    private static func standsAlone(_ stroke: (Int, Int), _ system: [StaffCandidate], _ mask: InkMask) -> Bool {
        system.allSatisfy { staff in
            let lines = lineRows(staff)
            var count = 0, beside = 0
            for y in rows(of: staff) where !lines.contains(y) {
                count += 1
                if mask.ink(stroke.0 - 2, y) || mask.ink(stroke.1 + 2, y) { beside += 1 }
            }
            return Double(beside) <= 0.25 * Double(max(1, count))
        }
    }

    private static func endsAtTheLines(_ stroke: (Int, Int), _ system: [StaffCandidate], _ mask: InkMask, _ space: Double) -> Bool {
        let reach = max(3, Int((0.6 * space).rounded()))
        let topLine = system.first!.lines.first!, bottomLine = system.last!.lines.last!
        let above = Int((topLine.y - Double(topLine.thickness - 1) / 2).rounded(.down)) - 2
        let below = Int((bottomLine.y - Double(bottomLine.thickness - 1) / 2).rounded(.down)) + max(1, bottomLine.thickness) + 1
        func inked(from: Int, step: Int) -> Int {
            (0..<reach).filter { n in ((stroke.0 - 1)...(stroke.1 + 1)).contains { mask.ink($0, from + step * n) } }.count
        }
        let allowed = max(1, reach / 10)
        return inked(from: above, step: -1) <= allowed && inked(from: below, step: 1) <= allowed
    }
}
