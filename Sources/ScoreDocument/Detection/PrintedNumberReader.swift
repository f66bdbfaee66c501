import ScoreLayout

/// Reads the bar numbers and ending labels ("1.", "2.") an engraver printed, from a page's words and its layout.
///
/// A bar number stands above the top staff of its system: at the system's head (left of the middle of its first
/// bar, where engravers print them) or over a barline inside the system (numbers printed every bar or every few
/// bars; they number the bar that begins there). Only words that read as a bar number count (`12`, `12a`,
/// `(12)`); words below the system's top line, inside another system's reach or far from any barline are left
/// out. Of several numbers at one bar, the one nearest the staff's corner there wins (a bar number sits at the
/// staff's left end, an ending label after the clef, a page number higher up), and a number set noticeably
/// larger than the page's other bar numbers is none (a page number). An ending label is a small number with an
/// optional dot (`1.`, `2`) over the barline where the ending begins.
public enum PrintedNumberReader {
    /// What was read on the pages of a layout.
    public struct Reading: Hashable, Sendable {
        /// The bar numbers, tied to the bars' global indices in `layout`.
        public var numbers: [PrintedBarNumber] = []
        /// The ending labels, tied to the bars where the endings begin.
        public var endings: [PrintedEnding] = []
        /// What could not be read, for the user (OCR missing on a scan, say).
        public var warnings: [String] = []

        /// The reading with the ending brackets drawn on the page: each bracket's first bar begins an ending (its
        /// label's pass, or the one its place implies, where LilyPond draws the label from its music font and no
        /// text names it), and a small number there that names the bracket's pass is its label, not a bar number
        /// (abcm2ps sets the label "2" after the clef, where a system-head number would stand).
        public func with(brackets: [DrawnForm.Ending]) -> Reading {
            var result = self
            for bracket in brackets {
                guard let pass = bracket.passes.min() else { continue }
                result.numbers.removeAll {
                    $0.globalIndex == bracket.first && !$0.number.hasSuffix && bracket.passes.contains($0.number.value)
                }
                if !result.endings.contains(where: { $0.globalIndex == bracket.first }) {
                    result.endings.append(PrintedEnding(globalIndex: bracket.first, ordinal: pass))
                }
            }
            result.endings.sort { ($0.globalIndex, $0.ordinal) < ($1.globalIndex, $1.ordinal) }
            return result
        }
    }

    /// Reads the numbers on every page of `layout` from `words` (page number → that page's words).
    public static func read(layout: ScoreLayout, words: [Int: [PageWord]]) -> Reading {
        var reading = Reading()
        var globalIndex = 0
        for page in layout.pages {
            var candidates: [Candidate] = []
            for (s, system) in page.systems.enumerated() {
                let bars = system.bars ?? []
                defer { globalIndex += bars.count }
                guard !bars.isEmpty else { continue }
                let above = s > 0 ? page.systems[s - 1].bottom : -Double.infinity
                read(system, bars: bars, firstIndex: globalIndex, previousBottom: above, words: words[page.page] ?? [],
                     candidates: &candidates, endings: &reading.endings)
            }
            reading.numbers += nearest(inProgressLeftOut(ofSize(candidates)))
        }
        return reading
    }

    /// A word that may be a bar number, with what decides between several at one bar.
    struct Candidate {
        var number: PrintedBarNumber
        /// The distance in points from the word to the staff's corner at its bar (the top staff line at the bar's
        /// left edge): across plus above.
        var distance: Double
        /// The height of the word's box (its font size).
        var height: Double
        /// True for a number in parentheses ("(1)"): LilyPond's mark of a bar in progress.
        var parenthesized = false
    }

    /// The candidates without numbers in parentheses that name a bar in progress: "(1)" over an upbeat when the
    /// next bar prints 1 (LilyPond numbering every bar marks the bar the upbeat belongs to so). A parenthesized
    /// number alone (a bar broken across systems) stays.
    static func inProgressLeftOut(_ candidates: [Candidate]) -> [Candidate] {
        candidates.filter { candidate in
            !candidate.parenthesized || !candidates.contains {
                !$0.parenthesized && $0.number.globalIndex == candidate.number.globalIndex + 1 && $0.number.number == candidate.number.number
            }
        }
    }

