/// A barline found in a system: the horizontal extent of its strokes, in pixels.
struct BarlineCandidate {
    var left: Int
    var right: Int
    /// The widths of its strokes from left to right (one for a single barline, two or more for double, final and
    /// repeat barlines).
    var strokes: [Int] = []
    var centre: Double { Double(left + right) / 2 }

    /// A heavy line followed by a thin one: a start repeat (or a heavy double barline opening a section).
    var opensWithHeavyLine: Bool { strokes.count >= 2 && Double(strokes[0]) >= 1.5 * Double(strokes[1]) }
}

/// Finds the barlines of a system: vertical strokes that cover every staff of the system from its top line to
/// its bottom line and stop there (stems run on beyond the staff to their notes or beams).
enum BarlineFinder {
    static func barlines(in system: [StaffCandidate], mask: InkMask) -> [BarlineCandidate] {
        let space = system.map(\.space).reduce(0, +) / Double(system.count)
        let left = system.map(\.left).min()!, right = system.map(\.right).max()!
        let start = left + max(1, Int((0.5 * space).rounded()))
        let end = min(right + 1, mask.width - 1)
        guard start < right, start <= end else { return [] }
        var columns: [Int] = []
        for x in start...end where isBarColumn(x, system, mask, space) {
            columns.append(x)
        }
        // Runs of adjacent columns are strokes; strokes closer than 1.2 staff spaces form one barline
        // (the thin and thick lines of a final or repeat barline, a double barline).
        var strokes: [(Int, Int)] = []
        for x in columns {
            if let last = strokes.last, x == last.1 + 1 { strokes[strokes.count - 1].1 = x } else { strokes.append((x, x)) }
        }
        let maxStroke = Int((0.8 * space).rounded())
        strokes = strokes.filter { $0.1 - $0.0 <= maxStroke }
        // A blurred (scanned) stroke is wider than its fully inked core: take in up to two columns on each side
        // that are ink over at least half of the staff rows (never reaching the next stroke).
        strokes = strokes.enumerated().map { n, stroke in
            var (left, right) = stroke
            let floor = n > 0 ? strokes[n - 1].1 + 1 : start
            let ceiling = n + 1 < strokes.count ? strokes[n + 1].0 - 1 : mask.width - 1
            while left - 1 > floor, stroke.0 - left < 2, staffCoverage(left - 1, system, mask) >= 0.5 { left -= 1 }
            while right + 1 < ceiling, right - stroke.1 < 2, staffCoverage(right + 1, system, mask) >= 0.5 { right += 1 }
            return (left, right)
        }
        strokes = (strokes + dottedStrokes(in: system, mask: mask, space: space, from: start, to: end, solid: columns))
            .sorted { $0.0 < $1.0 }
        // Judge every stroke on its own for an attached notehead or beam (a stem standing next to a barline must
        // not spoil it), join the strokes that remain and lie closer than 1.2 staff spaces into one barline (the
        // thin and thick lines of a double, final or repeat barline), then require the whole barline to be
        // straight: no ink reaching out from its outer edges on one side (time-signature digits, clefs).
        let candidates = strokes.map { BarlineCandidate(left: $0.0, right: $0.1, strokes: [$0.1 - $0.0 + 1]) }
        let ends = candidates.indices.map { n in
            let before = n > 0 && parted(candidates[n - 1].right, candidates[n].left, system, mask) ? candidates[n - 1].right : Int.min
            let after = n + 1 < candidates.count && parted(candidates[n].right, candidates[n + 1].left, system, mask)
                ? candidates[n + 1].left : Int.max
            return crossesGap(candidates[n], system, mask) ? EndInk.clean
                : endInk(candidates[n], system, mask, space, within: before...after)
        }
        // A stroke with a little ink at an end (a tie crossing it, or a stem's notehead mostly outside the staff)
        // stands as a barline on its own, but not beside a clean stroke: there it is the stem of a note after
        // or before the barline.
        let barStrokes = candidates.indices.filter { n in
            switch ends[n] {
            case .clean: return true
            case .attached: return false
            case .touched:
                return !candidates.indices.contains { m in
                    ends[m] == .clean && abs(candidates[m].centre - candidates[n].centre) <= 1.2 * space
                }
            }
        }.map { candidates[$0] }
        var result: [BarlineCandidate] = []
        for stroke in barStrokes {
            if let last = result.last, Double(stroke.left - last.right) <= 1.2 * space {
                result[result.count - 1].right = stroke.right
                result[result.count - 1].strokes += stroke.strokes
            } else {
                result.append(stroke)
            }
        }
        // A stroke left out (a stem) standing right beside a barline holds the ink between them: its notehead.
        return result.filter { bar in
            let besideLeft = candidates.contains { $0.right < bar.left && $0.right >= bar.left - 3 && parted($0.right, bar.left, system, mask) }
            let besideRight = candidates.contains { $0.left > bar.right && $0.left <= bar.right + 3 && parted(bar.right, $0.left, system, mask) }
            return wideOneSided(bar, system, mask, besideLeft: besideLeft, besideRight: besideRight) < 0.15
        }
    }

