/// Reads complete chord symbols: root, suffix and optional slash bass (`Bbsus4/F`, `E♭7#9/G`, `C6/9`).
///
/// The root and bass use the pitch-class spelling rules (`F#`, `Bb`, `E♭`, `Cx`); accidentals after the root are
/// read greedily, so `Cb5` is a C-flat power chord (write `C(b5)` for a C major triad with a flat fifth).
/// A `/` followed by a digit belongs to the suffix (`6/9`); any other `/` introduces the bass.
/// The suffix is first looked up among the catalogue symbols and aliases, then read component by component
/// (``ChordSuffixReader``). Inputs longer than ``maximumLength`` characters are rejected before any reading.
/// Error offsets count characters of the input with surrounding whitespace removed.
package enum ChordSymbolParser {
    /// The longest chord symbol accepted.
    package static let maximumLength = 64

    /// Parses a full chord symbol.
    package static func parse(_ text: String) throws -> Chord {
        do {
            return try LatinNoteNames.reading(text, parseSymbol)
        } catch let TheoryError.invalidChordSymbol(input, reason, offset, nil) {
            throw TheoryError.invalidChordSymbol(input: input, reason: reason, offset: offset, suggestion: nearestSymbol(to: input))
        }
    }

    /// The catalogue symbol nearest to a symbol that could not be read (same root and bass, the suffix within a few
    /// edits, compared without case), if one reads.
    package static func nearestSymbol(to input: String) -> String? {
        let chars = Array(input)
        var i = 0
        guard chars.count <= maximumLength, (try? SpellingParser.parsePrefix(chars, &i, input: input)) != nil else { return nil }
        let root = String(chars[..<i])
        var rest = String(chars[i...])
        var bass = ""
        if let slash = rest.lastIndex(of: "/"), rest.index(after: slash) < rest.endIndex,
           Letter(character: rest[rest.index(after: slash)]) != nil {
            bass = String(rest[slash...])
            rest = String(rest[..<slash])
        }
        let target = Array(rest.lowercased().filter { $0 != " " && $0 != "." })
        guard !target.isEmpty, target.count <= 24 else { return nil }
        var best: (String, Int)? = nil
        let limit = Swift.max(1, Swift.min(2, target.count / 3))
        for (key, characters) in ChordCatalog.lowercasedSuffixKeys where abs(characters.count - target.count) <= 2 {
            // The first key at the smallest distance: a later one must be strictly nearer.
            if let d = ChordCatalog.editDistance(target, characters, atMost: Swift.min(limit, (best?.1 ?? Int.max) - 1)) { best = (key, d) }
        }
        guard let (key, _) = best, (try? parseSymbol(root + key + bass)) != nil else { return nil }
        return root + key + bass
    }

    private static func parseSymbol(_ text: String) throws -> Chord {
        if text.count > maximumLength + 16 {
            throw TheoryError.tooLong(what: "a chord symbol", length: text.count, limit: maximumLength)
        }
        let input = text.trimmingWhitespace()
        if input.isEmpty { throw TheoryError.empty(what: "a chord symbol such as Cmaj7 or F#m7b5") }
        if input.count > maximumLength {
            throw TheoryError.tooLong(what: "a chord symbol", length: input.count, limit: maximumLength)
        }
        let chars = Array(input)
        var i = 0
        let root: PitchClass
        do {
            root = try readNote(chars, &i, input: input, role: "root")
        } catch {
            // "F#b9sus": F#b is no note, so the flat belongs to the suffix (the only reading).
            guard let (note, end) = try? readPlainRoot(chars, input: input) else { throw error }
            root = note
            i = end
        }
        let remainder = String(chars[i...])
        if let t = ChordCatalog.bySuffix[remainder] {
            return Chord(root: root, type: t)
        }
        if let degrees = ChordCatalog.peerSuffixes[remainder] {
            return Chord(root: root, type: try ChordCatalog.degrees(degrees))
        }
        if remainder.first?.isWhitespace == true {
            let name = remainder.trimmingWhitespace().lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if let value = ChordCatalog.peerNames[name] { return Chord(root: root, type: try ChordCatalog.peerType(value)) }
            if let type = ChordCatalog.byName[name] { return Chord(root: root, type: type) }
            // Lead sheets leave a space before a component ("C add9"): read the rest as a suffix.
            let trimmed = Array(remainder.trimmingWhitespace())
            if !trimmed.contains("/"), !trimmed.contains(where: \.isLetter) || ChordGrammar.Keyword.allCases.contains(where: {
                String(trimmed.prefix($0.rawValue.count)).lowercased() == $0.rawValue }) {
                var reader = ChordSuffixReader(trimmed, base: chars.count - trimmed.count, input: input)
                if let formula = try? reader.read() { return Chord(root: root, type: ChordType.resolve(formula: formula)) }
            }
            throw TheoryError.invalidChordSymbol(input: input, reason: "'\(TheoryError.excerpt(name, limit: 24))' is not a chord name", offset: i)
        }
        // Find the slash that introduces the bass (not the one of 6/9).
        var slash: Int? = nil
        var k = i
        while k < chars.count {
            if chars[k] == "/" && !(k + 1 < chars.count && chars[k + 1].isASCII && chars[k + 1].isNumber) {
                slash = k
                break
            }
            k += 1
        }
        var bass: PitchClass? = nil
        let suffixEnd = slash ?? chars.count
        if let slash {
            var j = slash + 1
            guard j < chars.count else {
                throw TheoryError.invalidChordSymbol(input: input, reason: "missing bass note after '/'", offset: slash,
                                                     suggestion: String(chars[..<slash]))
            }
            bass = try readNote(chars, &j, input: input, role: "bass")
            if j < chars.count {
                let rest = String(chars[j...])
                throw TheoryError.invalidChordSymbol(
                    input: input, reason: "unexpected '\(TheoryError.excerpt(rest, limit: 12))' after the bass note", offset: j)
            }
        }
        let suffix = String(chars[i..<suffixEnd])
        let type: ChordType
        if let t = ChordCatalog.bySuffix[suffix] {
            type = t
        } else {
            var reader = ChordSuffixReader(Array(chars[i..<suffixEnd]), base: i, input: input)
            type = ChordType.resolve(formula: try reader.read())
        }
        return Chord(root: root, type: type, bass: bass)
    }

    /// Parses a suffix alone (`m7b5`, `7(b9,#11)`); offsets in errors count from the start of the suffix.
    package static func parseSuffix(_ suffix: String) throws -> ChordType {
        if suffix.count > maximumLength {
            throw TheoryError.tooLong(what: "a chord suffix", length: suffix.count, limit: maximumLength)
        }
        if let t = ChordCatalog.bySuffix[suffix] { return t }
        if let degrees = ChordCatalog.peerSuffixes[suffix] { return try ChordCatalog.degrees(degrees) }
        return ChordType.resolve(formula: try ChordSuffixReader.formula(of: suffix))
    }

    /// The root as its letter and the run of one kind of accidental after it (`F#` of `F#b9sus`), and where it ends.
    private static func readPlainRoot(_ chars: [Character], input: String) throws -> (PitchClass, Int)? {
        guard let first = chars.first, chars.count > 1 else { return nil }
        let kind = chars[1]
        guard ["#", "♯"].contains(kind) else { return nil }
        var end = 1
        while end < chars.count, chars[end] == kind { end += 1 }
        var j = 0
        let prefix = Array(chars[..<end])
        let r = try SpellingParser.parsePrefix(prefix, &j, input: String(prefix))
        _ = first
        return j == end ? (PitchClass(r.letter, r.accidental), end) : nil
    }

    /// Reads a note name for the root or the bass, turning pitch errors into chord-symbol errors.
    private static func readNote(_ chars: [Character], _ i: inout Int, input: String, role: String) throws -> PitchClass {
        let start = i
        do {
            let r = try SpellingParser.parsePrefix(chars, &i, input: input)
            return PitchClass(r.letter, r.accidental)
        } catch let TheoryError.invalidPitch(_, reason, _) {
            var suggestion: String? = nil
            if chars[start] == "H" || chars[start] == "h" {
                var fixed = chars
                fixed[start] = "B"
                suggestion = String(fixed)
            }
            let offset = Swift.min(Swift.max(start, i - 1), chars.count - 1)
            throw TheoryError.invalidChordSymbol(input: input, reason: "bad \(role) note: \(reason)", offset: offset, suggestion: suggestion)
        }
    }
}

