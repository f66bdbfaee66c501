import Foundation
import Testing
import TheoryCore

/// Every chord symbol and scale name of a peer library's dictionary (transcribed in `PeerDictionaries/`, each file
/// citing its source), read on C and on two other roots: accepted, with the same notes as the source.
///
/// "The same notes": the same letters from the root (tonal's intervals, spelled by TheoryCore), or where the spelling is
/// a documented convention (docs/theory.md), the same pitch classes.
@Suite("Peer dictionaries")
struct PeerDictionaryTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PeerDictionaries")

    struct Entry: CustomTestStringConvertible, Sendable {
        var name: String
        var intervals: [String]
        var testDescription: String { name }
    }

    /// Rows `intervals | name | aliases…` with tonal's interval notation (`3M`, `5d`, `13m`).
    static func rows(_ file: String) -> [(intervals: [String], names: [String])] {
        let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            return (parts[0].split(separator: " ").map(String.init), Array(parts.dropFirst()))
        }
    }

    /// tonal's `13m` as TheoryCore's `m13`.
    static func interval(_ tonal: String) throws -> Interval {
        try Interval(String(tonal.last!) + String(tonal.dropLast()))
    }

    static let chords: [Entry] = rows("tonal-chords.txt").flatMap { row -> [Entry] in
        let symbols = row.names[1].split(separator: " ").map { $0 == "''" ? "" : String($0) }
        let named = row.names[0].isEmpty ? [] : [" " + row.names[0]]
        return (symbols + named).map { Entry(name: $0, intervals: row.intervals) }
    }

    static let scales: [Entry] = rows("tonal-scales.txt").flatMap { row in row.names.map { Entry(name: $0, intervals: row.intervals) } }

    @Test("tonal's dictionaries are all here: 192 chord symbols, 32 chord names, 129 scale names")
    func counts() {
        #expect(Self.chords.count == 224)
        #expect(Self.scales.count == 129)
    }

    @Test("every chord symbol and name of tonal, on C, F# and Bb", arguments: chords)
    func chord(_ entry: Entry) throws {
        let expected = try entry.intervals.map(Self.interval)
        let reading = Self.chordReadingConventions[entry.name.trimmingCharacters(in: .whitespaces)]
        for root in ["C", "F#", "Bb"] {
            let chord = try Chord(root + entry.name)
            let semitones = Set(chord.intervals.map { (($0.semitones % 12) + 12) % 12 })
            let same = semitones == Set(expected.map { (($0.semitones % 12) + 12) % 12 })
            #expect(same || reading != nil, "\(root)\(entry.name): \(chord.intervals)")
            if reading != nil, same, root == "C" { Issue.record("\(entry.name) now reads as tonal does: drop it from the conventions") }
            if reading != nil { continue }
            let letters = chord.notes.map { String($0.description.prefix(1)) }
            let rootPitch = try PitchClass(root)
            let expectedLetters = expected.map { String(rootPitch.transposed(by: $0).description.prefix(1)) }
            #expect(Set(letters) == Set(expectedLetters) || Self.chordSpellingConventions.contains(entry.name),
                    "\(root)\(entry.name): \(chord.notes) against \(expected)")
        }
    }

    @Test("every scale name and alias of tonal, on C, F# and Bb", arguments: scales)
    func scale(_ entry: Entry) throws {
        let expected = try entry.intervals.map(Self.interval)
        let type = try ScaleType.named(entry.name)
        let same = Set(type.formula.map { (($0.semitones % 12) + 12) % 12 }) == Set(expected.map { (($0.semitones % 12) + 12) % 12 })
        #expect(same != Self.scaleReadingConventions.keys.contains(entry.name), "\(entry.name) is \(type.id): \(type.formulaText)")
        if let reading = Self.scaleReadingConventions[entry.name] { #expect(type.id == reading) }
        #expect(type.formula.map(\.number) == expected.map(\.number) || Self.scaleSpellingConventions.contains(type.id)
                    || Self.scaleReadingConventions[entry.name] != nil,
                "\(entry.name) is \(type.id): \(type.formulaText) against \(entry.intervals.joined(separator: " "))")
    }

    /// Chords TheoryCore spells otherwise than tonal (same pitch classes): the symbol says #5 where tonal writes a
    /// minor sixth, and a diminished seventh chord's seventh is a bb7, not a major sixth (docs/theory.md).
    static let chordSpellingConventions: Set<String> = ["m7#5", "m9#5", "m11A", "o7M7"]

    /// Symbols and names TheoryCore reads otherwise than tonal, each with the reason (docs/theory.md, "Conventions").
    static let chordReadingConventions: [String: String] = [
        "11": "an eleventh chord stacks 1 3 5 b7 9 11; tonal leaves out the third (our 9sus4)",
        "eleventh": "as 11",
        "11b9": "as 11: the third is kept",
        "m13": "a minor thirteenth stacks the eleventh too; tonal leaves it out",
        "minor thirteenth": "as m13",
        "6b5": "b5 lowers the fifth; tonal reads it as #11 over a perfect fifth",
        "M6b5": "as 6b5", "7b5#9": "as 6b5", "7b5b13": "as 6b5", "7b5b9": "as 6b5", "7b5b9b13": "as 6b5", "9b5b13": "as 6b5",
        "7alt": "the altered dominant carries b9 #9 #11 b13; tonal's 7alt is 7#5#9",
        "alt7": "as 7alt; tonal's alt7 is 1 3 b7 b9",
        "7b13": "an added b13 keeps the fifth; tonal leaves it out",
        "9b13": "as 7b13",
        "Mb6": "b6 is added to the triad; tonal replaces the fifth (1 3 b6)",
        "mb6": "as Mb6; tonal reads mb6 as m#5",
        "M7b6": "as Mb6", "mb6b9": "as Mb6", "^7b6": "as Mb6",
        "^": "a bare ^ is the major seventh chord (iReal Pro, chord-symbol); tonal reads the major triad",
        "^#5": "as ^: the augmented major seventh; tonal reads the augmented triad",
        "-13": "as m13",
        "7#9b5": "as 6b5", "7b9b5": "as 6b5",
        "M7add13": "add13 adds the thirteenth alone; tonal adds the ninth too",
        "quartal": "our quartal is three stacked fourths (1 4 b7); tonal's has four (as our 4)",
    ]

    /// Scales TheoryCore spells otherwise than tonal (same pitch classes), by the conventions of docs/theory.md:
    /// the altered scale as b2 b3 b4 b5 b6 b7 (a mode of melodic minor, one note per letter) where tonal writes
    /// b2 #2 3 #4 b6 b7 (the chord tones of C7alt), and the symmetric and chromatic scales with one spelling each.
    static let scaleSpellingConventions: Set<String> = [
        "altered", "chromatic", "diminished-half-whole", "diminished-whole-half", "enigmatic", "ichikosucho",
        "leading-whole-tone", "ukrainian-dorian", "augmented-heptatonic", "bebop-melodic-minor",
    ]

    /// Names TheoryCore reads as another scale than tonal does, by the conventions of docs/theory.md (name → our id).
    static let scaleReadingConventions: [String: String] = [
        "balinese": "pelog", "flamenco": "flamenco", "minor hexatonic": "minor-hexatonic", "purvi raga": "purvi",
    ]
}

