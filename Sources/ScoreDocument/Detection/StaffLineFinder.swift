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
            var band = [(y, first)]
            var next = y + 1
            while next < mask.height, let r = runs[next], r.start <= band.last!.1.end, r.end >= band.last!.1.start {
                band.append((next, r))
                next += 1
            }
            if band.count <= maxThickness {
                let centre = Double(band.first!.0 + band.last!.0) / 2
                let left = band.map(\.1.start).min()!, right = band.map(\.1.end).max()!
                result.append(LineCandidate(y: centre, thickness: band.count, left: left, right: right))
            }
            y = next
        }
        return result
    }
}
