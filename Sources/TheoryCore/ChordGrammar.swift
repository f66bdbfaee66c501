/// The chord-symbol grammar as tables: which words, signs and degrees may appear after a root, and what they mean.
///
/// ``ChordSuffixReader`` reads a suffix by these tables and nothing else (docs/theory.md, "Chord-symbol grammar"):
///
///     suffix      = [quality [major-7th]] [extension] { component | " " }
///     quality     = QUALITIES (longest match; a reading that fails is retried with a shorter one: "madd9" = m + add9)
///     major-7th   = maj | ma | M | Δ | △ | ^          (after m, dim, aug: CmiMa7, C-^7, C+maj7)
///     extension   = 5 | 6 | 69 | 6/9 | 9/6 | 7 | 9 | 11 | 13
///     component   = alteration | add | omit | sus | alt | group
///     alteration  = ONE accidental (b ♭ # ♯, or + - alone) and a degree of ALTERATIONS
///     add         = "add" [" "] ( [accidental] degree of ADDABLE | major-7th "7" )
///     omit        = ("omit" | "no") [" "] degree
///     sus         = "sus" [ "2" | "4" | "#4" | "24" | "42" ]
///     alt         = "alt" | "altered"                  (on a triad or a plain 7)
///     group       = "(" item { ("," | " ") item } ")"  where item = component | plain degree | major-7th "7"
///
/// Words of two letters or more are read in any case (`SUS`, `MI`, `MA7`, `ADD`, `ALT`, `OMIT`) and may end with a dot
/// (`Calt.`, `Cdim.`); the single letters keep their case (`m` minor, `M` major seventh).
package enum ChordGrammar {
    /// The quality written first after the root.
    package enum Quality: Sendable { case none, major, minor, diminished, halfDiminished, augmented }

    /// A quality word or sign and what it implies.
    package struct QualityWord: Sendable {
        package let text: [Character]
        /// Read in any case (words of two letters or more).
        package let anyCase: Bool
        package let quality: Quality
        /// The word asks for a major seventh once a seventh is implied (`maj7`, `MA9`, `Δ`).
        package let majorSeventh: Bool
        /// The word implies a seventh without a number (`Δ`, `^`, `ø`, `0`).
        package let impliesSeventh: Bool
    }

    private static func word(_ s: String, _ q: Quality, major: Bool = false, seventh: Bool = false) -> QualityWord {
        QualityWord(text: Array(s), anyCase: s.count > 1 && s.allSatisfy(\.isLetter), quality: q, majorSeventh: major, impliesSeventh: seventh)
    }

    /// Every quality word, read by longest match at the start of the suffix.
    package static let qualities: [QualityWord] = [
        word("maj", .major, major: true), word("ma", .major, major: true), word("M", .major, major: true),
        word("Δ", .major, major: true, seventh: true), word("△", .major, major: true, seventh: true),
        word("^", .major, major: true, seventh: true), word("j", .major, major: true, seventh: true),
        word("min", .minor), word("mi", .minor), word("m", .minor), word("-", .minor),
        word("dim", .diminished), word("°", .diminished), word("º", .diminished), word("o", .diminished),
        word("ø", .halfDiminished, seventh: true), word("Ø", .halfDiminished, seventh: true),
        word("0", .halfDiminished, seventh: true), word("h", .halfDiminished, seventh: true),
        word("aug", .augmented), word("+", .augmented),
    ]

    /// Major-seventh markers after a minor, diminished or augmented quality (`mM7`, `CmiMa7`, `C-^9`, `Cdim(maj7)`).
    package static let majorSeventhMarkers: [QualityWord] = [
        word("maj", .major, major: true), word("ma", .major, major: true), word("M", .major, major: true),
        word("Δ", .major, major: true), word("△", .major, major: true), word("^", .major, major: true),
    ]

    /// Extension numbers after the quality, longest first, with the number they stand for (69 = six-nine).
    package static let extensions: [(text: [Character], number: Int)] = [
        ("6/9", 69), ("9/6", 69), ("69", 69), ("13", 13), ("11", 11), ("5", 5), ("6", 6), ("7", 7), ("9", 9),
    ].map { (Array($0.0), $0.1) }

    /// Degrees an alteration may follow, with the accidentals each takes, and the interval it gives.
    /// `#4` is the raised eleventh written as a fourth (tonal's `9#4`); `b6` the flat sixth of `7b6`, `-b6`.
    package static let alterations: [Int: [Int: Interval]] = [
        4: [1: Interval(steps: 10, semitones: 18)],
        5: [-1: Interval(steps: 4, semitones: 6), 1: Interval(steps: 4, semitones: 8)],
        6: [-1: Interval(steps: 5, semitones: 8)],
        9: [-1: Interval(steps: 8, semitones: 13), 1: Interval(steps: 8, semitones: 15)],
        11: [1: Interval(steps: 10, semitones: 18)],
        13: [-1: Interval(steps: 12, semitones: 20)],
    ]

    /// Degrees `add` (and a parenthesised degree) may name, with the accidentals each takes (0 = none).
    /// `b10` is the minor tenth of stacked fourths (`7sus4(no5,b10)`); an added tone never replaces a chord tone.
    package static let added: [Int: [Int: Interval]] = [
        2: [0: .M2], 3: [0: .M3], 4: [0: .P4, 1: Interval(steps: 10, semitones: 18)],
        6: [0: .M6, -1: Interval(steps: 5, semitones: 8)],
        9: [0: .M9, -1: Interval(steps: 8, semitones: 13), 1: Interval(steps: 8, semitones: 15)],
        10: [-1: Interval(steps: 9, semitones: 15)],
        11: [0: .P11, 1: Interval(steps: 10, semitones: 18)],
        13: [0: .M13, -1: Interval(steps: 12, semitones: 20)],
    ]

    /// Degrees `omit`/`no` may name (each only when the chord has it).
    package static let omittable: Set<Int> = [1, 3, 5, 7, 9, 11, 13]

    /// Keywords, read in any case.
    package enum Keyword: String, CaseIterable, Sendable {
        case sus, add, omit, no, altered, alt
    }

    /// Accidentals before a degree: the sign and its direction. `+` and `-` stand alone; `b`/`#` never stack.
    package static func accidental(_ c: Character) -> (delta: Int, isSign: Bool)? {
        switch c {
        case "b", "♭": return (-1, false)
        case "#", "♯": return (1, false)
        case "+": return (1, true)
        case "-": return (-1, true)
        default: return nil
        }
    }

    /// The formula the altered dominant stands for (`7alt`).
    package static let alteredFormula: [Interval] = [.P1, .M3, .m7, .m9, .A9, .A11, .m13]

    /// The plain interval of a degree number (3 → major third, 11 → perfect eleventh).
    package static func plain(_ n: Int) -> Interval {
        Interval(steps: n - 1, semitones: Interval.majorSemitones(steps: n - 1))
    }
}
