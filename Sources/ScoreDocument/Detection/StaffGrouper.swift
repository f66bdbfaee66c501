/// A five-line staff found on a page, in pixels of the (deskewed) image.
struct StaffCandidate {
    var lines: [LineCandidate]
    var top: Double { lines.first!.y }
    var bottom: Double { lines.last!.y }
    var space: Double { (bottom - top) / Double(lines.count - 1) }
    var left: Int
    var right: Int
    /// How evenly the lines are spaced: 1 for perfectly even, falling toward 0.
    var regularity: Double
    /// The leftmost place where at least two of the lines start together (at most `left`).
    var reach: Int

    /// The regularity of a staff some of whose lines were inferred rather than found whole (three or four lines
    /// found, or a comb over dotted lines): under ``DetectedPage/doubtfulBelow``, so its system is named doubtful.
    static let inferredRegularity = 0.75
}

/// Groups staff-line candidates into five-line staves and staves into systems.
enum StaffGrouper {
    /// Five lines with even spacing (within 20 %) and overlapping extents form a staff. A line lying between
    /// them off the spacing (a beam or a row of notes long enough to pass for a line) is passed over.
    static func staves(from lines: [LineCandidate], minSpace: Double, maxSpace: Double) -> [StaffCandidate] {
        var result: [StaffCandidate] = []
        var i = 0
        while i + 4 < lines.count {
            guard let (staff, next) = candidate(from: i, lines, minSpace: minSpace, maxSpace: maxSpace) else { i += 1; continue }
            // A stray line just above a staff (a beam) can pass for its top line; a staff starting one or two
            // lines lower is then clearly more even: take that one.
            if (1...2).contains(where: { k in
                guard let (lower, _) = candidate(from: i + k, lines, minSpace: minSpace, maxSpace: maxSpace) else { return false }
                return lower.top < staff.bottom && lower.regularity > staff.regularity + 0.05
            }) {
                i += 1
                continue
            }
            result.append(staff)
            i = next
        }
        return result
    }

    /// The staff whose top line is line `i`, and the index after its bottom line.
    private static func candidate(from i: Int, _ lines: [LineCandidate], minSpace: Double,
                                  maxSpace: Double) -> (StaffCandidate, next: Int)? {
        guard i + 4 < lines.count else { return nil }
        // The spacing is taken from the first two lines, or averaged over the lines found so far (a slightly
        // uneven scan); the first that gives five lines wins.
        for j in (i + 1)..<min(i + 4, lines.count) {
            let space = lines[j].y - lines[i].y
            guard space >= minSpace * 0.8, space <= maxSpace * 1.2 else { continue }
            for averaged in [false, true] {
                var members = [i, j]
                for k in 2...4 {
                    let last = lines[members.last!].y
                    let target = averaged ? last + (last - lines[i].y) / Double(members.count - 1) : lines[i].y + Double(k) * space
                    let from = members.last! + 1
                    let near = (from..<min(from + 3, lines.count)).filter { abs(lines[$0].y - target) <= max(1.5, 0.2 * space) }
                    guard let m = near.min(by: { abs(lines[$0].y - target) < abs(lines[$1].y - target) }) else { break }
                    members.append(m)
                }
                // Averaging follows a slowly changing spacing; it must not swallow a stray line above the staff,
                // so its lines must be spaced evenly within 12 %.
                if members.count == 5, let staff = staff(members.map { lines[$0] }, minSpace: minSpace, maxSpace: maxSpace),
                   !averaged || staff.regularity >= 0.88 {
                    return (staff, members.last! + 1)
                }
            }
        }
        return nil
    }

    private static func staff(_ group: [LineCandidate], minSpace: Double, maxSpace: Double) -> StaffCandidate? {
        let gaps = zip(group.dropFirst(), group).map { $0.y - $1.y }
        let sorted = gaps.sorted()
        let median = (sorted[1] + sorted[2]) / 2
        guard median >= minSpace, median <= maxSpace else { return nil }
        let worst = gaps.map { abs($0 - median) }.max()!
        guard worst <= max(1.5, 0.2 * median) else { return nil }
        // The lines must share a common stretch (a scanned line may be broken into pieces); the staff's ends
        // are the median line ends, so neither a broken line nor one touching a brace moves them.
        guard group.map(\.left).max()! < group.map(\.right).min()! || sharedByThree(group) >= 8 * median else { return nil }
        // The left end is the median line start, so neither a broken line nor one touching a brace moves it;
        // `reach` is the leftmost place where two lines start together (drop-outs of a faint scan can eat the
        // first inches of three lines), where the joining ink at the left edge is looked for as well.
        let lefts = group.map(\.left).sorted(), rights = group.map(\.right).sorted()
        let together = max(2, Int((0.5 * median).rounded()))
        let reach = zip(lefts, lefts.dropFirst()).first { $1 - $0 <= together }?.0 ?? lefts[2]
        return StaffCandidate(lines: group, left: lefts[2], right: rights[2], regularity: 1 - worst / median,
                              reach: min(reach, lefts[2]))
    }