extension ChordType {
    /// The catalogue type with this formula, or a synthesized type whose symbol is a normalised suffix.
    package static func resolve(formula: [Interval]) -> ChordType {
        let sorted = formula.sorted { ($0.steps, $0.semitones) < ($1.steps, $1.semitones) }
        let key = sorted.map(\.degreeLabel).joined(separator: " ")
        if let t = ChordCatalog.byFormula[key] { return t }
        let peer = ChordCatalog.peerSuffixes.filter { $0.value == key }.keys.min { ($0.count, $0) < ($1.count, $1) }
        let suffix = synthesizedSuffix(for: sorted) ?? peer ?? "(\(key))"
        return ChordType(id: "custom:" + suffix, name: "Chord with degrees \(key)", symbol: suffix,
                         intervals: sorted, commonness: 3)
    }

    /// Writes a suffix for an uncatalogued formula: the closest catalogue type plus alterations and omissions,
    /// checked by reading it back (`7b9#11(no5)`, `13(add#9)`, `m7(b9,no5)`).
    package static func synthesizedSuffix(for target: [Interval]) -> String? {
        struct Base { var cost: Int; var type: ChordType; var extra: [Interval]; var omit: [Interval] }
        var bases: [Base] = []
        for t in ChordCatalog.all {
            let extra = target.filter { !t.formula.contains($0) }
            let missing = t.formula.filter { !target.contains($0) }
            let omit = missing.filter { m in !extra.contains { $0.steps == m.steps } }
            guard omit.allSatisfy({ $0.steps == 2 || $0.steps == 4 }) else { continue }
            let cost = extra.count * 3 + omit.count * 4 + (missing.count - omit.count) + t.symbol.count / 4
            bases.append(Base(cost: cost, type: t, extra: extra, omit: omit))
        }
        bases.sort { $0.cost < $1.cost }
        for b in bases.prefix(10) {
            let labels = b.extra.map { $0 == .M7 ? "addmaj7" : $0.degreeLabel }
            let omits = b.omit.map { "no" + String($0.number) }
            var candidates: [String] = []
            if !labels.isEmpty {
                candidates.append(b.type.symbol + labels.joined() + (omits.isEmpty ? "" : "(" + omits.joined(separator: ",") + ")"))
            }
            candidates.append(b.type.symbol + "(" + (labels + omits).joined(separator: ",") + ")")
            candidates.append(b.type.symbol + "(" + (labels.map { $0.hasPrefix("add") ? $0 : "add" + $0 } + omits).joined(separator: ",") + ")")
            // Tones the base implies and the target alters again, written out (dim7(b5,#11): both are asked for).
            let restated = target.filter { x in !b.extra.contains(x) && ChordGrammar.alterations[x.number]?.values.contains(x) == true }
            if !restated.isEmpty {
                candidates.append(b.type.symbol + "(" + (restated.map(\.degreeLabel) + labels + omits).joined(separator: ",") + ")")
            }
            for c in candidates where isFaithful(c, to: target) { return c }
        }
        return nil
    }

    private static func isFaithful(_ suffix: String, to target: [Interval]) -> Bool {
        guard let first = suffix.first, !"b#x♭♯𝄪𝄫♮/".contains(first), ChordCatalog.bySuffix[suffix] == nil,
              ChordCatalog.peerSuffixes[suffix] == nil else { return false }
        guard let formula = try? ChordSuffixReader.formula(of: suffix) else { return false }
        return formula == target
    }
}
