/// A chord built on one degree of a scale by stacking the scale's own thirds (a triad or a seventh chord).
///
/// Tones are spelled from the scale (the V7 of F# major is C# E# G# B), and the chord carries its
/// roman numeral (`V7`, `vii°`, `III+`) and lead-sheet symbol (`C#7`, `E#dim`, `C+`).
public struct DiatonicChord: Hashable, Sendable, CustomStringConvertible {
    /// The quality of a stacked-thirds triad or seventh chord.
    public enum Quality: String, Sendable, Hashable, CaseIterable {
        /// Triads: major (`C`), minor (`Cm`), diminished (`Cdim`), augmented (`C+`).
        case major, minor, diminished, augmented
        /// A major third and a diminished fifth (as on degree 3 of the whole-tone-like altered scales).
        case majorFlat5
        /// Seventh chords: `Cmaj7`, `C7`, `Cm7`, `Cm7b5`, `Cdim7`, `Cm(maj7)`, `C+maj7`.
        case major7, dominant7, minor7, halfDiminished7, diminished7, minorMajor7, augmentedMajor7
        /// An augmented triad with a minor seventh (`C+7`).
        case augmented7
        /// A major third, diminished fifth and minor seventh (`C7b5`).
        case dominant7Flat5
        /// A diminished triad with a major seventh (`Cdim(maj7)`).
        case diminishedMajor7
        /// Any other stack of thirds (in unusual scales); the symbol lists the intervals.
        case other

        /// The quality of the chord with these intervals above the root (`seventh` nil for a triad).
        public init(third: Interval, fifth: Interval, seventh: Interval? = nil) {
            let t = third.semitones, f = fifth.semitones
            guard third.steps == 2, fifth.steps == 4 else { self = .other; return }
            guard let seventh else {
                switch (t, f) {
                case (4, 7): self = .major
                case (3, 7): self = .minor
                case (3, 6): self = .diminished
                case (4, 8): self = .augmented
                case (4, 6): self = .majorFlat5
                default: self = .other
                }
                return
            }
            guard seventh.steps == 6 else { self = .other; return }
            switch (t, f, seventh.semitones) {
            case (4, 7, 11): self = .major7
            case (4, 7, 10): self = .dominant7
            case (3, 7, 10): self = .minor7
            case (3, 6, 10): self = .halfDiminished7
            case (3, 6, 9): self = .diminished7
            case (3, 7, 11): self = .minorMajor7
            case (4, 8, 11): self = .augmentedMajor7
            case (4, 8, 10): self = .augmented7
            case (4, 6, 10): self = .dominant7Flat5
            case (3, 6, 11): self = .diminishedMajor7
            default: self = .other
            }
        }

        /// True for four-note (seventh) qualities.
        public var isSeventh: Bool {
            switch self {
            case .major, .minor, .diminished, .augmented, .majorFlat5, .other: return false
            default: return true
            }
        }

        /// The suffix after the root in a lead-sheet symbol: `""`, `m`, `dim`, `+`, `maj7`, `m7b5`, `m(maj7)`.
        public var symbolSuffix: String {
            switch self {
            case .major: return ""
            case .minor: return "m"
            case .diminished: return "dim"
            case .augmented: return "+"
            case .majorFlat5: return "(b5)"
            case .major7: return "maj7"
            case .dominant7: return "7"
            case .minor7: return "m7"
            case .halfDiminished7: return "m7b5"
            case .diminished7: return "dim7"
            case .minorMajor7: return "m(maj7)"
            case .augmentedMajor7: return "+maj7"
            case .augmented7: return "+7"
            case .dominant7Flat5: return "7b5"
            case .diminishedMajor7: return "dim(maj7)"
            case .other: return ""
            }
        }

        /// The suffix after a roman numeral: `°`, `+`, `maj7`, `7`, `ø7`, `°7`, `(maj7)`.
        var romanSuffix: String {
            switch self {
            case .major, .minor: return ""
            case .diminished: return "°"
            case .augmented: return "+"
            case .majorFlat5: return "(b5)"
            case .major7: return "maj7"
            case .dominant7, .minor7: return "7"
            case .halfDiminished7: return "ø7"
            case .diminished7: return "°7"
            case .minorMajor7: return "(maj7)"
            case .augmentedMajor7: return "+maj7"
            case .augmented7: return "+7"
            case .dominant7Flat5: return "7b5"
            case .diminishedMajor7: return "°(maj7)"
            case .other: return ""
            }
        }
    }

    /// The scale degree of the root (1-based).
    public let degree: Int
    /// The roman numeral: upper case for a major third, lower case for a minor one (`ii7`, `vii°`, `III+`).
    public let roman: String
    /// The root.
    public let root: PitchClass
    /// The chord tones from the root upward, spelled from the scale.
    public let notes: [PitchClass]
    /// The exact intervals of the tones above the root (`P1 M3 P5 m7`).
    public let intervals: [Interval]
    /// The quality.
    public let quality: Quality

    /// Builds the chord on `degree` from its spelled tones and their intervals above the root.
    public init(degree: Int, notes: [PitchClass], intervals: [Interval]) {
        self.degree = degree
        self.notes = notes
        self.intervals = intervals
        self.root = notes.first ?? PitchClass(.C)
        let third = intervals.count > 1 ? intervals[1] : .P1
        let fifth = intervals.count > 2 ? intervals[2] : .P1
        let quality = Quality(third: third, fifth: fifth, seventh: intervals.count > 3 ? intervals[3] : nil)
        self.quality = quality
        let numeral = Self.numeral(degree)
        let minorThird = third.semitones < 4
        let suffix = quality == .other ? Self.intervalSuffix(intervals) : quality.romanSuffix
        self.roman = (minorThird ? numeral.lowercased() : numeral) + suffix
    }

    /// The lead-sheet symbol: `C`, `Dm`, `Bdim`, `C+`, `Cmaj7`, `G7`, `Dm7`, `Bm7b5`, `G#dim7`, `Cm(maj7)`, `Eb+maj7`.
    public var symbol: String { symbol(.ascii) }

    /// The symbol with the root's accidentals in the given style.
    public func symbol(_ style: AccidentalStyle) -> String {
        root.name(style) + (quality == .other ? Self.otherSuffix(intervals) : quality.symbolSuffix)
    }

    /// "V7 G7 (G B D F)".
    public var description: String {
        "\(roman) \(symbol) (\(notes.map(\.description).joined(separator: " ")))"
    }

    private static func numeral(_ degree: Int) -> String {
        let numerals = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"]
        return (1...numerals.count).contains(degree) ? numerals[degree - 1] : String(degree)
    }

    /// A suffix for an unnamed stack: the generated chord symbol when there is one that reads back, else the degrees.
    private static func otherSuffix(_ intervals: [Interval]) -> String {
        let t = ChordType.resolve(formula: intervals)
        return t.symbol.hasPrefix("(1") ? intervalSuffix(intervals) : t.symbol
    }

    private static func intervalSuffix(_ intervals: [Interval]) -> String {
        "(" + intervals.dropFirst().map(\.degreeLabel).joined(separator: " ") + ")"
    }
}
