/// A roman numeral in a key: `V7`, `ii°`, `bVII`, `viiø7`, `V6/5`, `V7/V` (secondary), read to a chord and written back.
///
/// Grammar: `[b|#] NUMERAL [° | ø | +] [7 | maj7 | 6 | 64 | 6/4 | 65 | 6/5 | 43 | 4/3 | 42 | 4/2 | 2] [/ NUMERAL …]`.
/// The case of the numeral is the quality of the third (`V` major, `v` minor); `°` is diminished, `ø` half-diminished,
/// `+` augmented; `7` adds the seventh the quality takes (`V7` dominant, `ii7` minor, `vii°7` diminished, `viiø7`
/// half-diminished), `maj7` a major seventh. The root is the degree of the key's scale (natural minor in a minor key),
/// raised or lowered by a leading `#`/`b`. Figures give inversions (`6`, `64`; `65`, `43`, `42`); `/X` reads the
/// numeral in the key of `X` (major when `X` is upper case, minor when lower case).
public struct RomanNumeral: Hashable, Sendable, CustomStringConvertible {
    /// The text as written.
    public let text: String

    /// Parses a roman numeral; throws ``TheoryError/invalidChordSymbol(input:reason:offset:suggestion:)`` naming the part.
    public init(_ text: String) throws {
        let input = text.trimmingWhitespace()
        guard !input.isEmpty, input.count <= 32 else {
            throw TheoryError.invalidChordSymbol(input: input, reason: "expected a roman numeral such as V7 or ii°")
        }
        self.text = input
        for part in input.split(separator: "/", omittingEmptySubsequences: false) where !Self.isFigure(String(part)) {
            _ = try Self.parsePart(String(part), input: input)
        }
    }

    public var description: String { text }

