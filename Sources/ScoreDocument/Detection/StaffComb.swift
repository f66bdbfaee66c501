import Foundation

/// Staves read from how much ink each row holds in narrow vertical strips (projection profiles): a five-line comb
/// with the page's staff space laid over the profiles. It finds staves whose lines are too broken to run as long
/// lines — a bilevel scan whose thin lines the scanner's threshold left as dotted trails — and follows a staff's
/// lines past where the line finder lost them.
enum StaffComb {
    /// Ink pixels of each row in each strip of a band of rows.
    struct Profiles {
        let top: Int
        let rows: Int
        let strip: Int
        let strips: Int
        /// The mask's width: the last strip ends there, narrower than the others unless the width divides evenly.
        let columns: Int
        var counts: [Int32]

        /// The width of strip `s` in pixels.
        func width(_ s: Int) -> Int { min(strip, columns - s * strip) }

        /// The ink count of row `y` (page row) in strip `s`; 0 outside the band.
        @inline(__always) func count(_ s: Int, _ y: Int) -> Int32 {
            let r = y - top
            return r >= 0 && r < rows ? counts[s * rows + r] : 0
        }
    }

    /// The profiles of rows `rows` of `mask` in strips `strip` pixels wide (the last strip may be narrower).
    static func profiles(_ mask: InkMask, rows: Range<Int>, strip: Int) -> Profiles {
        let w = mask.width, strips = max(1, (w + strip - 1) / strip)
        let top = max(0, rows.lowerBound), bottom = min(mask.height, rows.upperBound), n = max(0, bottom - top)
        var counts = [Int32](repeating: 0, count: strips * n)
        mask.bits.withUnsafeBufferPointer { bits in
            counts.withUnsafeMutableBufferPointer { out in
                for r in 0..<n {
                    let row = bits.baseAddress! + (top + r) * w
                    for s in 0..<strips {
                        var x = s * strip, c = 0
                        let end = min(w, (s + 1) * strip)
                        // Eight pixels at a time.
                        while x + 8 <= end {
                            c += InkMask.inkedBytes(at: row + x).nonzeroBitCount
                            x += 8
                        }
                        while x < end { if row[x] != 0 { c += 1 }; x += 1 }
                        out[s * n + r] = Int32(c)
                    }
                }
            }
        }
        return Profiles(top: top, rows: n, strip: strip, strips: strips, columns: w, counts: counts)
    }

    /// The rows a five-line comb from row `top` (spaced `space`) reads in every strip: each line's row and the
    /// middle rows of the spaces above and below it, rounded once for all strips.
    struct Comb {
        let lines: [Int], above: [Int], below: [Int]

        init(top: Double, space: Double) {
            lines = (0..<5).map { k in Int((top + Double(k) * space).rounded()) }
            above = (0..<5).map { k in Int((top + (Double(k) - 0.5) * space).rounded()) }
            below = (0..<5).map { k in Int((top + (Double(k) + 0.5) * space).rounded()) }
        }
    }

    /// How many of the comb's five lines stand out in strip `s`: the line's row (the best of the rows within a
    /// pixel) is inked over at least a fifth of the strip, and over more than twice the ink of the middle rows of the
    /// spaces beside it (noteheads in the spaces, stems across everything, stand out less).
    static func linesStandingOut(_ p: Profiles, strip s: Int, comb: Comb, atLeast needed: Int = 0) -> Int {
        let width = Double(p.width(s))
        var standing = 0
        for k in 0..<5 {
            // Stop early once `needed` can no longer be reached (the count is then below it either way).
            if standing + (5 - k) < needed { break }
            let y = comb.lines[k]
            let line = Double(max(p.count(s, y - 1), p.count(s, y), p.count(s, y + 1)))
            guard line >= 0.2 * width else { continue }
            let above = k > 0 ? Double(p.count(s, comb.above[k])) : nil
            let below = k < 4 ? Double(p.count(s, comb.below[k])) : nil
            let mid = ((above ?? below!) + (below ?? above!)) / 2
            if line > 2 * mid { standing += 1 }
        }
        return standing
    }

    /// The longest run of strips (one strip that fails bridged) in which `fits` holds: first and last strip.
    static func longestRun(strips: Int, _ fits: (Int) -> Bool) -> (first: Int, last: Int)? {
        var best: (first: Int, last: Int)?, first = -1, last = -1, misses = 0
        for s in 0..<strips {
            if fits(s) {
                if first < 0 || misses > 1 { first = s }
                last = s
                misses = 0
                if best.map({ last - first > $0.last - $0.first }) ?? true { best = (first, last) }
            } else {
                misses += 1
            }
        }
        return best
    }

