/// A horizontal staff-line candidate: a band of rows with a long, nearly unbroken run of ink.
struct LineCandidate {
    var y: Double          // centre row
    var thickness: Int     // rows
    var left: Int
    var right: Int
}

/// Finds long horizontal lines (staff-line candidates) in an ink mask.
enum StaffLineFinder {
    /// Lines whose longest run (gaps up to `gap` pixels bridged) is at least `minLength` pixels and whose
    /// band is at most `maxThickness` rows thick.
    static func lines(in mask: InkMask, minLength: Int, gap: Int, maxThickness: Int) -> [LineCandidate] {
        var runs: [(start: Int, end: Int)?] = Array(repeating: nil, count: mask.height)
        mask.bits.withUnsafeBufferPointer { bits in
            for y in 0..<mask.height {
                let row = y * mask.width
                var best = 0, bestStart = 0, bestEnd = 0
                var start = -1, last = -gap - 2
                for x in 0..<mask.width where bits[row + x] != 0 {
                    if start < 0 || x - last - 1 > gap { start = x }
                    last = x
                    if x - start + 1 > best { best = x - start + 1; bestStart = start; bestEnd = x }
                }
                if best >= minLength { runs[y] = (bestStart, bestEnd) }
            }
        }
        var result: [LineCandidate] = []
        var y = 0
        while y < mask.height {
            guard let first = runs[y] else { y += 1; continue }
            var band = [(y: y, run: first)]
            var next = y + 1
            while next < mask.height, let r = runs[next], r.start <= band.last!.run.end, r.end >= band.last!.run.start {
                band.append((next, r))
                next += 1
            }
            result += lines(inBand: band, maxThickness: maxThickness)
            y = next
        }
        return result
    }

    /// The lines of a band of adjacent long rows: the rows whose run is close to the band's longest (a beam or
    /// a row of noteheads lying against a staff line is shorter than the line), split where they are not
    /// adjacent, keeping those no thicker than `maxThickness`.
    private static func lines(inBand band: [(y: Int, run: (start: Int, end: Int))], maxThickness: Int) -> [LineCandidate] {
        let longest = band.map { $0.run.end - $0.run.start }.max()!
        let core = band.filter { Double($0.run.end - $0.run.start) >= 0.7 * Double(longest) }
        var groups: [[(y: Int, run: (start: Int, end: Int))]] = []
        for row in core {
            if let last = groups.last?.last, row.y == last.y + 1 { groups[groups.count - 1].append(row) } else { groups.append([row]) }
        }
        return groups.filter { $0.count <= maxThickness }.map { rows in
            LineCandidate(y: Double(rows.first!.y + rows.last!.y) / 2, thickness: rows.count,
                          left: rows.map(\.run.start).min()!, right: rows.map(\.run.end).max()!)
        }
    }
}
