import Fretboard
import TheoryCore
import Testing

@Suite("Tunings")
struct TuningTests {
    @Test func catalogueSize() {
        #expect(Tuning.all.count >= 80)
        #expect(Tuning.instruments.count >= 30)
        #expect(Set(Tuning.all.map(\.id)).count == Tuning.all.count)
        #expect(Tuning.all.contains { $0.hasCourses })
    }

    /// Open strings from string 1 (thumb side), checked against method books by hand.
    static let openStringTable: [(String, String)] = [
        ("guitar-standard", "E2 A2 D3 G3 B3 E4"), ("guitar-drop-d", "D2 A2 D3 G3 B3 E4"),
        ("guitar-double-drop-d", "D2 A2 D3 G3 B3 D4"), ("guitar-dadgad", "D2 A2 D3 G3 A3 D4"),
        ("guitar-open-g", "D2 G2 D3 G3 B3 D4"), ("guitar-open-e", "E2 B2 E3 G#3 B3 E4"),
        ("guitar-half-step-down", "Eb2 Ab2 Db3 Gb3 Bb3 Eb4"), ("guitar-7-standard", "B1 E2 A2 D3 G3 B3 E4"),
        ("bass-standard", "E1 A1 D2 G2"), ("bass-5", "B0 E1 A1 D2 G2"), ("bass-6", "B0 E1 A1 D2 G2 C3"),
        ("ukulele-soprano", "G4 C4 E4 A4"), ("ukulele-baritone", "D3 G3 B3 E4"), ("mandolin", "G3 D4 A4 E5"),
        ("mandola", "C3 G3 D4 A4"), ("banjo-open-g", "G4 D3 G3 B3 D4"), ("banjo-double-c", "G4 C3 G3 C4 D4"),
        ("tenor-banjo-irish", "G2 D3 A3 E4"), ("violin", "G3 D4 A4 E5"), ("cello", "C2 G2 D3 A3"),
        ("double-bass", "E1 A1 D2 G2"), ("cavaquinho-standard", "D4 G4 B4 D5"), ("balalaika-prima", "E4 E4 A4"),
    ]

    @Test("open strings", arguments: openStringTable)
    func openStrings(_ id: String, _ expected: String) throws {
        #expect(try Tuning.named(id).openPitches.map(\.description).joined(separator: " ") == expected)
    }

    @Test func banjoShortStringAndUkuleleReentrance() throws {
        let banjo = try Tuning.named("banjo-open-g")
        #expect(banjo.strings[0].firstFret == 5)
        #expect(banjo.strings[1].firstFret == 0)
        #expect(banjo.isReentrant)
        #expect(try Tuning.named("ukulele-soprano").isReentrant)
        #expect(try !Tuning.named("guitar-standard").isReentrant)
        let twelve = try Tuning.named("guitar-12-standard")
        #expect(twelve.count == 6)
        #expect(twelve.strings[0].doubling.map(\.description) == ["E3"])
        #expect(try Tuning.named("mandolin").strings.allSatisfy { $0.doubling.count == 1 })
    }

    @Test func aliasesAndSuggestions() throws {
        #expect(try Tuning.named("guitar").id == "guitar-standard")
        #expect(try Tuning.named("bass-4").id == "bass-standard")
        #expect(throws: FretboardError.unknownTuning(id: "guitar-dropd", suggestion: "guitar-drop-d")) {
            try Tuning.named("guitar-dropd")
        }
    }

    @Test func customTuningsFromText() throws {
        let t = try Tuning(parsing: "E2 A2 D3 G3 B3 E4")
        #expect(t.openPitches == (try Tuning.named("guitar-standard").openPitches))
        let banjo = try Tuning(parsing: "G4@5 D3 G3 B3 D4")
        #expect(banjo.strings[0].firstFret == 5)
        let courses = try Tuning(parsing: "G3+G3, D4+D4, A4+A4, E5+E5", frets: 20)
        #expect(courses.strings[3].doubling.map(\.description) == ["E5"])
        #expect(try Tuning.resolve("D2 A2 D3 G3 A3 D4").openPitches == Tuning.named("guitar-dadgad").openPitches)
    }

    static let badTunings = ["", "E2 H2", "E2 A2@x", "E2 A", String(repeating: "E2 ", count: 40), "E2 A2@99", "C-9"]

    @Test("bad custom tunings are errors", arguments: badTunings)
    func badCustomTuning(_ text: String) {
        #expect(throws: FretboardError.self) { try Tuning(parsing: text) }
    }
}