/// Symbols that are truly ambiguous list their other readings; plain ones list none.
@Suite("Other readings of ambiguous chord symbols")
struct OtherReadingTests {
    @Test("ambiguous symbols and their other readings", arguments: [
        ("C7b5", ["C7#11"]), ("C11", ["C9sus4"]), ("Cm13", ["Cm7(9,13)"]), ("Cb9sus", ["C7sus4b9"]), ("C^", ["C"]),
        ("C7alt", ["C7#5#9"]), ("E6b5", ["E6#11"]),
    ])
    func ambiguous(_ symbol: String, _ others: [String]) {
        #expect(Chord.otherReadings(of: symbol).map(\.symbol) == others)
    }

    @Test("plain symbols have one reading", arguments: ["Cmaj7", "Bb7", "Bb9", "Ebm7b5", "F#m7", "Cdim7", "G7sus4", "Am"])
    func plain(_ symbol: String) {
        #expect(Chord.otherReadings(of: symbol).isEmpty)
    }
}

/// music21's chord kinds (transcribed in `PeerDictionaries/music21-chords.txt`): every symbol accepted on C, F# and Bb.
@Suite("Peer dictionaries: music21")
struct Music21ChordTests {
    static let entries: [PeerDictionaryTests.Entry] = PeerDictionaryTests.rows("music21-chords.txt").flatMap { row in
        row.names[1].split(separator: " ").map { symbol in
            PeerDictionaryTests.Entry(name: symbol == "''" ? "" : String(symbol), intervals: row.intervals[0].split(separator: ",").map(String.init))
        }
    }

    /// music21's degrees ("-3", "--7", "#5") as TheoryCore degrees ("b3", "bb7", "#5").
    static func degree(_ text: String) throws -> Interval {
        try Interval(degree: text.replacing("-", with: "b"))
    }

    /// Where TheoryCore reads a symbol otherwise than music21 (docs/theory.md, "Conventions").
    static let readings: [String: String] = [
        "13": "a thirteenth chord leaves out the eleventh (music21 stacks it)", "dom13": "as 13",
        "M13": "as 13", "Maj13": "as 13", "mM13": "as 13", "minmaj13": "as 13",
        "+M13": "as 13", "augmaj13": "as 13", "+13": "as 13", "aug13": "as 13", "ø13": "as 13",
        "ø11": "a half-diminished eleventh keeps the natural ninth (music21: b9)",
        "o11": "a diminished eleventh stacks bb7 9 11 (music21: b9 b11)", "dim11": "as o11",
    ]