    /// What ink a stroke has beside its ends.
    enum EndInk {
        /// None: a barline.
        case clean
        /// A little, on a few rows: a tie or slur crossing a barline, or the edge of a stem's notehead.
        case touched
        /// A notehead or beam: a stem.
        case attached
    }

    /// The ink attached to the candidate at an end of the system: on rows within 0.6 staff space of the top or
    /// bottom line (the lines' own rows excluded), solid runs of ink at least half a staff space long starting
    /// right beside the stroke (touching it). A notehead or beam on one side covers a third of a space of those
    /// rows or more, noteheads on both sides of a stem half a space: `attached`. Three rows or more on both
    /// sides are `touched` (a thin tie or slur passing through a barline, or the edges of a stem's notehead and
    /// beam); on one side only, `attached`. A run stops short of the neighbouring strokes (`neighbours` is the span
    /// from the last column of the one before to the first of the one after): ink joining a barline to a stem next
    /// to it, the stem's notehead blurred or tilted into the barline, is judged on the stem.
    private static func endInk(_ bar: BarlineCandidate, _ system: [StaffCandidate], _ mask: InkMask,
                               _ space: Double, within neighbours: ClosedRange<Int>) -> EndInk {
        let band = Int((0.6 * space).rounded()), minRun = max(3, Int((0.5 * space).rounded()))
        let topLine = system.first!.lines.first!, bottomLine = system.last!.lines.last!
        func lineRows(_ line: LineCandidate) -> ClosedRange<Int> {
            let first = Int((line.y - Double(line.thickness - 1) / 2).rounded(.down))
            return first...(first + max(1, line.thickness) - 1)
        }
        let skip = [lineRows(topLine), lineRows(system.first!.lines[1]), lineRows(bottomLine),
                    lineRows(system.last!.lines[3])]
        func solidRun(from x: Int, step: Int, _ y: Int) -> Int {
            var n = 0, x = x
            while neighbours.contains(x), x != neighbours.lowerBound, x != neighbours.upperBound, mask.solid(x, y), n < minRun {
                n += 1
                x += step
            }
            return n
        }
        func ink(_ rows: ClosedRange<Int>) -> EndInk {
            var oneSided = 0, twoSided = 0, leftRows = 0, rightRows = 0
            for y in rows where !skip.contains(where: { $0.contains(y) }) {
                let right = solidRun(from: bar.right + 1, step: 1, y) >= minRun, left = solidRun(from: bar.left - 1, step: -1, y) >= minRun
                if left && right { twoSided += 1 } else if left || right { oneSided += 1 }
                if left { leftRows += 1 }
                if right { rightRows += 1 }
            }
            if Double(oneSided) >= max(3, 0.35 * space) || Double(twoSided) >= max(3, 0.5 * space) { return .attached }
            guard oneSided + twoSided >= 3 else { return .clean }
            // A tie or slur passes through: it is on both sides (on rows a little apart where it slants).
            return leftRows > 0 && rightRows > 0 ? .touched : .attached
        }
        let top = Int(topLine.y.rounded()), bottom = Int(bottomLine.y.rounded())
        // A notehead, filled or hollow, sits to the right of a stem going down from it and to the left of a stem
        // going up to it: ink reaching out from the stroke on that side only, on rows around that end.
        let reach = Int((0.8 * space).rounded())
        if headBeside(bar, rows: (top - reach)...(top + reach), side: 1, skip: skip, mask, space)
            || headBeside(bar, rows: (bottom - reach)...(bottom + reach), side: -1, skip: skip, mask, space) { return .attached }
        let ends = [ink((top - band)...(top + band)), ink((bottom - band)...(bottom + band))]
        return ends.contains(.attached) ? .attached : ends.contains(.touched) ? .touched : .clean
    }

    /// True when a notehead reaches out from the stroke on `side` (1 right, -1 left) at an end: on a quarter of a
    /// space of the rows `rows` or more (staff-line rows `skip` left out), ink joined to the stroke's edge column
    /// runs out by an eighth of a space on that side and not on the other, and on one of them by half a space (a
    /// head is wider than a stem; a hollow head's ring reaches that far above and below its hole). A barline's
    /// neighbours stand clear of it: a stem beside it is narrow or parted from it by a column, and ink running on
    /// for two spaces is a line (a staff line left off its rows by a slight tilt), never a head.
    private static func headBeside(_ bar: BarlineCandidate, rows: ClosedRange<Int>, side: Int, skip: [ClosedRange<Int>],
                                   _ mask: InkMask, _ space: Double) -> Bool {
        let reach = max(2, Int((0.12 * space).rounded())), wide = max(reach + 1, Int((0.5 * space).rounded()))
        let line = Int((2 * space).rounded())
        /// How far ink joined to the stroke's edge runs out on `step`'s side of row `y` (up to `line`).
        func run(_ step: Int, _ y: Int) -> Int {
            let edge = step > 0 ? bar.right : bar.left
            guard mask.ink(edge, y) else { return 0 }
            var n = 0
            while n < line, mask.ink(edge + step * (n + 1), y) { n += 1 }
            return n
        }
        var headRows = 0, isWide = false
        for y in rows where !skip.contains(where: { $0.contains(y) }) {
            let out = run(side, y)
            guard out >= reach, out < line, run(-side, y) < reach else { continue }
            headRows += 1
            isWide = isWide || out >= wide
        }
        return isWide && Double(headRows) >= max(3, 0.25 * space)
    }

