import Testing
@testable import TheoryCore

@Suite("Intervals")
struct IntervalTests {
    /// from, to, directed name, semitones, simple name, long name — checked by hand against DESIGN.md §2.
    static let factTable: [(String, String, String, Int, String, String)] = [
        ("C4", "B##4", "AA7", 13, "AA7", "doubly augmented seventh"),
        ("C4", "Dbb4", "d2", 0, "d2", "diminished second"),
        ("E4", "C4", "M-3", -4, "M3", "descending major third"),
        ("C#4", "Bb5", "d14", 21, "d7", "diminished fourteenth"),
        ("E#4", "Fb4", "dd2", -1, "dd2", "doubly diminished second"),
        ("C4", "Cb4", "A-1", -1, "A1", "descending augmented unison"),
        ("C4", "C#4", "A1", 1, "A1", "augmented unison"),
        ("C4", "C4", "P1", 0, "P1", "perfect unison"),
        ("C4", "C5", "P8", 12, "P8", "perfect octave"),
        ("C4", "C6", "P15", 24, "P8", "perfect fifteenth"),
        ("C4", "E5", "M10", 16, "M3", "major tenth"),
        ("B3", "F4", "d5", 6, "d5", "diminished fifth"),
        ("F4", "B4", "A4", 6, "A4", "augmented fourth"),
        ("C4", "G#4", "A5", 8, "A5", "augmented fifth"),
        ("D4", "F4", "m3", 3, "m3", "minor third"),
        ("C4", "Ab5", "m13", 20, "m6", "minor thirteenth"),
        ("G4", "D3", "P-11", -17, "P4", "descending perfect eleventh"),
        ("Cbb4", "B#4", "AAA7", 14, "AAA7", "triply augmented seventh"),
        ("C##4", "Dbb4", "ddd2", -2, "ddd2", "triply diminished second"),
        ("Bbb3", "C#4", "AA2", 4, "AA2", "doubly augmented second"),
        ("F#4", "Cb5", "dd5", 5, "dd5", "doubly diminished fifth"),
        ("A4", "C4", "M-6", -9, "M6", "descending major sixth"),
        ("E5", "F4", "M-7", -11, "M7", "descending major seventh"),
        ("D4", "Db6", "d15", 23, "d8", "diminished fifteenth"),
        ("C###4", "Cbbb4", "AAAAAA-1", -6, "AAAAAA1", "descending 6-fold augmented unison"),
        ("B#3", "C4", "d2", 0, "d2", "diminished second"),
        ("G4", "F#5", "M7", 11, "M7", "major seventh"),
        ("Ab3", "G#4", "A7", 12, "A7", "augmented seventh"),
        ("Eb4", "A4", "A4", 6, "A4", "augmented fourth"),
        ("Db4", "B3", "d-3", -2, "d3", "descending diminished third"),
    ]

    @Test("interval facts", arguments: factTable)
    func facts(_ row: (String, String, String, Int, String, String)) throws {
        let (from, to, name, semitones, simple, long) = row
        let a = try Pitch(from), b = try Pitch(to)
        let i = Interval(from: a, to: b)
        #expect(i.directedName == name)
        #expect(i.semitones == semitones)
        #expect(i.simpleName == simple)
        #expect(i.longName == long)
        #expect(a.transposed(by: i) == b)
        #expect(b.transposed(downBy: i) == a)
    }

    /// Text, canonical directed name, semitones.
    static let parseTable: [(String, String, Int)] = [
        ("M3", "M3", 4), ("m-3", "m-3", -3), ("AA4", "AA4", 7), ("P11", "P11", 17), ("dd7", "dd7", 8),
        ("d7", "d7", 9), ("ddd5", "ddd5", 4), ("AAA6", "AAA6", 12), ("P-5", "P-5", -7), ("-M3", "M-3", -4),
        ("b3", "m3", 3), ("#11", "A11", 18), ("bb7", "d7", 9), ("b9", "m9", 13), ("13", "M13", 21),
        ("b5", "d5", 6), ("#4", "A4", 6), ("1", "P1", 0), ("#5", "A5", 8), ("b13", "m13", 20), ("x4", "AA4", 7),
        ("maj3", "M3", 4), ("min7", "m7", 10), ("aug4", "A4", 6), ("dim5", "d5", 6), ("perf5", "P5", 7),
        ("major third", "M3", 4), ("doubly augmented fourth", "AA4", 7), ("descending minor sixth", "m-6", -8),
        ("perfect 11th", "P11", 17), ("Minor Tenth", "m10", 15), ("A-1", "A-1", -1), ("  M3 ", "M3", 4),
        ("triply diminished fifth", "ddd5", 4), ("perfect octave", "P8", 12),
    ]

