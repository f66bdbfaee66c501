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

    @Test("tonal's dictionaries are all here: 178 chord symbols, 34 chord names, 129 scale names")
    func counts() {
        #expect(Self.chords.count == 212)
        #expect(Self.scales.count == 129)
    }

    @Test("every chord symbol and name of tonal, on C, F# and Bb", arguments: chords)
    func chord(_ entry: Entry) throws {
        let expected = try entry.intervals.map(Self.interval)
        for root in ["C", "F#", "Bb"] {
            let chord = try Chord(root + entry.name)
            let semitones = Set(chord.intervals.map { (($0.semitones % 12) + 12) % 12 })
            #expect(semitones == Set(expected.map { (($0.semitones % 12) + 12) % 12 }), "\(root)\(entry.name): \(chord.intervals)")
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

    /// Chords TheoryCore spells otherwise than tonal, by the conventions of docs/theory.md.
    static let chordSpellingConventions: Set<String> = []

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
