/// A horizontal line of a page's drawing, its pieces joined: a staff-line candidate, in PDF points.
struct VectorLine {
    var y: Double
    var left: Double
    var right: Double
    var thickness: Double
    var length: Double { right - left }
}

/// A staff read from the drawing: its lines, evenly spaced, and where they start and end.
struct VectorStaff {
    var lines: [VectorLine]
    var top: Double { lines.first!.y }
    var bottom: Double { lines.last!.y }
    var space: Double { (bottom - top) / Double(max(1, lines.count - 1)) }
    var left: Double
    var right: Double
    /// How evenly the lines are spaced: 1 for perfectly even.
    var regularity: Double

    /// Joins the drawing's horizontal pieces lying on one line (within 0.2 pt, gaps under 2 pt) into lines, and
    /// keeps those at least `minLength` long and at most 3 pt thick.
    static func lines(from drawing: PageDrawing, minLength: Double = 24) -> [VectorLine] {
        var pieces = drawing.segments.filter { $0.isHorizontal && $0.thickness <= 3 }.map {
            VectorLine(y: ($0.y0 + $0.y1) / 2, left: $0.minX - $0.capExtension, right: $0.maxX + $0.capExtension,
                       thickness: $0.thickness)
        }
        // Sorted by height (a comparator that treats heights within 0.2 pt as equal is no strict weak order: pieces of
        // one line could end up apart); a row is the pieces within 0.2 pt of its first.
        pieces.sort { $0.y != $1.y ? $0.y < $1.y : $0.left < $1.left }
        var rows: [[VectorLine]] = []
        for piece in pieces {
            if let last = rows.last?.first, abs(last.y - piece.y) <= 0.2 { rows[rows.count - 1].append(piece) } else { rows.append([piece]) }
        }
        var result: [VectorLine] = []
        for row in rows {
            var merged: [VectorLine] = []
            for piece in row.sorted(by: { $0.left < $1.left }) {
                // Pieces of one line have one thickness: a beam or a filled box lying on a staff line stays apart.
                if let n = merged.lastIndex(where: { piece.left <= $0.right + 2
                    && abs(piece.thickness - $0.thickness) <= max(0.15, 0.3 * min(piece.thickness, $0.thickness)) }) {
                    merged[n].right = max(merged[n].right, piece.right)
                    merged[n].thickness = max(merged[n].thickness, piece.thickness)
                } else {
                    merged.append(piece)
                }
            }
            result += merged.filter { $0.length >= minLength }
        }
        return result.sorted { $0.y < $1.y }
    }

    /// Finds five-line staves: lines below one another at an even spacing (within 8 %), sharing most of their
    /// length, at most a third of a space thick and at least six spaces long (never a stack of ledger lines).
    static func staves(from lines: [VectorLine]) -> [VectorStaff] {
        var used = Array(repeating: false, count: lines.count)
        var staves: [VectorStaff] = []
        func overlap(_ a: VectorLine, _ b: VectorLine) -> Double {
            max(0, min(a.right, b.right) - max(a.left, b.left)) / max(0.001, max(a.length, b.length))
        }
        for i in lines.indices where !used[i] {
            let first = lines[i]
            var tried = 0
            var j = i + 1
            while j < lines.count, lines[j].y - first.y <= 20, tried < 4 {
                defer { j += 1 }
                guard !used[j], lines[j].y - first.y >= 1.5, overlap(first, lines[j]) >= 0.8 else { continue }
                tried += 1
                let space = lines[j].y - first.y
                let tolerance = max(0.15, 0.08 * space)
                var members = [i, j]
                for k in 2...4 {
                    let target = first.y + Double(k) * space
                    let found = lines.indices.filter {
                        !used[$0] && !members.contains($0) && abs(lines[$0].y - target) <= tolerance && overlap(first, lines[$0]) >= 0.8
                    }.min { abs(lines[$0].y - target) < abs(lines[$1].y - target) }
                    guard let found else { break }
                    members.append(found)
                }
                guard members.count == 5 else { continue }
                let group = members.map { lines[$0] }
                let realSpace = (group[4].y - group[0].y) / 4
                guard group.allSatisfy({ $0.thickness <= max(0.6, realSpace / 3) && $0.length >= 6 * realSpace }) else { continue }
                let worst = zip(group.dropFirst(), group).map { abs(($0.y - $1.y) - realSpace) }.max()!
                let lefts = group.map(\.left).sorted(), rights = group.map(\.right).sorted()
                staves.append(VectorStaff(lines: group, left: lefts[2], right: rights[2],
                                          regularity: max(0, 1 - worst / realSpace)))
                for m in members { used[m] = true }
                break
            }
        }
        return staves.sorted { $0.top < $1.top }
    }
}
