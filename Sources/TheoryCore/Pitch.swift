#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A spelled pitch: letter, alteration and octave in scientific pitch notation (C4 = middle C = MIDI 60).
///
/// Spelling is exact: `B#3`, `C4` and `Dbb4` all have MIDI number 60 but are different pitches.
public struct Pitch: Hashable, Sendable, CustomStringConvertible {
    /// The note letter.
    public var letter: Letter
    /// The alteration in semitones (+1 sharp, -1 flat, any integer).
    public var accidental: Int
    /// The octave number; octaves change between B and C (`B#3` sounds as `C4`).
    public var octave: Int

    /// Creates a pitch from its parts.
    public init(_ letter: Letter, _ accidental: Int = 0, octave: Int) {
        self.letter = letter
        self.accidental = accidental
        self.octave = octave
    }

    /// Parses `C#4`, `Bb3`, `B##4`, `Fbb3`, `Cx4`, `E♭5`, `F♯2`, `D𝄪4`, `G𝄫3`, `C-1`.
    public init(_ text: String) throws {
        let parsed = try SpellingParser.parse(text, what: "a pitch such as C#4 or Bb3", wantsOctave: true)
        self.init(parsed.letter, parsed.accidental, octave: parsed.octave!)
    }

    /// The natural pitch with the given diatonic index (`octave * 7 + letter`), raised by `accidental`.
    @inlinable
    public init(diatonicIndex: Int, accidental: Int = 0) {
        self.init(Letter(rawValue: floorMod(diatonicIndex, 7))!, accidental, octave: floorDiv(diatonicIndex, 7))
    }

    /// The pitch class (letter and alteration).
    public var pitchClass: PitchClass { PitchClass(letter, accidental) }

    /// Staff position counted in diatonic steps from C0 (C4 = 28, D4 = 29).
    @inlinable public var diatonicIndex: Int { octave * 7 + letter.rawValue }

    /// The MIDI note number (C4 = 60; may lie outside 0…127 for extreme pitches).
    @inlinable public var midi: Int { (octave + 1) * 12 + letter.naturalSemitone + accidental }

    /// The frequency in hertz in twelve-tone equal temperament with the given A4.
    public func frequency(a4: Double = 440) -> Double {
        a4 * exp2(Double(midi - 69) / 12)
    }

    /// The pitch transposed by an interval (up for ascending, down for descending), spelling kept.
    @inlinable
    public func transposed(by interval: Interval) -> Pitch {
        let index = diatonicIndex + interval.steps
        let target = midi + interval.semitones
        var p = Pitch(diatonicIndex: index)
        p.accidental = target - p.midi
        return p
    }

    /// The pitch transposed down by an interval (an ascending interval goes down; a descending one goes up).
    public func transposed(downBy interval: Interval) -> Pitch { transposed(by: interval.reversed) }

    /// ASCII name: `C#4`, `Bbb3`, `C-1`.
    public var description: String {
        if (-3...3).contains(accidental), (-1...9).contains(octave) {
            return Self.nameTable[((octave + 1) * 7 + letter.rawValue) * 7 + accidental + 3]
        }
        return name(.ascii)
    }

    /// Precomputed ASCII names of the pitches C-1 … B9 with up to three accidentals (inline strings).
    private static let nameTable: [String] = (-1...9).flatMap { octave in
        Letter.allCases.flatMap { letter in (-3...3).map { Pitch(letter, $0, octave: octave).name(.ascii) } }
    }

    /// The name with accidentals in the given style.
    public func name(_ style: AccidentalStyle) -> String {
        style.name(of: letter) + style.text(for: accidental) + String(octave)
    }
}

extension Pitch: Comparable {
    /// Orders by sounding pitch (MIDI), then by staff position (`B#3` before `C4` before `Dbb4`).
    public static func < (lhs: Pitch, rhs: Pitch) -> Bool {
        (lhs.midi, lhs.diatonicIndex) < (rhs.midi, rhs.diatonicIndex)
    }
}
