/// A major or minor key: a spelled tonic and a mode (`D major`, `F# minor`, theoretical `G# major`).
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// Major or minor.
    public enum Mode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// A major key (Ionian) or a minor key (natural minor signature).
        case major, minor
        public var description: String { rawValue }
    }

    /// Which minor scale a minor key harmonizes.
    public enum MinorForm: String, Sendable, Hashable, CaseIterable {
        /// Aeolian (the key signature's notes).
        case natural
        /// Raised seventh.
        case harmonic
        /// Raised sixth and seventh (ascending melodic minor).
        case melodic
    }

    /// The tonic.
    public let tonic: PitchClass
    /// Major or minor.
    public let mode: Mode

    /// Creates the key with a given signature (sharps positive, flats negative): `Key(signature: -3, .minor)`
    /// is C minor, `Key(signature: 8, .major)` G# major.
    public init(signature: Int, _ mode: Mode) {
        self.init(PitchClass(fifths: mode == .major ? signature : signature + 3), mode)
    }

    /// The 30 keys with at most seven sharps or flats: the majors from Cb to C#, then the minors from Ab to A#.
    public static let standardKeys: [Key] =
        (-7...7).map { Key(signature: $0, .major) } + (-7...7).map { Key(signature: $0, .minor) }

    /// The longest key name accepted by ``init(_:)``.
    public static let maximumTextLength = 32

    /// Creates a key from a tonic and a mode.
    public init(_ tonic: PitchClass, _ mode: Mode) {
        self.tonic = tonic
        self.mode = mode
    }

    /// Parses "D major", "f# minor", "Bb", "Eb major", "c minor", "G#m", "Abmaj", "E♭ minor", "A-minor".
    ///
    /// Without a mode word the case of the letter decides, as in classical notation: `D` is D major,
    /// `d` is D minor, `bb` is B-flat minor. Mode words: `major`, `maj`, `M`, `ionian`;
    /// `minor`, `min`, `m`, `aeolian`. Throws ``TheoryError/invalidKey(input:reason:suggestion:)``
    /// naming the bad part.
    public init(_ text: String) throws {
        self = try LatinNoteNames.reading(text) { try Key(english: $0) }
    }

    private init(english text: String) throws {
        let input = text.trimmingWhitespace()
        if input.isEmpty { throw TheoryError.empty(what: "a key such as D major or f# minor") }
        if input.count > Self.maximumTextLength {
            throw TheoryError.tooLong(what: "a key", length: input.count, limit: Self.maximumTextLength)
        }
        let chars = Array(input)
        guard let letter = Letter(character: chars[0]) else {
            let isH = chars[0] == "H" || chars[0] == "h"
            throw TheoryError.invalidKey(
                input: input,
                reason: isH ? "'H' is not a note letter (the German H is B)" : "'\(chars[0])' is not a note letter (A–G)",
                suggestion: isH ? String(chars[0] == "H" ? "B" : "b") + String(chars[1...]) : nil)
        }
        var i = 1
        let accidental = try AccidentalReader.read(chars, from: &i) { reason in
            .invalidKey(input: input, reason: reason.hasPrefix("more") ? "the tonic has \(reason)" : "the tonic \(reason)")
        }
        var rest = String(chars[i...]).trimmingWhitespace()
        if rest.first == "-" || rest.first == "_", rest.count > 1 { rest = String(rest.dropFirst()).trimmingWhitespace() }
        let tonic = PitchClass(letter, accidental)
        if rest.isEmpty {
            self.init(tonic, chars[0].isLowercase ? .minor : .major)
            return
        }
        guard let mode = Self.mode(fromWord: rest) else {
            let tonicText = String(chars[..<i])
            let nearest = Mode.allCases.min {
                ScaleType.editDistance(rest.lowercased(), $0.rawValue) < ScaleType.editDistance(rest.lowercased(), $1.rawValue)
            }
            let close = nearest.map { ScaleType.editDistance(rest.lowercased(), $0.rawValue) <= 3 } ?? false
            throw TheoryError.invalidKey(
                input: input,
                reason: "'\(TheoryError.excerpt(rest, limit: 16))' is not a mode (use major or minor)",
                suggestion: close ? "\(tonicText) \(nearest!.rawValue)" : nil)
        }
        self.init(tonic, mode)
    }

    private static func mode(fromWord word: String) -> Mode? {
        if word == "M" { return .major }
        if word == "m" { return .minor }
        switch word.lowercased() {
        case "major", "maj", "ionian", "dur": return .major
        case "minor", "min", "aeolian", "moll": return .minor
        default: return nil
        }
    }

    /// The key signature: sharps positive, flats negative (D major = 2, C minor = -3, G# major = 8, Fb major = -8).
    public var signature: Int { mode == .major ? tonic.fifths : tonic.fifths - 3 }

    /// The accidentals of the signature in the order they are written: F# C# G# … or Bb Eb Ab …;
    /// theoretical keys continue with doubles (G# major ends with F##, Fb major with Bbb).
    public var signatureAccidentals: [PitchClass] {
        let s = signature
        if s > 0 { return (0..<s).map { PitchClass(fifths: 6 + $0) } }
        return (0..<(-s)).map { PitchClass(fifths: -2 - $0) }
    }

    /// True for keys needing more than seven sharps or flats (G# major, Fb major).
    public var isTheoretical: Bool { abs(signature) > 7 }

    /// The key's scale: major, or natural minor.
    public var scale: Scale { Scale(tonic, mode == .major ? .major : .naturalMinor) }

    /// The scale of the given minor form (a major key ignores `minorForm`).
    public func scale(minorForm: MinorForm) -> Scale {
        guard mode == .minor else { return scale }
        switch minorForm {
        case .natural: return Scale(tonic, .naturalMinor)
        case .harmonic: return Scale(tonic, .harmonicMinor)
        case .melodic: return Scale(tonic, .melodicMinor)
        }
    }

    /// The key with the same signature and the other mode (C major ↔ A minor).
    public var relative: Key {
        switch mode {
        case .major: return Key(tonic.transposed(by: .M6), .minor)
        case .minor: return Key(tonic.transposed(by: .m3), .major)
        }
    }

    /// The key with the same tonic and the other mode (C major ↔ C minor).
    public var parallel: Key { Key(tonic, mode == .major ? .minor : .major) }

    /// "D major", "F# minor".
    public var description: String { name(.ascii) }

    /// The name with accidentals in the given style ("F♯ minor").
    public func name(_ style: AccidentalStyle) -> String { tonic.name(style) + " " + mode.rawValue }
}
