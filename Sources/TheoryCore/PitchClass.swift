/// A spelled pitch class: a note letter and an alteration, without octave (`F#`, `Bbb`, `E`).
///
/// Spelling is kept: `C#` and `Db` are different pitch classes that sound the same
/// (see ``isEnharmonic(with:)``).
public struct PitchClass: Hashable, Sendable, CustomStringConvertible {
    /// The note letter.
    public var letter: Letter
    /// The alteration in semitones: +1 sharp, -2 double flat; any integer.
    public var accidental: Int

    /// Creates a pitch class from a letter and an alteration.
    public init(_ letter: Letter, _ accidental: Int = 0) {
        self.letter = letter
        self.accidental = accidental
    }

    /// Parses `C`, `F#`, `Bbb`, `Cx`, `E♭`, `F♯`, `D𝄪`, `G𝄫` (no octave).
    public init(_ text: String) throws {
        let parsed = try SpellingParser.parse(text, what: "a pitch class such as F# or Bb", wantsOctave: false)
        self.init(parsed.letter, parsed.accidental)
    }

    /// Semitones above C, in `0..<12`.
    public var semitone: Int { floorMod(letter.naturalSemitone + accidental, 12) }

    /// Position on the line of fifths (C = 0, G = 1, F = -1, F# = 6, Bb = -2).
    public var fifths: Int { letter.fifths + 7 * accidental }

    /// The pitch class at a given position on the line of fifths.
    public init(fifths: Int) {
        let letterIndex = floorMod(fifths + 1, 7)          // F C G D A E B
        let letter = [Letter.F, .C, .G, .D, .A, .E, .B][letterIndex]
        self.init(letter, floorDiv(fifths + 1, 7))
    }

    /// The pitch class in the given octave.
    public func pitch(octave: Int) -> Pitch { Pitch(letter, accidental, octave: octave) }

    /// True when both sound the same in twelve-tone equal temperament (`C#` and `Db`).
    public func isEnharmonic(with other: PitchClass) -> Bool { semitone == other.semitone }

    /// The pitch class transposed up (or down, for a descending interval) by an interval.
    public func transposed(by interval: Interval) -> PitchClass {
        pitch(octave: 4).transposed(by: interval).pitchClass
    }

    /// The ascending interval within one octave from this pitch class up to `other` (P1 … M7, with any quality).
    public func interval(upTo other: PitchClass) -> Interval {
        let steps = floorMod(other.letter.rawValue - letter.rawValue, 7)
        let semis = other.letter.naturalSemitone + other.accidental
            + (other.letter.rawValue < letter.rawValue ? 12 : 0)
            - letter.naturalSemitone - accidental
        return Interval(steps: steps, semitones: semis)
    }

    /// ASCII name: `F#`, `Bbb`.
    public var description: String { name(.ascii) }

    /// The name with accidentals in the given style.
    public func name(_ style: AccidentalStyle) -> String { style.name(of: letter) + style.text(for: accidental) }
}