    /// True when the stroke also runs through a gap between two staves of the system (nine tenths of its rows):
    /// a stem never does, so a notehead or tie touching its ends does not make it one.
    private static func crossesGap(_ bar: BarlineCandidate, _ system: [StaffCandidate], _ mask: InkMask) -> Bool {
        zip(system, system.dropFirst()).contains { upper, lower in
            let from = Int(upper.bottom.rounded()) + 2, to = Int(lower.top.rounded()) - 2
            guard to > from else { return false }
            let inked = (from...to).filter { y in (bar.left...bar.right).contains { mask.ink($0, y) } }.count
            return Double(inked) >= 0.9 * Double(to - from + 1)
        }
    }

    /// The largest fraction, over the staves, of staff rows (staff-line rows excluded) where the ink through the
    /// candidate reaches three or more pixels out on one side only: the curves and bars of time-signature digits
    /// or clefs, or a notehead. A barline is a straight stroke; ties and slurs cross it on both sides. The ink on a
    /// side where another stroke stands parted from it within three pixels (`besideLeft`, `besideRight`) is that
    /// stroke's.
    private static func wideOneSided(_ bar: BarlineCandidate, _ system: [StaffCandidate], _ mask: InkMask,
                                     besideLeft: Bool, besideRight: Bool) -> Double {
        var worst = 0.0
        for staff in system {
            let lineRows = Set(staff.lines.flatMap { line -> [Int] in
                let first = Int((line.y - Double(line.thickness - 1) / 2).rounded(.down))
                return Array(first...(first + max(1, line.thickness) - 1))
            })
            var rows = 0, wide = 0
            for y in Self.rows(of: staff) where !lineRows.contains(y) {
                rows += 1
                let left = !besideLeft && (1...3).allSatisfy { mask.ink(bar.left - $0, y) }
                let right = !besideRight && (1...3).allSatisfy { mask.ink(bar.right + $0, y) }
                if left != right { wide += 1 }
            }
            worst = max(worst, Double(wide) / Double(max(1, rows)))
        }
        return worst
    }

    /// True when the columns `from...to` (the last of one stroke to the first of the next) hold a white pixel on a
    /// tenth of the system's staff rows or more: two strokes, such as a stem beside a barline, and not the halves of
    /// one thick stroke that the column test split.
    private static func parted(_ from: Int, _ to: Int, _ system: [StaffCandidate], _ mask: InkMask) -> Bool {
        var white = 0, rows = 0
        for staff in system {
            for y in Self.rows(of: staff) {
                rows += 1
                if (from...max(from, to)).contains(where: { !mask.ink($0, y) }) { white += 1 }
            }
        }
        return Double(white) >= 0.1 * Double(max(1, rows))
    }

    /// The rows from a staff's top line to its bottom line (empty, never inverted, for a degenerate staff).
    static func rows(of staff: StaffCandidate) -> ClosedRange<Int> {
        let top = Int(staff.top.rounded()), bottom = Int(staff.bottom.rounded())
        return top <= bottom ? top...bottom : top...top
    }

    /// The fraction of the system's staff rows (top line to bottom line of each staff) inked at column `x`.
    private static func staffCoverage(_ x: Int, _ system: [StaffCandidate], _ mask: InkMask) -> Double {
        var inked = 0, rows = 0
        for staff in system {
            for y in Self.rows(of: staff) {
                rows += 1
                if mask.ink(x, y) { inked += 1 }
            }
        }
        return Double(inked) / Double(max(1, rows))
    }

    /// Whether column `x` is ink over 92 % or more of every staff's rows (top line to bottom line) and stops at the
    /// system's outer lines. A staff's count stops as soon as the rows left cannot make up the 92 % (most columns
    /// are paper between the lines: a few rows decide), with the same answer as counting them all.
    private static func isBarColumn(_ x: Int, _ system: [StaffCandidate], _ mask: InkMask, _ space: Double) -> Bool {
        for staff in system {
            let top = Int(staff.top.rounded()), bottom = Int(staff.bottom.rounded())
            guard top <= bottom else { return false }
            let needed = 0.92 * Double(bottom - top + 1)
            var inked = 0
            for y in top...bottom {
                if mask.ink(x, y) { inked += 1 } else if Double(inked + bottom - y) < needed { return false }
            }
            if Double(inked) < needed { return false }
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
