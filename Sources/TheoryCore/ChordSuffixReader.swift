/// Reads the part of a chord symbol after the root (`m7b5`, `7(b9,#11)`, `MI7(add 11, omit 5)`) into a formula.
///
/// The reader follows the tables of ``ChordGrammar`` (documented in docs/theory.md, "Chord-symbol grammar"):
/// a head (quality, major-seventh marker, extension) that implies tones, then components in any order that alter,
/// add, omit or suspend them. The head is read by longest match; when the rest cannot be read after it, shorter
/// readings are tried (`madd9` is `m` + `add9`, `omit3` is no `o`), and the error of the longest reading is reported.
///
/// Semantics: the head implies tones (`9` implies 1 3 5 b7 9). An alteration replaces the implied tone on the same
/// staff degree (`13b9` drops the 9); `add` never replaces; `sus` replaces the implied third (an explicit `add3`
/// stays: `7sus(add3)`). Contradictions are errors rather than guesses: altering the extension's own degree (`9b9`),
/// a repeated component (`7b9b9`), `sus` with a minor quality, two sevenths (`m7(maj7)`, but `dim7(add maj7)` asks for
/// both), omitting a tone that is not there, and two tones of one pitch class unless both are written as altered
/// tones (`7(#5,b13)`; never `m#9`, whose #9 is the minor third). Every error carries the offset of the offending part.
package struct ChordSuffixReader {
    /// The characters of the suffix.
    let chars: [Character]
    /// Offset of `chars[0]` in the full input (for error offsets).
    let base: Int
    /// The full input, for messages.
    let input: String

    /// What a component does to the implied tones.
    enum Kind: Equatable {
        case alteration(Interval), add(Interval), omit(Int), sus(Interval), seventh([Interval])
    }

    /// A component as read: what it does, how it is written, and where (suffix offsets).
    struct Component {
        var kind: Kind
        var label: String
        var start: Int
        var end: Int
    }

    /// The position of the next character to read.
    var i = 0
    private var quality = ChordGrammar.Quality.none
    private var implied: [Interval] = []
    private var components: [Component] = []
    private var extensionNumber: Int? = nil
    private var extensionText = ""
    private var hasAlt = false
    private var altStart = 0
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
        var firstError: Error? = nil
        for head in headReadings() {
            var attempt = self
            do {
                return try attempt.read(head: head)
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        throw firstError ?? fail("the suffix cannot be read", at: 0)
    }

    // MARK: - Head

    private struct Head {
        var quality: ChordGrammar.QualityWord?
        var marker: ChordGrammar.QualityWord?
        var end: Int
    }

    /// The possible head readings, longest first; a word that ends inside a keyword is no reading (`ma` of `madd9`).
    private func headReadings() -> [Head] {
        var heads: [Head] = []
        for q in ChordGrammar.qualities.sorted(by: { $0.text.count > $1.text.count }) {
            guard matches(q.text, at: 0, anyCase: q.anyCase), !endsInsideKeyword(q.text.count) else { continue }
            let end = skipDot(after: q, at: q.text.count)
            if [.minor, .diminished, .augmented].contains(q.quality) {
                for m in ChordGrammar.majorSeventhMarkers where matches(m.text, at: end, anyCase: m.anyCase)
                    && !endsInsideKeyword(end + m.text.count) {
                    heads.append(Head(quality: q, marker: m, end: end + m.text.count))
                }
            }
            heads.append(Head(quality: q, marker: nil, end: end))
        }
        heads.append(Head(quality: nil, marker: nil, end: 0))
        return heads
    }

    private mutating func read(head: Head) throws -> [Interval] {
        i = head.end
        quality = head.quality?.quality ?? .none
        let majorSeventh = head.quality?.majorSeventh == true || head.marker != nil
        let seventhWithoutNumber = head.quality?.impliesSeventh == true || head.marker != nil
        switch quality {
        case .none, .major: implied = [.P1, .M3, .P5]
        case .minor: implied = [.P1, .m3, .P5]
        case .diminished: implied = [.P1, .m3, .d5]
        case .halfDiminished: implied = [.P1, .m3, .d5, .m7]
        case .augmented: implied = [.P1, .M3, .A5]
        }
        let seventh: Interval = majorSeventh ? .M7 : quality == .diminished ? .d7 : .m7
        let numberStart = i
        if let e = ChordGrammar.extensions.first(where: { matches($0.text, at: i, anyCase: false) }) {
            i += e.text.count
            extensionNumber = e.number
            extensionText = String(chars[0..<i])
            try imply(extension: e.number, seventh: seventh, at: numberStart)
        } else if seventhWithoutNumber {
            addImplied(seventh)
        }
        while i < chars.count {
            try readComponent()
        }
        if let start = groupStart {
            throw fail("unclosed parenthesis", at: start, suggestion: input.count <= 64 ? input + ")" : nil)
        }
        return try assemble()
    }

    private mutating func imply(extension number: Int, seventh: Interval, at numberStart: Int) throws {
        switch number {
        case 5 where quality == .augmented:
            break // `+5`, `aug5`: the augmented triad written with its fifth
        case 5:
            guard quality == .none else {
                throw fail("a power chord (5) has no third, so it cannot follow a quality", at: numberStart, suggestion: "5")
            }
            implied = [.P1, .P5]
        case 6: addImplied(.M6)
        case 69: addImplied(.M6); addImplied(.M9)
        case 7: addImplied(seventh)
        case 9: addImplied(seventh); addImplied(.M9)
        case 11: addImplied(seventh); addImplied(.M9); addImplied(.P11)
        default: // 13
            addImplied(seventh); addImplied(.M9)
            if quality == .minor || quality == .halfDiminished { addImplied(.P11) }
            addImplied(.M13)
        }
    }

    private mutating func addImplied(_ x: Interval) {
        if !implied.contains(x) { implied.append(x) }
    }

    // MARK: - Components

    private mutating func readComponent() throws {
        let c = chars[i]
        let inGroup = groupStart != nil
        switch c {
        case " ", "\t":
            i += 1
            return
        case "(":
            if inGroup { throw fail("nested parenthesis", at: i) }
            groupStart = i
            groupCount = 0
            i += 1
            return
        case ")":
            guard inGroup else { throw fail("')' without a matching '('", at: i) }
            if groupCount == 0 { throw fail("empty parentheses", at: i) }
            groupStart = nil
            i += 1
            return
        case ",":
            guard inGroup else { throw fail("',' separates alterations only inside parentheses", at: i) }
            i += 1
            return
        default:
            break
        }
        if inGroup { groupCount += 1 }
        let start = i
        if let k = keyword() {
            i += k.rawValue.count
            if i < chars.count, chars[i] == "." { i += 1 }
            switch k {
            case .sus: try readSus(start: start)
            case .add: try readAdd(start: start)
            case .omit, .no: try readOmit(start: start)
            case .alt, .altered: try readAlt(start: start)
            }
            return
        }
        if inGroup, try readSeventh(start: start, added: false) { return }
        if ChordGrammar.accidental(c) != nil {
            try readAlteration(start: start, inGroup: inGroup)
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
            guard let n = Int(digits), let x = ChordGrammar.added[n]?[0] else {
                throw fail("'\(digits)' is not an added degree (use 2, 4, 6, 9, 11 or 13)", at: start)
            }
            try record(.add(x), label: digits, start: start)
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
        if quality == .minor || quality == .halfDiminished || quality == .diminished {
            throw fail("'\(label)' replaces the third, so it contradicts the \(quality == .diminished ? "diminished" : "minor") quality", at: start)
        }
        try record(.sus(tone), label: label, start: start)
    }

    private mutating func readAdd(start: Int) throws {
        skipSpaces()
        if try readSeventh(start: start, added: true) { return }
        let accidentalStart = i
        var alteration = 0
        if i < chars.count, let a = ChordGrammar.accidental(chars[i]), !a.isSign {
            alteration = a.delta
            i += 1
            if i < chars.count, let b = ChordGrammar.accidental(chars[i]), !b.isSign {
                throw fail(b.delta == alteration ? "more than one accidental on a degree" : "mixes sharps and flats", at: i)
            }
        }
        let numberStart = i
        let digits = readDigits()
        guard !digits.isEmpty else { throw fail("expected a degree such as 9 or 11 after 'add'", at: numberStart) }
        let text = String(chars[accidentalStart..<i])
        guard let n = Int(digits), let x = ChordGrammar.added[n]?[alteration] else {
            throw fail("'add\(text)' is no added tone (add 2, 4, 6, b6, 9, b9, #9, 11, #11, 13 or b13; write 7 or maj7 for sevenths)",
                       at: start)
        }
        try record(.add(x), label: "add" + text, start: start)
    }

    private mutating func readOmit(start: Int) throws {
        skipSpaces()
        let numberStart = i
        let digits = readDigits()
        guard !digits.isEmpty else { throw fail("expected a degree such as 3 or 5 after 'omit'", at: numberStart) }
        guard let n = Int(digits), ChordGrammar.omittable.contains(n) else {
            throw fail("only plain degrees such as 3 or 5 can be omitted", at: start)
        }
        try record(.omit(n - 1), label: "no" + digits, start: start)
    }

    private mutating func readAlt(start: Int) throws {
        let plainSeventh = quality == .none && extensionNumber == 7
        let plainTriad = quality == .none && extensionNumber == nil
        guard !hasAlt, components.isEmpty, plainSeventh || plainTriad else {
            throw fail("'alt' only follows a plain dominant seventh", at: start, suggestion: "7alt")
        }
        hasAlt = true
        altStart = start
    }

    /// Reads `maj7`, `MA7`, `Δ9` … inside parentheses or after `add`; false when no major-seventh marker is here.
    private mutating func readSeventh(start: Int, added: Bool) throws -> Bool {
        guard let m = ChordGrammar.majorSeventhMarkers.sorted(by: { $0.text.count > $1.text.count })
            .first(where: { matches($0.text, at: i, anyCase: $0.anyCase) }),
              i + m.text.count < chars.count, chars[i + m.text.count].isNumber else { return false }
        i += m.text.count
        let numberStart = i
        let digits = readDigits()
        guard let n = Int(digits), [7, 9, 11, 13].contains(n), !(added && n != 7) else {
            throw fail("'\(String(m.text))\(digits)' is not understood; expected \(added ? "maj7" : "maj7, maj9, maj11 or maj13")",
                       at: numberStart)
        }
        if !added, implied.contains(where: { $0.steps == 6 }) || components.contains(where: { $0.kind.tones.contains { $0.steps == 6 } }) {
            throw fail("a second seventh: the chord already has one", at: start)
        }
        var tones: [Interval] = [.M7]
        if n >= 9 { tones.append(.M9) }
        if n >= 11 { tones.append(.P11) }
        if n >= 13 { tones.append(.M13) }
        try record(.seventh(tones), label: (added ? "add" : "") + "maj\(n)", start: start)
        return true
    }

    private mutating func readAlteration(start: Int, inGroup: Bool) throws {
        let first = ChordGrammar.accidental(chars[i])!
        i += 1
        if i < chars.count, let second = ChordGrammar.accidental(chars[i]) {
            let reason: String
            var fix: String? = nil
            if first.isSign || second.isSign {
                reason = "'\(chars[i - 1])' and '\(chars[i])' both alter the degree: write one accidental"
                fix = fixedInput(replacing: (first.isSign ? i - 1 : i)..<(first.isSign ? i : i + 1), with: "")
            } else {
                reason = first.delta == second.delta ? "more than one accidental on a degree" : "mixes sharps and flats"
            }
            throw fail(reason, at: i, suggestion: fix)
        }
        let numberStart = i
        let digits = readDigits()
        if digits.isEmpty {
            throw fail("dangling accidental: expected a degree such as 5, 9, 11 or 13 after '\(chars[start])'", at: start)
        }
        let text = String(chars[start..<i])
        let n = Int(digits) ?? 0
        if hasAlt { throw fail("'alt' already implies the altered tones", at: start) }
        if let x = ChordGrammar.alterations[n]?[first.delta] {
            if let ext = extensionNumber, ext == n || (ext == 69 && (n == 6 || n == 9)) {
                throw fail("'\(text)' contradicts the extension \(extensionText)", at: start)
            }
            try record(.alteration(x), label: x.degreeLabel, start: start)
        } else if inGroup, !first.isSign, let x = ChordGrammar.added[n]?[first.delta] {
            try record(.add(x), label: x.degreeLabel, start: start)
        } else {
            throw fail("'\(text)' is no alteration: only the 5th (b5 #5), 9th (b9 #9), 11th (#11) and 13th (b13) are altered",
                       at: numberStart)
        }
    }

    private mutating func record(_ kind: Kind, label: String, start: Int) throws {
        if components.contains(where: { $0.kind == kind }) {
            throw fail("'\(label)' appears twice", at: start)
        }
        components.append(Component(kind: kind, label: label, start: start, end: i))
    }

    // MARK: - Assembly

    /// Applies the components to the implied tones and checks the result.
    private func assemble() throws -> [Interval] {
        var tones = hasAlt ? ChordGrammar.alteredFormula : implied
        var explicit: [(Interval, Component)] = []
        for c in components {
            switch c.kind {
            case .sus(let x):
                tones.removeAll { $0.steps == 2 }
                explicit.append((x, c))
            case .alteration(let x):
                tones.removeAll { $0.steps == x.steps }
                explicit.append((x, c))
            case .add(let x): explicit.append((x, c))
            case .seventh(let xs): explicit += xs.map { ($0, c) }
            case .omit: break
            }
        }
        for c in components {
            guard case .omit(let steps) = c.kind else { continue }
            let before = tones.count
            tones.removeAll { $0.steps == steps }
            if tones.count == before {
                throw fail("there is no \(steps + 1) to omit", at: c.start, suggestion: fixedInput(removing: c))
            }
        }
        for (k, (x, c)) in explicit.enumerated() {
            if explicit[..<k].contains(where: { $0.0 == x }) {
                throw fail("'\(c.label)' appears twice", at: c.start, suggestion: fixedInput(removing: c))
            }
            if tones.contains(x) {
                throw fail("'\(c.label)' is already in the chord", at: c.start, suggestion: fixedInput(removing: c))
            }
        }
        // Two notes of one pitch class only when both are written as altered tones (7(#5,b13)).
        var all: [(Interval, Component?)] = tones.map { ($0, nil) }
        for (x, c) in explicit where !all.contains(where: { $0.0 == x }) { all.append((x, c)) }
        for (k, a) in all.enumerated() {
            for b in all[(k + 1)...] where floorMod(a.0.semitones - b.0.semitones, 12) == 0 {
                let altered = { (x: Interval, c: Component?) in c != nil && x.semitones != Interval.majorSemitones(steps: x.steps) }
                if altered(a.0, a.1) && altered(b.0, b.1) { continue }
                guard let (x, c, other) = b.1.map({ (b.0, $0, a.0) }) ?? a.1.map({ (a.0, $0, b.0) }) else {
                    throw fail("'\(extensionText)' would sound one note twice (\(a.0.degreeLabel) and \(b.0.degreeLabel))", at: 0)
                }
                let part = c.label == x.degreeLabel ? "'\(c.label)'" : "'\(c.label)' (\(x.degreeLabel))"
                throw fail("\(part) sounds the same note as the chord's \(other.degreeLabel)",
                           at: c.start, suggestion: fixedInput(removing: c))
            }
        }
        tones += explicit.map(\.0).filter { x in !tones.contains(x) }
        var unique: [Interval] = []
        for t in tones where !unique.contains(t) { unique.append(t) }
        if unique.count < 2 {
            throw fail("nothing is left of the chord but its root", at: chars.count - 1)
        }
        return unique.sorted { ($0.steps, $0.semitones) < ($1.steps, $1.semitones) }
    }
}

extension ChordSuffixReader.Kind {
    /// The tones a component writes (none for an omission).
    fileprivate var tones: [Interval] {
        switch self {
        case .alteration(let x), .add(let x), .sus(let x): return [x]
        case .seventh(let xs): return xs
        case .omit: return []
        }
    }
}
