import ScoreLayout

/// Reads the bar numbers and ending labels ("1.", "2.") an engraver printed, from a page's words and its layout.
///
/// A bar number stands above the top staff of its system: at the system's head (left of the middle of its first
/// bar, where engravers print them) or over a barline inside the system (numbers printed every bar or every few
/// bars; they number the bar that begins there). Only words that read as a bar number count (`12`, `12a`,
/// `(12)`); words below the system's top line, inside another system's reach or far from any barline are left
/// out. An ending label is a small number with an optional dot (`1.`, `2`) over the barline where the ending begins.
public enum PrintedNumberReader {
    /// What was read on the pages of a layout.
    public struct Reading: Hashable, Sendable {
        /// The bar numbers, tied to the bars' global indices in `layout`.
        public var numbers: [PrintedBarNumber] = []
        /// The ending labels, tied to the bars where the endings begin.
        public var endings: [PrintedEnding] = []
        /// What could not be read, for the user (OCR missing on a scan, say).
        public var warnings: [String] = []
    }

    /// Reads the numbers on every page of `layout` from `words` (page number → that page's words).
    public static func read(layout: ScoreLayout, words: [Int: [PageWord]]) -> Reading {
        var reading = Reading()
        var globalIndex = 0
        for page in layout.pages {
            for (s, system) in page.systems.enumerated() {
                let bars = system.bars ?? []
                defer { globalIndex += bars.count }
                guard !bars.isEmpty else { continue }
                let above = s > 0 ? page.systems[s - 1].bottom : -Double.infinity
                read(system, bars: bars, firstIndex: globalIndex, previousBottom: above, words: words[page.page] ?? [], into: &reading)
            }
        }
        return reading
    }

    private static func read(_ system: SystemLayout, bars: [BarLayout], firstIndex: Int, previousBottom: Double,
                             words: [PageWord], into reading: inout Reading) {
        let staff = system.staves?.first.map { $0.bottom - $0.top } ?? min(system.height, 40)
        let space = max(staff / 4, 1)
        // Of several numbers over one bar (a page number above the first system, say), the one nearest the staff.
        var heads: [(PrintedBarNumber, Double)] = []
        defer { reading.numbers += Self.nearest(heads) }
        for word in words {
            let middle = (word.top + word.bottom) / 2
            guard word.bottom <= system.top + space / 2, word.bottom >= system.top - 4 * staff,
                  system.top - middle < middle - previousBottom, word.height < 3 * staff else { continue }
            let first = bars[0]
            if let ordinal = endingOrdinal(word.text),
               let k = bars.indices.first(where: { word.left >= bars[$0].left - space && word.left <= bars[$0].left + 3 * space }),
               k > 0 || word.text.contains(".") {
                reading.endings.append(PrintedEnding(globalIndex: firstIndex + k, ordinal: ordinal))
            }
            guard let number = barNumber(word.text) else { continue }
            if word.right <= first.left + 0.6 * first.width, word.left >= first.left - 4 * staff {
                heads.append((PrintedBarNumber(globalIndex: firstIndex, number: number, atSystemStart: true), word.bottom))
            } else if let k = bars.indices.dropFirst().first(where: {
                abs(word.left - bars[$0].left) <= 2 * space || abs(word.midX - bars[$0].left) <= 1.5 * space
            }) {
                heads.append((PrintedBarNumber(globalIndex: firstIndex + k, number: number, atSystemStart: false), word.bottom))
            }
        }
    }

    /// For each bar, the number whose bottom lies lowest (nearest the staff below it).
    static func nearest(_ candidates: [(PrintedBarNumber, Double)]) -> [PrintedBarNumber] {
        var best: [Int: (PrintedBarNumber, Double)] = [:]
        for (number, bottom) in candidates where best[number.globalIndex].map({ bottom > $0.1 }) ?? true {
            best[number.globalIndex] = (number, bottom)
        }
        return best.values.map(\.0).sorted { $0.globalIndex < $1.globalIndex }
    }

    /// The bar number a word spells (`12`, `12a`, `(12)`, `[12]`), nil for anything else.
    static func barNumber(_ text: String) -> BarNumber? {
        var core = Substring(text)
        if let open = core.first, let close = core.last, core.count > 2, ["()", "[]"].contains(String([open, close])) {
            core = core.dropFirst().dropLast()
        }
        guard let first = core.first, first.isASCII, first.isNumber, core.count <= 7 else { return nil }
        return try? BarNumber(String(core))
    }

    /// The ending a label such as `1.`, `2` or `2.` names, nil for anything else.
    static func endingOrdinal(_ text: String) -> Int? {
        let core = text.hasSuffix(".") ? text.dropLast() : Substring(text)
        guard core.count == 1, let digit = core.first?.wholeNumberValue, (1...4).contains(digit) else { return nil }
        return digit
    }
}