    /// The candidates without those set noticeably larger than the page's bar numbers (a page number in a bigger
    /// font above the first system): taller than 1.15 times the median height, when at least two others agree on it.
    static func ofSize(_ candidates: [Candidate]) -> [Candidate] {
        guard candidates.count >= 3 else { return candidates }
        let heights = candidates.map(\.height).sorted()
        let median = heights[heights.count / 2]
        let typical = candidates.filter { $0.height <= 1.15 * median }
        return typical.count >= 2 ? typical : candidates
    }

    private static func read(_ system: SystemLayout, bars: [BarLayout], firstIndex: Int, previousBottom: Double,
                             words: [PageWord], candidates heads: inout [Candidate], endings: inout [PrintedEnding]) {
        let staff = system.staves?.first.map { $0.bottom - $0.top } ?? min(system.height, 40)
        let space = max(staff / 4, 1)
        let top = system.staves?.first?.top ?? system.top
        /// How far a word lies from the top staff line's point at `x`: across (0 over it) plus above.
        func distance(_ word: PageWord, x: Double) -> Double {
            max(0, word.left - x) + max(0, x - word.right) + max(0, top - word.bottom)
        }
        // Undotted labels at the system's head ("2" after the clef, as abcm2ps sets them): an ending only when another
        // number stands left of them there (the bar number), checked after all words are seen.
        var headLabels: [(PageWord, Int)] = []
        var headNumbers: [PageWord] = []
        defer {
            for (label, ordinal) in headLabels where headNumbers.contains(where: { $0.right < label.left && $0 != label }) {
                endings.append(PrintedEnding(globalIndex: firstIndex, ordinal: ordinal))
            }
        }
        for word in words {
            let middle = (word.top + word.bottom) / 2
            guard word.bottom <= system.top + space / 2, word.bottom >= system.top - 4 * staff,
                  system.top - middle < middle - previousBottom, word.height < 3 * staff else { continue }
            let first = bars[0]
            if let ordinal = endingOrdinal(word.text) {
                if let k = bars.indices.first(where: { word.left >= bars[$0].left - space && word.left <= bars[$0].left + 3 * space }),
                   k > 0 || word.text.contains(".") {
                    endings.append(PrintedEnding(globalIndex: firstIndex + k, ordinal: ordinal))
                } else if word.left > first.left + space, word.right <= first.left + 0.6 * first.width {
                    // After the clef at the system's head: a dotted label is an ending, an undotted one maybe.
                    if word.text.contains(".") {
                        endings.append(PrintedEnding(globalIndex: firstIndex, ordinal: ordinal))
                    } else {
                        headLabels.append((word, ordinal))
                    }
                }
            }
            guard let number = barNumber(word.text) else { continue }
            if word.right <= first.left + 0.6 * first.width, word.left >= first.left - 4 * staff {
                headNumbers.append(word)
                heads.append(Candidate(number: PrintedBarNumber(globalIndex: firstIndex, number: number, atSystemStart: true,
                                                                         ocrConfidence: word.ocrConfidence),
                                       distance: distance(word, x: first.left), height: word.height,
                                       parenthesized: word.text.hasPrefix("(")))
            } else if let k = bars.indices.dropFirst().first(where: {
                abs(word.left - bars[$0].left) <= 2 * space || abs(word.midX - bars[$0].left) <= 1.5 * space
            }) {
                heads.append(Candidate(number: PrintedBarNumber(globalIndex: firstIndex + k, number: number, atSystemStart: false,
                                                                         ocrConfidence: word.ocrConfidence),
                                       distance: distance(word, x: bars[k].left), height: word.height,
                                       parenthesized: word.text.hasPrefix("(")))
            }
        }
    }

    /// For each bar, the number nearest the staff's corner there (see `Candidate.distance`).
    static func nearest(_ candidates: [Candidate]) -> [PrintedBarNumber] {
        var best: [Int: Candidate] = [:]
        for candidate in candidates where best[candidate.number.globalIndex].map({ candidate.distance < $0.distance }) ?? true {
            best[candidate.number.globalIndex] = candidate
        }
        return best.values.map(\.number).sorted { $0.globalIndex < $1.globalIndex }
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
