/// Character-level helpers of ``ChordSuffixReader``: keywords, digits, case-insensitive matching, fixed-up inputs for
/// suggestions, and errors at an offset of the whole symbol.
extension ChordSuffixReader {

    func keyword() -> ChordGrammar.Keyword? {
        ChordGrammar.Keyword.allCases.first { matches(Array($0.rawValue), at: i, anyCase: true) }
    }

    /// True when a keyword starts before `end` and runs past it (so a head word ending at `end` would split it).
    func endsInsideKeyword(_ end: Int) -> Bool {
        for start in 0..<end {
            for k in ChordGrammar.Keyword.allCases where start + k.rawValue.count > end
                && matches(Array(k.rawValue), at: start, anyCase: true) {
                return true
            }
        }
        return false
    }

    func skipDot(after word: ChordGrammar.QualityWord, at end: Int) -> Int {
        word.anyCase && end < chars.count && chars[end] == "." ? end + 1 : end
    }

    mutating func skipSpaces() {
        while i < chars.count, chars[i] == " " { i += 1 }
    }

    mutating func readDigits() -> String {
        let s = i
        while i < chars.count, chars[i].isASCII, chars[i].isNumber, i - s < 4 { i += 1 }
        return String(chars[s..<i])
    }

    func matches(_ token: [Character], at position: Int, anyCase: Bool) -> Bool {
        guard position + token.count <= chars.count else { return false }
        for k in 0..<token.count {
            let a = chars[position + k], b = token[k]
            if a == b { continue }
            if anyCase, a.lowercased() == b.lowercased() { continue }
            return false
        }
        return true
    }

    func fixedInput(replacing range: Range<Int>, with s: String) -> String? {
        var all = Array(input)
        let lower = range.lowerBound + base, upper = range.upperBound + base
        guard lower >= 0, upper <= all.count else { return nil }
        all.replaceSubrange(lower..<upper, with: Array(s))
        return String(all)
    }

    /// The input without a component (and without parentheses it leaves empty, or a comma it leaves dangling).
    func fixedInput(removing c: Component) -> String? {
        guard var s = fixedInput(replacing: c.start..<c.end, with: "") else { return nil }
        for (bad, good) in [("()", ""), ("(,", "("), (",)", ")"), (",,", ",")] { s = s.replacing(bad, with: good) }
        return s
    }

    func fail(_ reason: String, at offset: Int, suggestion: String? = nil) -> TheoryError {
        .invalidChordSymbol(input: input, reason: reason, offset: base + Swift.max(0, offset), suggestion: suggestion)
    }
}
