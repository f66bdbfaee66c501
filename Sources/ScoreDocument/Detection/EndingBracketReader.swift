import ScoreLayout

/// Finds first/second-ending brackets (voltas) over a system: horizontal lines above the top staff with a hook down
/// at the left or a label such as `1.` beneath them, at least four spaces long (ledger lines and their stems are
/// shorter).
enum EndingBracketReader {
    /// A horizontal line above the system.
    struct Line {
        var minX: Double, maxX: Double, y: Double
    }

    static func read(_ system: RepeatSignReader.System, drawing: PageDrawing, words: [PageWord], page: Int, into form: inout DrawnForm) {
        let space = system.space
        let top = system.staves[0].top
        let reach = max(system.previousBottom + 2 * space, top - 8 * space)
        let barsLeft = system.bars[0].left, barsRight = system.bars.last!.right
        // Horizontal pieces above the top staff, joined where they continue one another.
        var lines: [Line] = []
        for segment in drawing.segments.sorted(by: { $0.minX < $1.minX })
            where segment.isHorizontal && segment.thickness <= 0.3 * space && segment.y0 >= reach && segment.y0 <= top - 0.8 * space
            && segment.maxX >= barsLeft && segment.minX <= barsRight + space {
            if let n = lines.firstIndex(where: { abs($0.y - segment.y0) <= 0.2 * space && segment.minX <= $0.maxX + 0.5 * space }) {
                lines[n].maxX = max(lines[n].maxX, segment.maxX)
            } else {
                lines.append(Line(minX: segment.minX, maxX: segment.maxX, y: segment.y0))
            }
        }
        let hooks = drawing.segments.filter { $0.isVertical && $0.maxY - $0.minY >= 0.8 * space && $0.maxY - $0.minY <= 5 * space }
        for line in lines where line.maxX - line.minX >= 4 * space {
            let hooked = hooks.contains { abs(($0.x0 + $0.x1) / 2 - line.minX) <= 0.5 * space && abs($0.minY - line.y) <= 0.4 * space && $0.maxY - line.y <= 3.5 * space }
            let label = words.first {
                $0.top >= line.y - 0.5 * space && $0.top <= line.y + 3 * space && $0.left >= line.minX - 0.5 * space
                    && $0.left <= line.minX + 4 * space && passes($0.text) != nil
            }
            let first = system.layout.nearestBar(to: line.minX + space) ?? 0
            let last = system.layout.nearestBar(to: line.maxX - space) ?? first
            let firstIndex = system.firstIndex + first, lastIndex = system.firstIndex + max(first, last)
            let previous = form.endings.last
            let atHead = first == 0 && line.minX <= barsLeft + 12 * space
            if label == nil, !hooked, atHead, let previous, previous.last == firstIndex - 1 {
                // The bracket goes on from the previous system.
                form.endings[form.endings.count - 1].last = lastIndex
                continue
            }
            guard label != nil || hooked else { continue }
            var numbers = label.flatMap { passes($0.text) } ?? []
            if numbers.isEmpty {
                numbers = previous.map { $0.last == firstIndex - 1 ? [($0.passes.max() ?? 0) + 1] : [1] } ?? [1]
            }
            if let previous, previous.first == firstIndex { continue }
            form.endings.append(DrawnForm.Ending(first: firstIndex, last: lastIndex, passes: numbers, page: page))
        }
    }

    /// The passes an ending label names: `1.` → [1], `2` → [2], `1.2.` or `1.,2.` or `1-2` → [1, 2]; nil otherwise.
    static func passes(_ text: String) -> [Int]? {
        let trimmed = text.trimmingCharacters(in: ["(", ")", "[", "]"])
        // "12" is a bar number; "1.2." or "1,2" names two passes.
        guard trimmed.count == 1 || trimmed.contains(where: { ".,-–".contains($0) }) else { return nil }
        var numbers: [Int] = [], range = false
        for character in trimmed {
            if let digit = character.wholeNumberValue, character.isASCII {
                if range, let from = numbers.last, digit > from, digit - from <= 8 { numbers += (from + 1)...digit } else { numbers.append(digit) }
                range = false
            } else if character == "-" || character == "–" {
                range = true
            } else if character != "." && character != "," {
                return nil
            }
        }
        guard !numbers.isEmpty, numbers.allSatisfy({ (1...9).contains($0) }), numbers == numbers.sorted(), Set(numbers).count == numbers.count else { return nil }
        return numbers
    }
}

private extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