    /// The chord this numeral names in a key (`V7/V` in G major is A7).
    public func chord(in key: Key) throws -> Chord {
        // "V6/5" is a figure, not a secondary numeral: glue figures back to their numeral.
        var parts: [String] = []
        for p in text.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            if Self.isFigure(p), let last = parts.popLast() { parts.append(last + p) } else { parts.append(p) }
        }
        var context = key
        for secondary in parts.dropFirst().reversed() {
            let p = try Self.parsePart(secondary, input: text)
            let root = Self.root(of: p, in: context)
            context = Key(root, p.upper ? .major : .minor)
        }
        return try Self.build(Self.parsePart(parts[0], input: text), in: context)
    }

    /// The numeral of a chord in a key, with its inversion figure (`D7` in G major → `V7`; `C/E` in C → `I6`).
    public static func of(_ chord: Chord, in key: Key) -> String {
        let scale = key.scale
        // A major or dominant chord outside the key a fifth above a degree is that degree's secondary dominant (V7/V).
        if ["major", "dominant-seventh"].contains(chord.type.id), chord.bass == nil,
           !chord.notes.allSatisfy(scale.pitchClasses.contains) {
            for target in 2...6 {
                let triad = scale.chord(onDegree: target)
                if triad.quality != .diminished, scale.degree(target).transposed(by: .P5) == chord.root {
                    return (chord.type.id == "major" ? "V" : "V7") + "/" + triad.roman
                }
            }
        }
        let steps = floorMod(chord.root.letter.rawValue - key.tonic.letter.rawValue, 7)
        let degreeNote = scale.degree(steps + 1)
        let shift = chord.root.accidental - degreeNote.accidental
        let prefix = shift > 0 ? String(repeating: "#", count: shift) : String(repeating: "b", count: -shift)
        let third = chord.intervals.first { $0.steps == 2 }
        let minor = third.map { $0.semitones < 4 } ?? false
        let numeral = numerals[steps]
        let suffix = romanSuffix[chord.type.id] ?? (chord.type.id == "major" || chord.type.id == "minor" ? "" : "(\(chord.type.symbol))")
        var figure = ""
        let inversion = chord.inversion
        let seventh = chord.intervals.count == 4 && chord.intervals.contains { $0.steps == 6 }
        if inversion > 0 {
            figure = seventh ? ["", "65", "43", "42"][min(inversion, 3)] : ["", "6", "64"][min(inversion, 2)]
        }
        var s = suffix
        if !figure.isEmpty, s.hasSuffix("7") { s.removeLast() }
        return prefix + (minor ? numeral.lowercased() : numeral) + s + figure
    }

    // MARK: - Reading

    private struct Part {
        var shift: Int
        var degree: Int
        var upper: Bool
        var mark: Character?
        var figure: String
    }

    private static let numerals = ["I", "II", "III", "IV", "V", "VI", "VII"]
    private static let figures = ["", "7", "maj7", "M7", "6", "64", "65", "43", "42", "2"]
    private static let romanSuffix: [String: String] = [
        "diminished": "°", "augmented": "+", "dominant-seventh": "7", "minor-seventh": "7", "major-seventh": "maj7",
        "half-diminished-seventh": "ø7", "diminished-seventh": "°7", "augmented-seventh": "+7", "minor-major-seventh": "(maj7)",
    ]

    private static func isFigure(_ s: String) -> Bool { ["4", "5", "3", "2"].contains(s) }

    private static func parsePart(_ part: String, input: String) throws -> Part {
        var chars = Array(part)
        var shift = 0
        while let c = chars.first, c == "b" || c == "#" || c == "♭" || c == "♯" {
            shift += (c == "b" || c == "♭") ? -1 : 1
            chars.removeFirst()
        }
        var letters = ""
        while let c = chars.first, "IViv".contains(c) { letters.append(c); chars.removeFirst() }
        guard let index = numerals.firstIndex(of: letters.uppercased()), abs(shift) <= 1,
              letters == letters.uppercased() || letters == letters.lowercased() else {
            throw TheoryError.invalidChordSymbol(input: input, reason: "'\(part)' is not a roman numeral (I to VII, with b or # before it)")
        }
        var mark: Character? = nil
        if let c = chars.first, "°oø+".contains(c) { mark = c == "o" ? "°" : c; chars.removeFirst() }
        let figure = String(chars.filter { $0 != "/" })
        guard figures.contains(figure) else {
            throw TheoryError.invalidChordSymbol(input: input, reason: "'\(String(chars))' after \(letters) is not a figure (7, maj7, 6, 64, 65, 43, 42)")
        }
        return Part(shift: shift, degree: index + 1, upper: letters == letters.uppercased(), mark: mark, figure: figure)
    }

    private static func root(of p: Part, in key: Key) -> PitchClass {
        var root = key.scale.degree(p.degree)
        root.accidental += p.shift
        return root
    }

    private static func build(_ p: Part, in key: Key) throws -> Chord {
        let root = root(of: p, in: key)
        let seventh = ["7", "maj7", "M7", "65", "43", "42", "2"].contains(p.figure)
        let majorSeventh = p.figure == "maj7" || p.figure == "M7"
        let suffix: String
        switch (p.upper, p.mark, seventh) {
        case (_, "°", false): suffix = "dim"
        case (_, "°", true): suffix = "dim7"
        case (_, "ø", _): suffix = "m7b5"
        case (_, "+", false): suffix = "+"
        case (_, "+", true): suffix = majorSeventh ? "+maj7" : "+7"
        case (true, _, false): suffix = ""
        case (true, _, true): suffix = majorSeventh ? "maj7" : "7"
        case (false, _, false): suffix = "m"
        case (false, _, true): suffix = majorSeventh ? "m(maj7)" : "m7"
        }
        var chord = Chord(root: root, type: try ChordType.named(suffix.isEmpty ? "major" : suffix))
        let inversion = ["6": 1, "64": 2, "65": 1, "43": 2, "42": 3, "2": 3][p.figure] ?? 0
        if inversion > 0, inversion < chord.notes.count { chord.bass = chord.notes[inversion] }
        return chord
    }
}
