import ScoreLayout

/// Finds repeat barlines in a system: pairs of dots in the middle spaces of the staves (drawn, or SMuFL characters)
/// beside a thick barline.
enum RepeatBarlineReader {
    /// A pair of repeat dots in one staff: their x and the staff.
    struct DotPair {
        var x: Double
        var staff: Int
    }

    static func read(_ system: RepeatSignReader.System, drawing: PageDrawing, symbols: [PageWord], page: Int, into form: inout DrawnForm) {
        let space = system.space
        let left = system.bars[0].left - space, right = system.bars.last!.right + space
        let dots = drawing.boxes.filter {
            $0.exact && $0.minX >= left - 2 * space && $0.maxX <= right + 2 * space
                && $0.width >= 0.25 * space && $0.width <= 1.0 * space && $0.height >= 0.25 * space && $0.height <= 1.0 * space
                && abs($0.width - $0.height) <= 0.4 * space
        }
        var pairs: [DotPair] = []
        for (s, staff) in system.staves.enumerated() {
            let upper = dots.filter { abs(($0.minY + $0.maxY) / 2 - (staff.top + 1.5 * space)) <= 0.3 * space }
            let lower = dots.filter { abs(($0.minY + $0.maxY) / 2 - (staff.top + 2.5 * space)) <= 0.3 * space }
            for a in upper {
                let ax = (a.minX + a.maxX) / 2
                if lower.contains(where: { abs(($0.minX + $0.maxX) / 2 - ax) <= 0.3 * space }),
                   !pairs.contains(where: { $0.staff == s && abs($0.x - ax) <= 0.3 * space }) {
                    pairs.append(DotPair(x: ax, staff: s))
                }
            }
        }
        // Repeat dots a music font draws as characters (SMuFL U+E044 repeatDot, U+E043 repeatDots), as MuseScore
        // writes them: their text boxes give x and the nearest staff.
        for symbol in symbols where symbol.text == "\u{E044}" || symbol.text == "\u{E043}" {
            let x = symbol.midX, middle = (symbol.top + symbol.bottom) / 2
            guard x >= left - 2 * space, x <= right + 2 * space, middle >= system.layout.top - 4 * space,
                  middle <= system.layout.bottom + 4 * space,
                  let s = system.staves.indices.min(by: { abs((system.staves[$0].top + system.staves[$0].bottom) / 2 - middle)
                      < abs((system.staves[$1].top + system.staves[$1].bottom) / 2 - middle) }),
                  !pairs.contains(where: { $0.staff == s && abs($0.x - x) <= 0.3 * space }) else { continue }
            pairs.append(DotPair(x: x, staff: s))
        }
        // Pairs at one x across the staves; kept where at least half of the staves have them.
        var columns: [(x: Double, staves: Set<Int>)] = []
        for pair in pairs.sorted(by: { $0.x < $1.x }) {
            if let n = columns.firstIndex(where: { abs($0.x - pair.x) <= 0.5 * space }) {
                columns[n].staves.insert(pair.staff)
            } else {
                columns.append((pair.x, [pair.staff]))
            }
        }
        let needed = (system.staves.count + 1) / 2
        let strokes = drawing.segments.filter { $0.isVertical }
        for column in columns where column.staves.count >= needed {
            let staff = system.staves[column.staves.min()!]
            // Strokes of the barline beside the dots: covering the staff, within 2.5 spaces.
            let near = strokes.filter {
                abs(($0.x0 + $0.x1) / 2 - column.x) <= 2.5 * space && abs(($0.x0 + $0.x1) / 2 - column.x) >= 0.2 * space
                    && $0.minY <= staff.top + 0.5 * space && $0.maxY >= staff.bottom - 0.5 * space
            }
            guard near.contains(where: { $0.thickness >= 0.3 * space }),
                  let nearest = near.min(by: { abs(($0.x0 + $0.x1) / 2 - column.x) < abs(($1.x0 + $1.x1) / 2 - column.x) }) else { continue }
            let strokeX = (nearest.x0 + nearest.x1) / 2
            guard let k = system.layout.nearestBar(to: column.x) else { continue }
            let sign: DrawnForm.Sign = strokeX > column.x ? .endRepeat : .startRepeat
            let mark = DrawnForm.Mark(bar: system.firstIndex + k, sign: sign, page: page, evidence: "barline with dots")
            if !form.marks.contains(where: { $0.bar == mark.bar && $0.sign == sign }) { form.marks.append(mark) }
        }
    }
}
