/// A chord: a spelled root, a ``ChordType`` and an optional slash bass (`Bbsus4/F`).
///
/// Chord tones are spelled by letter from the root through the formula, never from semitones:
/// `Caug` is C E G#, `Eb7#9b13` is Eb G Bb Db F# Cb, `Cdim7` is C Eb Gb Bbb.
public struct Chord: Hashable, Sendable, CustomStringConvertible {
    /// The root.
    public var root: PitchClass
    /// The chord type (formula, symbol, name).
    public var type: ChordType
    /// The slash bass, if one is written; `nil` for a chord over its own root.
    public var bass: PitchClass?

    /// Creates a chord from its parts.
    public init(root: PitchClass, type: ChordType, bass: PitchClass? = nil) {
        self.root = root
        self.type = type
        self.bass = bass
    }

    /// Parses a chord symbol: `Cmaj7`, `F#m7b5`, `Bbsus4/F`, `C7(b9,#11)`, `E♭7#9/G`, `C6/9`, `Cm(maj7)`.
    ///
    /// A parse either accounts for every character or throws ``TheoryError/invalidChordSymbol(input:reason:offset:suggestion:)``
    /// naming the bad part and its offset; symbols longer than 64 characters throw ``TheoryError/tooLong(what:length:limit:)``.
    /// Suffixes outside the catalogue are read from their components and give a synthesized type.
    public init(_ symbol: String) throws {
        self = try ChordSymbolParser.parse(symbol)
    }

    /// The formula: intervals from the root, ascending.
    public var intervals: [Interval] { type.formula }

    /// The chord tones spelled from the root, in formula order (the bass is not included unless it is a chord tone).
    public var notes: [PitchClass] { type.formula.map { root.transposed(by: $0) } }

    /// The canonical symbol, which parses back to the same chord: `C`, `Cm7b5`, `Bbsus4/F`.
    public var symbol: String { symbol(.ascii) }

    /// The canonical symbol with the root and bass accidentals in the given style (`B♭sus4/F`).
    public func symbol(_ style: AccidentalStyle) -> String {
        var s = root.name(style) + type.symbol
        if let bass { s += "/" + bass.name(style) }
        return s
    }

    /// The canonical symbol.
    public var description: String { symbol }

    /// Which chord tone is in the bass: 0 for root position (or no slash bass), 1 for the formula's second tone
    /// (first inversion of a triad), …; -1 when the bass is not a chord tone (`C/D`). Compares by sound.
    public var inversion: Int {
        guard let bass, bass != root else { return 0 }
        let b = bass.semitone
        let r = root.semitone
        for (k, x) in type.formula.enumerated() where floorMod(r + x.semitones, 12) == b {
            return k
        }
        return -1
    }

    /// The chord voiced upward from its root in the given octave, in formula order (compound degrees stay above
    /// the octave). A slash bass is placed below the root, and the chord tone it doubles is left out above.
    public func pitches(rootOctave: Int = 4) -> [Pitch] {
        let rootPitch = root.pitch(octave: rootOctave)
        var tones = type.formula.map { rootPitch.transposed(by: $0) }
        guard let bass else { return tones }
        var octave = rootOctave
        var low = bass.pitch(octave: octave)
        while !(low < rootPitch) {
            octave -= 1
            low = bass.pitch(octave: octave)
        }
        tones.removeAll { floorMod($0.midi, 12) == bass.semitone }
        return [low] + tones
    }

    /// The same chord with root and bass transposed by an interval (spelling follows the interval).
    public func transposed(by interval: Interval) -> Chord {
        Chord(root: root.transposed(by: interval), type: type, bass: bass?.transposed(by: interval))
    }

    /// The set of sounding pitch classes (root-relative bits rotated to C = bit 0), including the bass.
    package var pitchClassMask: UInt16 {
        var m: UInt16 = 0
        for x in type.formula { m |= 1 << UInt16(floorMod(root.semitone + x.semitones, 12)) }
        if let bass { m |= 1 << UInt16(bass.semitone) }
        return m
    }
}