    /// The length of the longest stretch where at least three of the lines run: drop-outs of a faint scan can leave
    /// two lines of a staff without any stretch in common with each other, yet the staff is plain where the rest run.
    private static func sharedByThree(_ group: [LineCandidate]) -> Double {
        // Line ends as (x, +1 for a start, -1 for an end); at one x, starts come first.
        let events: [(x: Int, step: Int)] = group.flatMap { line -> [(x: Int, step: Int)] in [(line.left, 1), (line.right, -1)] }
            .sorted { a, b in a.x != b.x ? a.x < b.x : a.step > b.step }
        var count = 0, start = 0, longest = 0
        for (x, step) in events {
            if step < 0, count >= 3 { longest = max(longest, x - start) }
            count += step
            if step > 0, count == 3 { start = x }
        }
        return Double(longest)
    }

    /// Consecutive staves belong to one system when ink joins them: a systemic line, bracket or brace at the
    /// left edge, or barlines running through the gap between them.
    static func systems(from staves: [StaffCandidate], mask: InkMask) -> [[StaffCandidate]] {
        staves.runs { joined($0.last!, $1, mask: mask) }
    }

    private static func joined(_ a: StaffCandidate, _ b: StaffCandidate, mask: InkMask) -> Bool {
        let space = (a.space + b.space) / 2
        let from = Int(a.bottom.rounded()), to = Int(b.top.rounded())
        guard to > from else { return true }
        // A connection at the left edge: systemic barline, bracket or brace, looked for where the lines start (and
        // where two of them reach, when drop-outs ate the start of the others).
        // Bounds are clamped and may cross (a staff at the page edge, staves that barely overlap on a scan): then
        // there is nothing to look at, never an inverted range (issue 14: "Range requires lowerBound <= upperBound").
        // Ink three spaces further left is no bracket (margin or instrument names): a dark band of background at the
        // page edge (a photographed page) covers the gap too, and joins nothing.
        let outside = Int(3 * space)
        // The later start counts too: a piano or organ staff's lines can begin left of the start line, at its brace.
        var starts: [Int] = []
        for start in [min(a.left, b.left), min(a.reach, b.reach), max(a.left, b.left)] where !starts.contains(start) { starts.append(start) }
        for left in starts {
            let edgeFrom = max(0, left - Int(2.5 * space)), edgeTo = min(mask.width - 1, left + Int(1.5 * space))
            guard edgeFrom <= edgeTo else { continue }
            for x in edgeFrom...edgeTo where covered(mask, x: x, from: from, to: to, atLeast: 0.9)
                && x - outside >= 0 && !covered(mask, x: x - outside, from: from, to: to, atLeast: 0.5) { return true }
        }
        // Barlines drawn through the gap (staff groups without a start line), where both staves run.
        var crossings = 0
        let innerFrom = max(a.left, b.left) + Int(space), innerTo = min(a.right, b.right)
        // A barline is a thin stroke: the gap is paper a space and a half to either side of it (not so in a dark
        // band of background along the page edge).
        let aside = Int(1.5 * space)
        var x = innerFrom
        while x < innerTo {
            if covered(mask, x: x, from: from, to: to, atLeast: 0.95), !covered(mask, x: x - aside, from: from, to: to, atLeast: 0.5),
               !covered(mask, x: x + aside, from: from, to: to, atLeast: 0.5) {
                crossings += 1
                x += Int(space)
            } else {
                x += 1
            }
        }
        return crossings >= 2
    }

    /// True when at least `fraction` of the rows `from...to` have ink at column `x` (or its immediate neighbours);
    /// the count stops once the answer is certain.
    static func covered(_ mask: InkMask, x: Int, from: Int, to: Int, atLeast fraction: Double) -> Bool {
        guard to >= from else { return 0 >= fraction }
        let rows = Double(to - from + 1)
        let first = max(0, x - 1), last = min(mask.width - 1, x + 1)
        var inked = 0, missed = 0
        return mask.bits.withUnsafeBufferPointer { bits in
            for y in from...to {
                var hit = false
                if y >= 0 && y < mask.height && first <= last {
                    for c in first...last where bits[y * mask.width + c] != 0 { hit = true; break }
                }
                if hit { inked += 1 } else { missed += 1 }
                if Double(inked) / rows >= fraction { return true }
                if Double(Int(rows) - missed) / rows < fraction { return false }
            }
            return Double(inked) / rows >= fraction
        }
    }
}