    /// Staves in rows `rows` of `mask` with staff space near `space`: combs where four of the five lines stand out
    /// in a run of strips (each two spaces wide) at least `minLength` pixels and ten spaces long — a passage of
    /// ledger lines is short beside a staff — the most lines standing out first, none overlapping another. Their
    /// lines span the run; their regularity is `StaffCandidate.inferredRegularity` (read from broken lines: doubtful).
    static func staves(in mask: InkMask, rows: Range<Int>, space: Double, minLength: Int) -> [StaffCandidate] {
        let strip = max(4, Int((2 * space).rounded()))
        let p = profiles(mask, rows: rows, strip: strip)
        let minStrips = max(Int((10 * space / Double(strip)).rounded(.up)), minLength / strip)
        var found: [(top: Double, space: Double, first: Int, last: Int, score: Int)] = []
        for candidate in [space, 0.96 * space, 1.04 * space] {
            var y = Double(p.top + 1)
            while y + 4 * candidate < Double(p.top + p.rows - 1) {
                let comb = Comb(top: y, space: candidate)
                if let run = longestRun(strips: p.strips, { linesStandingOut(p, strip: $0, comb: comb, atLeast: 4) >= 4 }),
                   run.last - run.first + 1 >= minStrips {
                    // A comb one space off a staff matches four of its lines; the staff itself matches five.
                    let score = (run.first...run.last).reduce(0) { $0 + linesStandingOut(p, strip: $1, comb: comb) }
                    found.append((y, candidate, run.first, run.last, score))
                }
                y += 1
            }
        }
        found.sort { ($0.score, $1.top) > ($1.score, $0.top) }
        var taken: [(top: Double, space: Double, first: Int, last: Int, score: Int)] = []
        for f in found where !taken.contains(where: { abs($0.top - f.top) < 5 * max($0.space, f.space) }) { taken.append(f) }
        return taken.sorted { $0.top < $1.top }.map { f in
            let left = f.first * strip, right = min(mask.width - 1, (f.last + 1) * strip - 1)
            let lines = (0..<5).map { k in
                LineCandidate(y: f.top + Double(k) * f.space, thickness: 1, left: left, right: right)
            }
            return StaffCandidate(lines: lines, left: left, right: right, regularity: StaffCandidate.inferredRegularity, reach: left)
        }
    }

    /// The staff moved by whole spaces (up to two) to where its five lines stand out most along its length: a staff
    /// put together from three or four broken lines may have been placed a space off.
    static func placed(_ staff: StaffCandidate, in mask: InkMask) -> StaffCandidate {
        let space = staff.space
        guard space >= 2, staff.lines.count == 5, staff.right > staff.left else { return staff }
        let strip = max(4, Int((2 * space).rounded()))
        let p = profiles(mask, rows: Int(staff.top - 3 * space)..<Int(staff.bottom + 3 * space + 2), strip: strip)
        let strips = (staff.left / strip)...min(p.strips - 1, staff.right / strip)
        // Each shift scored once; of equal scores the first (no shift, then the nearer) wins.
        let scores = [0, -1, 1, -2, 2].map { k in
            let comb = Comb(top: staff.top + Double(k) * space, space: space)
            return (k, strips.reduce(0) { $0 + linesStandingOut(p, strip: $1, comb: comb) })
        }
        let (best, score) = scores.max { $0.1 < $1.1 }!
        guard best != 0, score > scores[0].1 else { return staff }
        var moved = staff
        moved.lines = staff.lines.map { var line = $0; line.y += Double(best) * space; return line }
        return moved
    }

    /// The staff with its ends moved out over strips (a space wide) where at least three of its five lines stand
    /// out, across one strip where they do not: lines the threshold broke up beyond where the line finder could
    /// follow them.
    static func extended(_ staff: StaffCandidate, in mask: InkMask) -> StaffCandidate {
        let space = staff.space
        guard space >= 2, staff.lines.count == 5 else { return staff }
        let strip = max(3, Int(space.rounded()))
        let p = profiles(mask, rows: Int(staff.top - space)..<Int(staff.bottom + space + 2), strip: strip)
        let comb = Comb(top: staff.top, space: space)
        func fits(_ s: Int) -> Bool { linesStandingOut(p, strip: s, comb: comb, atLeast: 3) >= 3 }
        var result = staff
        var s = staff.left / strip - 1, misses = 0
        while s >= 0 && misses <= 1 {
            if fits(s) { result.left = s * strip; misses = 0 } else { misses += 1 }
            s -= 1
        }
        s = staff.right / strip + 1
        misses = 0
        while s < p.strips && misses <= 1 {
            if fits(s) { result.right = min(mask.width - 1, (s + 1) * strip - 1); misses = 0 } else { misses += 1 }
            s += 1
        }
        result.reach = min(result.reach, result.left)
        return result
    }
}