    @Test("every music21 chord symbol, on C, F# and Bb", arguments: entries)
    func symbol(_ entry: PeerDictionaryTests.Entry) throws {
        let expected = try entry.intervals.map(Self.degree)
        for root in ["C", "F#", "Bb"] {
            let chord = try Chord(root + entry.name)
            let same = Set(chord.intervals.map { (($0.semitones % 12) + 12) % 12 }) == Set(expected.map { (($0.semitones % 12) + 12) % 12 })
            #expect(same || Self.readings[entry.name] != nil, "\(root)\(entry.name): \(chord.intervals.map(\.name)) against \(entry.intervals)")
        }
    }
}

/// mingus's chord shorthand (mingus/core/chords.py, chord_shorthand): every symbol is accepted on C, F# and Bb.
@Suite("Peer dictionaries: mingus")
struct MingusChordTests {
    static let shorthand = ["m", "M", "", "dim", "aug", "+", "7#5", "M7+5", "M7+", "m7+", "7+", "sus47", "sus4", "sus2", "sus",
                            "11", "sus4b9", "susb9", "m7", "M7", "7", "dom7", "m7b5", "dim7", "m/M7", "mM7", "m6", "M6", "6",
                            "6/7", "67", "6/9", "69", "9", "7b9", "7#9", "M9", "m9", "7#11", "m11", "M13", "m13", "13", "7b5",
                            "hendrix", "7b12", "5"]

    @Test("every mingus shorthand", arguments: shorthand)
    func accepted(_ symbol: String) throws {
        for root in ["C", "F#", "Bb"] { _ = try Chord(root + symbol) }
    }

    @Test("the Hendrix chord is a dominant seventh with a sharp ninth; 7+ lists the augmented major seventh too")
    func readings() throws {
        #expect(try Chord("Ehendrix").notes.map(\.description) == ["E", "G#", "B", "D", "F##"])
        #expect(Chord.otherReadings(of: "C7+").map(\.symbol) == ["Cmaj7#5"])
    }
}

/// AudioKit Tonic's chord symbols (the examples of Sources/Tonic/ChordType.swift): every one accepted.
@Suite("Peer dictionaries: AudioKit Tonic")
struct TonicChordTests {
    static let symbols = ["C", "Cm", "C°", "C⁺", "Csus2", "Csus4", "C6", "Cm6", "C6sus2", "C6sus4", "Cmaj7", "C7", "Cmin7", "Cø7",
                          "C°7", "C7sus2", "C7sus4", "C+Maj7", "CmMaj7", "Cmaj7(♭5)", "C7(♭5)", "C7(♯5)", "Cmaj9", "C9", "Cmin9",
                          "Cø♭9", "C°♭9", "C9sus4", "C7♭9", "C7♯9", "CmMaj9", "Cm7♭9", "Cadd9", "Cm(add9)", "C6/9", "C+maj9",
                          "Cmaj9(♭5)", "C9(♭5)", "C9(♯5)", "Cmaj11", "C11", "Cm11", "Cø11", "Cmaj9(♯11)", "C9(♯11)", "Cm9(♯11)",
                          "Cmaj7♭9(♯11)", "C7♭9(♯11)", "Cm7♭9(♯11)", "C7♯9(♯11)", "Cm7♭9(11)", "Cmaj7(add11)", "Cmaj7(add♯11)",
                          "C7(add11)", "C7(add♯11)", "Cm7(add11)", "Cm7(add♯11)", "Cmaj13", "C13", "Cm13", "Cø13", "Cm13(♭5)",
                          "Cmaj13(♭9)", "C13(♭9)", "Cm13(♭9)", "Cm13♭5(♭9)", "Cmaj13(♯11)", "C13(♯11)", "Cm13(♯11)",
                          "Cmaj7(♭13)", "C7(♭13)", "Cmin7(♭13)", "Cø7(♭13)", "Cmaj7♭9(♭13)", "C7♭9(♭13)", "Cmin7♭9(♭13)",
                          "Cmin7♭5♭9(♭13)", "Cmaj7♭9♯11(♭13)", "C7♭9♯11(♭13)", "Cmin7♭9♯11(♭13)", "Cm♭9", "C♭5"]

    @Test("every Tonic example symbol", arguments: symbols)
    func accepted(_ symbol: String) throws {
        _ = try Chord(symbol)
    }

    @Test("C⁺ is augmented; C♭5 is read as C-flat's power chord and lists Tonic's C(b5)")
    func readings() throws {
        #expect(try Chord("C⁺").notes.map(\.description) == ["C", "E", "G#"])
        #expect(Chord.otherReadings(of: "C♭5").map { $0.chord.notes.map(\.description) } == [["C", "E", "Gb"]])
    }
}
