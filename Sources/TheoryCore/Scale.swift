/// A scale on a root: a ``ScaleType`` rooted on a spelled ``PitchClass`` (`F# major`, `Fb melodic-minor`).
///
/// Notes are spelled by letter from the formula, never from semitones: F# major contains E#,
/// Gb major contains Cb, G# major ends on F##, and Fb melodic minor is Fb Gb Abb Bbb Cb Db Eb.
public struct Scale: Hashable, Sendable, CustomStringConvertible {
    /// The root (first degree).
    public let root: PitchClass
    /// The kind of scale.
    public let type: ScaleType

    /// Creates a scale from a root and a type.
    public init(_ root: PitchClass, _ type: ScaleType) {
        self.root = root
        self.type = type
    }

    /// Creates a scale from a root and a type name (see ``ScaleType/named(_:)``).
    public init(_ root: PitchClass, _ typeName: String) throws {
        self.init(root, try ScaleType.named(typeName))
    }

    /// Parses a root followed by a scale name: "F# major", "Bb harmonic minor", "C altered", "D".
    ///
    /// A bare root means the major scale.
    public init(_ text: String) throws {
        self = try LatinNoteNames.reading(text) { try Scale(english: $0) }
    }

    private init(english text: String) throws {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { throw TheoryError.empty(what: "a scale such as C major or F# harmonic minor") }
        let limit = SpellingParser.maximumLength + ScaleType.maximumNameLength
        if trimmed.count > limit { throw TheoryError.tooLong(what: "a scale", length: trimmed.count, limit: limit) }
        let chars = Array(trimmed)
        var i = 0
        let parsed = try SpellingParser.parsePrefix(chars, &i, input: trimmed)
        let rest = String(chars[i...]).trimmingWhitespace()
        let type = rest.isEmpty ? ScaleType.major : try ScaleType.named(rest)
        self.init(PitchClass(parsed.letter, parsed.accidental), type)
    }

    /// The number of notes per octave.
    public var count: Int { type.count }

    /// The notes in ascending order from the root, spelled from the formula.
    public var pitchClasses: [PitchClass] { type.formula.map { root.transposed(by: $0) } }

    /// True when the scale contains this exact spelling (`E#` is in F# major, `F` is not).
    public func contains(_ pitchClass: PitchClass) -> Bool { pitchClasses.contains(pitchClass) }

    /// True when the scale contains a note that sounds like this one (`F` sounds like `E#`).
    public func containsEnharmonic(_ pitchClass: PitchClass) -> Bool {
        pitchClasses.contains { $0.isEnharmonic(with: pitchClass) }
    }

    /// The 1-based position of this exact spelling in the scale, or `nil`.
    public func degree(of pitchClass: PitchClass) -> Int? {
        pitchClasses.firstIndex(of: pitchClass).map { $0 + 1 }
    }

    /// The note on degree `n` (1-based), wrapping around the octave: degree `count + 1` is the root again,
    /// degree 0 the last note.
    public func degree(_ n: Int) -> PitchClass {
        root.transposed(by: type.formula[floorMod(n - 1, count)])
    }

    /// The interval from the root to degree `n` (1-based), an octave higher for each wrap
    /// (degree 9 of a major scale is a M9, degree 0 a descending m2).
    public func interval(toDegree n: Int) -> Interval {
        let index = n - 1
        let octaves = floorDiv(index, count)
        let simple = type.formula[floorMod(index, count)]
        return Interval(steps: simple.steps + 7 * octaves, semitones: simple.semitones + 12 * octaves)
    }

    /// The pitch of degree `n` (1-based, wrapping with the octave) when the root sits in `octave`.
    public func pitch(degree n: Int, rootOctave octave: Int) -> Pitch {
        root.pitch(octave: octave).transposed(by: interval(toDegree: n))
    }

    /// One octave of the scale, ascending from the root in the given octave (``count`` pitches, root not repeated).
    public func pitches(from octave: Int) -> [Pitch] {
        (1...count).map { pitch(degree: $0, rootOctave: octave) }
    }

    /// `count` ascending scale pitches starting at `start` when it is in the scale, otherwise at the first
    /// scale pitch above it (`B3` in C major starts on `B3`; `Bb3` starts on `B3`).
    public func pitches(from start: Pitch, count: Int) -> [Pitch] {
        guard count > 0 else { return [] }
        // Two octaves below the start is below it whatever the accidentals; scale pitches rise with n.
        let rootOctave = start.octave - 2 - floorDiv(max(root.accidental, 0), 12)
        var n = 1
        var first = pitch(degree: n, rootOctave: rootOctave)
        while first < start {
            n += 1
            first = pitch(degree: n, rootOctave: rootOctave)
        }
        return (n..<(n + count)).map { pitch(degree: $0, rootOctave: rootOctave) }
    }

    /// The `n`th mode of the scale's type (see ``ScaleType/mode(_:)``): mode 2 of major is dorian.
    public func mode(_ n: Int) -> ScaleType { type.mode(n) }

    /// The scale rotated to start on degree `n`: C major rotated to degree 2 is D dorian.
    public func rotated(toDegree n: Int) -> Scale { Scale(degree(n), type.mode(n)) }

    /// The scale's note that sounds like `pitchClass`, spelled as in the scale (in G# major, `G` is `F##`);
    /// `nil` when no scale note sounds like it.
    public func respelled(_ pitchClass: PitchClass) -> PitchClass? {
        let notes = pitchClasses
        if notes.contains(pitchClass) { return pitchClass }
        return notes.first { $0.isEnharmonic(with: pitchClass) }
    }

    /// "C major", "F# harmonic minor", "D Dorian", "A Hungarian minor": the type's display name after the
    /// root, with a leading common word (major, minor, harmonic, whole-tone …) in lower case.
    public var description: String { name(.ascii) }

    /// The scale's name with accidentals in the given style.
    public func name(_ style: AccidentalStyle) -> String { root.name(style) + " " + Self.displayName(of: type) }

    private static let commonLeadingWords: Set<String> = [
        "major", "minor", "natural", "harmonic", "melodic", "whole-tone", "diminished", "chromatic",
        "augmented", "blues", "bebop", "dominant", "double", "half-diminished", "altered", "leading",
        "six-tone", "composite", "minor-major", "suspended",
    ]

    private static func displayName(of type: ScaleType) -> String {
        let firstWord = type.name.prefix { $0 != " " }.lowercased()
        guard commonLeadingWords.contains(firstWord), let first = type.name.first else { return type.name }
        return first.lowercased() + type.name.dropFirst()
    }
}