    @Test("parsing", arguments: parseTable)
    func parsing(_ row: (String, String, Int)) throws {
        let i = try Interval(row.0)
        #expect(i.directedName == row.1)
        #expect(i.semitones == row.2)
        #expect(try Interval(i.description) == i, "description parses back")
    }

    static let malformedTable = ["", "   ", "P3", "M5", "Q7", "M0", "m", "M-", "--M3", "M--3", "d1", "b1", "Cmaj7",
                            "3x", "A", "P5.5", "M218", "#", "b", "mM3", "p5", "major", "huge third",
                            "doubly perfect fifth", "M3 third", String(repeating: "A", count: 10_000),
                            String(repeating: "M3", count: 5_000), "P٣", "M³", "𝄪4"]

    @Test("malformed intervals are errors", arguments: malformedTable)
    func malformed(_ text: String) {
        #expect(throws: TheoryError.self) { try Interval(text) }
    }

    @Test func errorsNameTheBadPartAndSuggest() {
        #expect(throws: TheoryError.invalidInterval(input: "M5", reason: "a fifth takes perfect, augmented or diminished", suggestion: "P5")) {
            try Interval("M5")
        }
        #expect(throws: TheoryError.invalidInterval(input: "P3", reason: "a third takes major, minor, augmented or diminished", suggestion: "M3")) {
            try Interval("P3")
        }
        #expect(throws: TheoryError.invalidInterval(input: "Q7", reason: "'Q' is not an interval quality (use P, M, m, A, AA, d, dd …)")) {
            try Interval("Q7")
        }
    }

    static let inversions: [(String, String)] = [
        ("M3", "m6"), ("M10", "m6"), ("A4", "d5"), ("P1", "P8"), ("P8", "P1"), ("AA7", "dd2"), ("m2", "M7"),
        ("d5", "A4"), ("P5", "P4"), ("P15", "P1"), ("m9", "M7"), ("A1", "d8"), ("ddd3", "AAA6"),
    ]

    @Test("inversion inverts the simple part", arguments: inversions)
    func inversion(_ row: (String, String)) throws {
        #expect(try Interval(row.0).inversion.name == row.1)
    }

    static let sums: [(String, String, String)] = [
        ("M3", "m3", "P5"), ("M3", "M3", "A5"), ("P5", "P4", "P8"), ("M2", "M-2", "P1"), ("m3", "m3", "d5"),
        ("M6", "M3", "A8"), ("P8", "M3", "M10"), ("P5", "P-8", "P-4"), ("A4", "A4", "A7"), ("d5", "d5", "d9"),
    ]

    @Test("addition", arguments: sums)
    func addition(_ row: (String, String, String)) throws {
        let sum = try Interval(row.0) + Interval(row.1)
        #expect(sum.directedName == row.2)
        #expect(try sum - Interval(row.1) == Interval(row.0))
    }

    @Test func degreeLabels() throws {
        #expect(Interval.m3.degreeLabel == "b3")
        #expect(Interval.A11.degreeLabel == "#11")
        #expect(Interval.d7.degreeLabel == "bb7")
        #expect(Interval.P5.degreeLabel == "5")
        #expect(Interval.M13.degreeLabel == "13")
        #expect(try Interval(degree: "bb7") == .d7)
    }

    @Test func shortcutsMatchTheirNames() throws {
        let all: [(Interval, String)] = [(.P1, "P1"), (.A1, "A1"), (.m2, "m2"), (.M2, "M2"), (.A2, "A2"), (.m3, "m3"),
                                         (.M3, "M3"), (.P4, "P4"), (.A4, "A4"), (.d5, "d5"), (.P5, "P5"), (.A5, "A5"),
                                         (.m6, "m6"), (.M6, "M6"), (.d7, "d7"), (.m7, "m7"), (.M7, "M7"), (.P8, "P8"),
                                         (.m9, "m9"), (.M9, "M9"), (.A9, "A9"), (.P11, "P11"), (.A11, "A11"),
                                         (.m13, "m13"), (.M13, "M13"), (.P15, "P15")]
        for (interval, name) in all { #expect(interval.name == name) }
    }

    @Test func qualityLongNames() throws {
        #expect(try Interval("AAAAA3").longName == "quintuply augmented third")
        #expect(try Interval("dddd-12").longName == "descending quadruply diminished twelfth")
    }
}
