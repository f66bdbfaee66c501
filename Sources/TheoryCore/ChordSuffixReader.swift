/// Reads the part of a chord symbol after the root (`m7b5`, `7(b9,#11)`, `sus4add9`) into a formula.
///
/// The reader is a small tokenizer feeding a component accumulator:
///
/// 1. **Head** (only at the start): a quality — `maj M ma MA Δ △ ^ j` (major seventh marker), `m mi min MI -`
///    (minor), `dim ° º o`, `ø Ø` (half-diminished), `aug +` — optionally followed by a major-seventh marker
///    (`mM7`, `-Δ7`, `+maj7`, `dimM7`), then an extension number `5 6 69 6/9 7 9 11 13`.
/// 2. **Components**, in any order: alterations (`b5 #5 b9 #9 #11 b13`, also `-5 +5`), `sus`/`sus2`/`sus4`/`sus#4`,
///    `add9`, `omit5`/`no3`, `alt`, and parenthesised groups separated by commas or spaces, which may also
///    contain plain degrees (`(9)`, `(13)`) and a major seventh (`m(maj7)`).
///
/// Semantics: the head implies tones (`9` implies 1 3 5 b7 9). An altered degree replaces the implied tone on the
/// same staff degree (`13b9` drops the 9); `add` never replaces. Contradictions are errors rather than guesses:
/// altering the extension's own degree (`9b9`, `13b13`), a repeated component (`7b9b9`), `sus` with a minor quality
/// or an explicit third (`sus4add3` — write `add4`), two different sevenths (`m7(maj7)`), omitting a tone that is not
/// there. Every error carries the offset of the offending character.
package struct ChordSuffixReader {
    /// The characters of the suffix.
    let chars: [Character]
    /// Offset of `chars[0]` in the full input (for error offsets).
    let base: Int
    /// The full input, for messages.
    let input: String

    private var i = 0
    private var implied: [Interval] = []
    private var explicit: [Interval] = []
    private var extensionNumber: Int? = nil
    private var extensionText = ""
    private var hasMinorQuality = false
    private var hasSus = false
    private var hasAlt = false
    private var hasAlteration = false
    private var groupStart: Int? = nil
    private var groupCount = 0

    package init(_ chars: [Character], base: Int, input: String) {
        self.chars = chars
        self.base = base
        self.input = input
    }

    /// Reads the whole suffix and returns the formula (sorted), or throws `.invalidChordSymbol`.
    package static func formula(of suffix: String) throws -> [Interval] {
        var reader = ChordSuffixReader(Array(suffix), base: 0, input: suffix)
        return try reader.read()
    }

    /// Reads the whole suffix; the result is sorted by staff position.
    package mutating func read() throws -> [Interval] {
        try readHead()
        while i < chars.count {
            try readComponent()
        }
        if let start = groupStart {
            throw fail("unclosed parenthesis", at: start, suggestion: fixedInput(appending: ")"))
        }
        var tones = implied
        for e in explicit {
            if tones.contains(e) { continue }
            tones.append(e)
        }
        if tones.count < 2 {
            throw fail("nothing is left of the chord but its root", at: chars.count - 1)
        }
        return tones.sorted { ($0.steps, $0.semitones) < ($1.steps, $1.semitones) }
    }

    // MARK: - Head

    private static let majorMarkers = ["maj", "Maj", "MAJ", "MA", "Ma", "ma", "M", "Δ", "△", "^", "j"].map { Array($0) }
    private static let afterQualityMajorMarkers = ["maj", "Maj", "MAJ", "MA", "ma", "M", "Δ", "△", "^"].map { Array($0) }
    private static let minorMarkers = ["min", "MIN", "mi", "MI", "m", "-"].map { Array($0) }
    private static let dimMarkers = ["dim", "°", "º", "o"].map { Array($0) }
    private static let halfDimMarkers = ["ø", "Ø"].map { Array($0) }
    private static let augMarkers = ["aug", "+"].map { Array($0) }
    private static let keywords = ["sus", "add", "omit", "no", "alt"].map { Array($0) }

    private enum Quality { case none, major, minor, diminished, halfDiminished, augmented }

    private mutating func readHead() throws {
        var quality = Quality.none
        var majorSeventh = false
        var impliedSeventhWithoutNumber = false
        let startsWithKeyword = Self.keywords.contains { matches($0) }
        let minorBeforeKeyword = i < chars.count && chars[i] == "m" && Self.keywords.contains { matches(Array("m") + $0) }
        if !startsWithKeyword {
            if !minorBeforeKeyword, let m = longest(Self.majorMarkers) {
                quality = .major
                majorSeventh = true
                let text = String(m)
                impliedSeventhWithoutNumber = ["Δ", "△", "^", "j"].contains(text)
                i += m.count
            } else if let m = longest(Self.minorMarkers) {
                quality = .minor
                i += m.count
            } else if let m = longest(Self.dimMarkers) {
                quality = .diminished
                i += m.count
            } else if let m = longest(Self.halfDimMarkers) {
                quality = .halfDiminished
                i += m.count
            } else if let m = longest(Self.augMarkers) {
                quality = .augmented
                i += m.count
            }
            if quality == .minor || quality == .diminished || quality == .augmented,
               !Self.keywords.contains(where: { matches($0) }),
               let m = longest(Self.afterQualityMajorMarkers) {
                majorSeventh = true
                impliedSeventhWithoutNumber = true
                i += m.count
            }
        }
        hasMinorQuality = quality == .minor || quality == .halfDiminished
        switch quality {
        case .none, .major: implied = [.P1, .M3, .P5]
        case .minor: implied = [.P1, .m3, .P5]
        case .diminished: implied = [.P1, .m3, .d5]
        case .halfDiminished: implied = [.P1, .m3, .d5, .m7]
        case .augmented: implied = [.P1, .M3, .A5]
        }
        let seventh: Interval = majorSeventh ? .M7 : quality == .diminished ? .d7 : .m7
        let numberStart = i
        guard let number = readExtensionNumber() else {
            if impliedSeventhWithoutNumber { addImplied(seventh) }
            return
        }
        extensionNumber = number
        extensionText = String(chars[0..<i])
        switch number {
        case 5 where quality == .augmented:
            break // `+5`, `aug5`: the augmented triad written with its fifth
        case 5:
            guard quality == .none else {
                throw fail("a power chord (5) has no third, so it cannot follow a quality", at: numberStart,
                           suggestion: "5")
            }
            implied = [.P1, .P5]
        case 6: addImplied(.M6)
        case 69: addImplied(.M6); addImplied(.M9)
        case 7: addImplied(seventh)
        case 9: addImplied(seventh); addImplied(.M9)
        case 11: addImplied(seventh); addImplied(.M9); addImplied(.P11)
        default: // 13
            addImplied(seventh); addImplied(.M9)
            if hasMinorQuality { addImplied(.P11) }
            addImplied(.M13)
        }
    }

    /// Reads `69`, `6/9`, `13`, `11`, `9`, `7`, `6`, `5`; throws on other digit runs; `nil` when no digit follows.
    private mutating func readExtensionNumber() -> Int? {
        guard i < chars.count, chars[i].isASCII, chars[i].isNumber else { return nil }
        if matches(Array("6/9")) { i += 3; return 69 }
        if matches(Array("69")) { i += 2; return 69 }
        if matches(Array("13")) { i += 2; return 13 }
        if matches(Array("11")) { i += 2; return 11 }
        switch chars[i] {
        case "5": i += 1; return 5
        case "6": i += 1; return 6
        case "7": i += 1; return 7
        case "9": i += 1; return 9
        default: return nil
        }
    }

    private mutating func addImplied(_ x: Interval) {
        if !implied.contains(x) { implied.append(x) }
    }

    // MARK: - Components

    private mutating func readComponent() throws {
        let c = chars[i]
        let inGroup = groupStart != nil
        if c == "(" {
            if inGroup { throw fail("nested parenthesis", at: i) }
            groupStart = i
            groupCount = 0
            i += 1
            return
        }
        if c == ")" {
            guard inGroup else { throw fail("')' without a matching '('", at: i) }
            if groupCount == 0 { throw fail("empty parentheses", at: i) }
            groupStart = nil
            i += 1
            return
        }
        if c == "," || c == " " {
            guard inGroup else { throw fail("'\(c)' separates alterations only inside parentheses", at: i) }
            i += 1
            return
        }
        if inGroup { groupCount += 1 }
        let start = i
        if matches(Array("sus")) { i += 3; try readSus(start: start); return }
        if matches(Array("add")) {
            i += 3
            let (interval, label) = try readDegree(after: "add", start: start)
            if interval.steps == 2 && hasSus {
                throw fail("'add\(label)' contradicts 'sus', which replaces the third", at: start,
                           suggestion: fixedInput(replacing: start..<i, with: "").map { $0.replacingSus() })
            }
            if [0, 4, 6].contains(interval.steps) || (interval.steps == 2 && interval.semitones == 4 && implied.contains(.M3)) {
                throw fail("'add\(label)' does not add a new tone (write 7 or maj7 for sevenths)", at: start)
            }
            try addExplicit(interval, label: "add" + label, at: start)
            return
        }
        if matches(Array("omit")) || matches(Array("no")) {
            i += matches(Array("omit")) ? 4 : 2
            let (interval, label) = try readDegree(after: "omit", start: start)
            guard interval.semitones == Interval.majorSemitones(steps: interval.steps), interval.steps > 0 else {
                throw fail("only plain degrees such as 3 or 5 can be omitted", at: start)
            }
            let before = implied.count
            implied.removeAll { $0.steps == interval.steps }
            if implied.count == before {
                throw fail("there is no \(label) to omit", at: start)
            }
            return
        }
        if matches(Array("alt")) {
            let plainSeventh = implied == [.P1, .M3, .P5, .m7] && extensionNumber == 7
            let plainTriad = implied == [.P1, .M3, .P5] && extensionNumber == nil
            guard !hasAlt, !hasAlteration, explicit.isEmpty, plainSeventh || plainTriad else {
                throw fail("'alt' only follows a plain dominant seventh", at: start, suggestion: "7alt")
            }
            i += 3
            hasAlt = true
            implied = [.P1, .M3, .m7, .m9, .A9, .A11, .m13]
            return
        }
        if inGroup, let m = longest(Self.afterQualityMajorMarkers), i + m.count < chars.count,
           chars[i + m.count].isASCII, chars[i + m.count].isNumber {
            i += m.count
            let numberStart = i
            let digits = readDigits()
            guard ["7", "9", "11", "13"].contains(digits) else {
                throw fail("'\(String(m))\(digits)' is not understood; expected maj7, maj9, maj11 or maj13", at: numberStart)
            }
            if implied.contains(where: { $0.steps == 6 }) || explicit.contains(where: { $0.steps == 6 }) {
                throw fail("a second seventh: the chord already has one", at: start)
            }
            try addExplicit(.M7, label: "maj7", at: start)
            let n = Int(digits)!
            if n >= 9 { try addExplicit(.M9, label: "9", at: start) }
            if n >= 11 { try addExplicit(.P11, label: "11", at: start) }
            if n >= 13 { try addExplicit(.M13, label: "13", at: start) }
            return
        }
        if "b♭#♯+-".contains(c) {
            try readAlteration(start: start)
            return
        }
        if c.isASCII && c.isNumber {
            let digits = readDigits()
            guard inGroup else {
                let after = extensionText.isEmpty ? "the root" : "'\(extensionText)'"
                let fix = digits == "4" || digits == "2" ? "sus" + digits : ""
                throw fail("the extension '\(digits)' is not understood after \(after)", at: start,
                           suggestion: fixedInput(replacing: start..<i, with: fix))
            }
            guard let n = Int(digits), [2, 4, 6, 9, 11, 13].contains(n) else {
                throw fail("'\(digits)' is not an added degree (use 2, 4, 6, 9, 11 or 13)", at: start)
            }
            let interval = Interval(steps: n - 1, semitones: Interval.majorSemitones(steps: n - 1))
            try addExplicit(interval, label: digits, at: start)
            return
        }
        throw fail("'\(c)' is not understood here", at: i)
    }

    private mutating func readSus(start: Int) throws {
        var tone = Interval.P4
        var label = "sus4"
        if i < chars.count {
            if chars[i] == "2" { tone = .M2; label = "sus2"; i += 1 }
            else if chars[i] == "4" { i += 1 }
            else if chars[i] == "#" || chars[i] == "♯", i + 1 < chars.count, chars[i + 1] == "4" {
                tone = .A4; label = "sus#4"; i += 2
            }
        }
        if hasMinorQuality {
            throw fail("'\(label)' replaces the third, so it contradicts the minor quality", at: start)
        }
        if explicit.contains(where: { $0.steps == 2 }) {
            throw fail("'\(label)' contradicts the explicit third", at: start)
        }
        implied.removeAll { $0.steps == 2 }
        hasSus = true
        try addExplicit(tone, label: label, at: start)
    }

    private mutating func readAlteration(start: Int) throws {
        var alteration = 0
        while i < chars.count, "b♭#♯+-".contains(chars[i]) {
            let c = chars[i]
            let delta = (c == "b" || c == "♭" || c == "-") ? -1 : 1
            if alteration != 0 && (delta > 0) != (alteration > 0) {
                throw fail("mixes sharps and flats", at: i)
            }
            alteration += delta
            i += 1
            if abs(alteration) > 2 { throw fail("more than two accidentals on a degree", at: i - 1) }
        }
        let numberStart = i
        let digits = readDigits()
        if digits.isEmpty {
            throw fail("dangling accidental: expected a degree such as 5, 9, 11 or 13 after '\(chars[start])'", at: start)
        }
        guard let n = Int(digits), (2...13).contains(n), n != 8, n != 1 else {
            throw fail("'\(digits)' is not an alterable degree (use 5, 9, 11 or 13)", at: numberStart)
        }
        if hasAlt { throw fail("'alt' already implies the altered tones", at: start) }
        let interval = Interval(steps: n - 1, semitones: Interval.majorSemitones(steps: n - 1) + alteration)
        let label = interval.degreeLabel
        if let ext = extensionNumber, ext == n || (ext == 69 && (n == 6 || n == 9)) {
            throw fail("'\(String(chars[start..<i]))' contradicts the extension \(extensionText)", at: start)
        }
        implied.removeAll { $0.steps == interval.steps }
        hasAlteration = true
        try addExplicit(interval, label: label, at: start)
    }

    /// Reads accidentals and a degree number after `add`/`omit`.
    private mutating func readDegree(after keyword: String, start: Int) throws -> (Interval, String) {
        var alteration = 0
        let accidentalStart = i
        while i < chars.count, "b♭#♯".contains(chars[i]) {
            alteration += (chars[i] == "b" || chars[i] == "♭") ? -1 : 1
            i += 1
        }
        if abs(alteration) != i - accidentalStart { throw fail("mixes sharps and flats", at: accidentalStart) }
        if abs(alteration) > 2 { throw fail("more than two accidentals on a degree", at: accidentalStart) }
        let numberStart = i
        let digits = readDigits()
        guard !digits.isEmpty else {
            throw fail("expected a degree such as 9 or 11 after '\(keyword)'", at: numberStart)
        }
        guard let n = Int(digits), (1...13).contains(n), n != 8 else {
            throw fail("'\(digits)' is not a chord degree", at: numberStart)
        }
        let interval = Interval(steps: n - 1, semitones: Interval.majorSemitones(steps: n - 1) + alteration)
        return (interval, interval.degreeLabel)
    }

    private mutating func addExplicit(_ x: Interval, label: String, at offset: Int) throws {
        if explicit.contains(x) {
            throw fail("'\(label)' appears twice", at: offset)
        }
        if implied.contains(x) {
            throw fail("'\(label)' is already in the chord", at: offset)
        }
        explicit.append(x)
    }

    // MARK: - Helpers

    private mutating func readDigits() -> String {
        let s = i
        while i < chars.count, chars[i].isASCII, chars[i].isNumber, i - s < 4 { i += 1 }
        return String(chars[s..<i])
    }

    private func matches(_ token: [Character]) -> Bool {
        guard i + token.count <= chars.count else { return false }
        for k in 0..<token.count where chars[i + k] != token[k] { return false }
        return true
    }

    private func longest(_ tokens: [[Character]]) -> [Character]? {
        var best: [Character]? = nil
        for t in tokens where matches(t) && t.count > (best?.count ?? 0) { best = t }
        return best
    }

    private func fixedInput(appending s: String) -> String? {
        input.count <= 64 ? input + s : nil
    }

    private func fixedInput(replacing range: Range<Int>, with s: String) -> String? {
        var all = Array(input)
        let lower = range.lowerBound + base, upper = range.upperBound + base
        guard lower >= 0, upper <= all.count else { return nil }
        all.replaceSubrange(lower..<upper, with: Array(s))
        return String(all)
    }

    private func fail(_ reason: String, at offset: Int, suggestion: String? = nil) -> TheoryError {
        .invalidChordSymbol(input: input, reason: reason, offset: base + Swift.max(0, offset), suggestion: suggestion)
    }
}

extension String {
    /// `sus4` → `add4`, `sus2` → `add2` (for the suggestion after a contradictory `sus…add3`).
    fileprivate func replacingSus() -> String {
        var s = self
        if let r = s.firstRange(of: "sus2") { s.replaceSubrange(r, with: "add2") }
        else if let r = s.firstRange(of: "sus4") { s.replaceSubrange(r, with: "add4") }
        else if let r = s.firstRange(of: "sus") { s.replaceSubrange(r, with: "add4") }
        return s
    }
}
