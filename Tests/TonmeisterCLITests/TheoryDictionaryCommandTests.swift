import Foundation
import Testing

@Suite("Scale, chord, harmonize, docs and demo commands")
struct TheoryDictionaryCommandTests {
    @Test func scaleJSON() throws {
        let json = try CLIRunner.json("scale", "Fb", "melodic", "minor", "--json", "--octave", "3")
        #expect(json["notes"] as? [String] == ["Fb", "Gb", "Abb", "Bbb", "Cb", "Db", "Eb"])
        #expect(json["type"] as? String == "melodic-minor")
        #expect(json["formula"] as? String == "1 2 b3 4 5 6 7")
        #expect(json["intervals"] as? [String] == ["P1", "M2", "m3", "P4", "P5", "M6", "M7"])
        #expect(json["pitches"] as? [String] == ["Fb3", "Gb3", "Abb3", "Bbb3", "Cb4", "Db4", "Eb4"])
    }

    @Test func scaleModesListAndContaining() throws {
        #expect(try CLIRunner.run("scale", "C", "major", "--mode", "2").stdout == "D Dorian: 1 2 b3 4 5 6 b7\nD E F G A B C\n")
        let list = try CLIRunner.json("scale", "--list", "--json")["scales"] as? [[String: Any]] ?? []
        #expect(list.count >= 110)
        let found = try CLIRunner.json("scale", "--containing", "D", "E", "F#", "G#", "A#", "C", "--json")["scales"] as? [[String: Any]] ?? []
        #expect(found.first?["type"] as? String == "whole-tone")
    }

    @Test func chordJSONHasRootAndBass() throws {
        let json = try CLIRunner.json("chord", "Bbsus4/F", "--json")
        #expect(json["root"] as? String == "Bb")
        #expect(json["bass"] as? String == "F")
        #expect(json["notes"] as? [String] == ["Bb", "Eb", "F"])
        let plain = try CLIRunner.json("chord", "Caug", "--json")
        #expect(plain["notes"] as? [String] == ["C", "E", "G#"])
        #expect(plain["bass"] is NSNull)
    }

    @Test func identifyRanksThePlainReadingFirst() throws {
        let json = try CLIRunner.json("chord", "--identify", "C4", "E4", "G4", "Bb4", "--json")
        let candidates = json["candidates"] as? [[String: Any]] ?? []
        #expect(candidates.first?["symbol"] as? String == "C7")
        let inverted = try CLIRunner.json("chord", "--identify", "E", "G", "C", "--json")["candidates"] as? [[String: Any]]
        #expect(inverted?.first?["symbol"] as? String == "C/E")
    }

    @Test func arpeggioOverARange() throws {
        let json = try CLIRunner.json("chord", "Cdim7", "--from", "C4", "--to", "C5", "--json")
        let tones = (json["arpeggio"] as? [[String: Any]] ?? []).compactMap { $0["pitch"] as? String }
        #expect(tones == ["C4", "Eb4", "Gb4", "Bbb4", "C5"])
    }

    @Test func harmonizeJSON() throws {
        let json = try CLIRunner.json("harmonize", "Bb", "major", "--sevenths", "--json")
        let symbols = (json["chords"] as? [[String: Any]] ?? []).compactMap { $0["symbol"] as? String }
        #expect(symbols == ["Bbmaj7", "Cm7", "Dm7", "Ebmaj7", "F7", "Gm7", "Am7b5"])
        #expect(json["signature"] as? Int == -2)
    }

    static let badInputTable: [[String]] = [
        ["chord", "Cmaj77"], ["chord", ""], ["chord", "H7"], ["chord", String(repeating: "C7", count: 5_000)],
        ["chord", "--identify", "C4", "E", "G"], ["chord", "--identify", "X4"], ["chord"], ["chord", "C", "--limit", "0"],
        ["scale", "C", "majr"], ["scale", "C"], ["scale", "H", "major"], ["scale", "--list", "C", "major"],
        ["scale", "C", "major", "--mode", "9"], ["harmonize", "X", "major"], ["harmonize", ""], ["docs", "nothing"],
        ["chord", "Cmaj7", "--from", "C4"], ["scale", "--containing", "Q"],
    ]

    @Test("bad input exits 2", arguments: badInputTable)
    func badInput(_ arguments: [String]) throws {
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.lowercased().hasPrefix("error:"))
        #expect(r.stdout.isEmpty)
    }

    @Test func docsTablesAreUpToDate() throws {
        let doc = try String(contentsOf: ReadmeExampleTests.packageRoot.appendingPathComponent("docs/theory.md"), encoding: .utf8)
        for table in ["scales", "chords"] {
            let generated = try CLIRunner.run("docs", table).stdout
            let section = doc.components(separatedBy: "<!-- BEGIN GENERATED: \(table) -->\n")[1]
                .components(separatedBy: "<!-- END GENERATED: \(table) -->")[0]
            #expect(section == generated, "run scripts/update-docs")
        }
    }

    @Test func demoRunsTheStory() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLIRunner.run("demo", "--output-directory", dir.path)
        #expect(r.status == 0)
        #expect(r.stdout.contains("   - bars 1–4: take 9 (good)\n"))
        #expect(r.stdout.contains("8. C on guitar-standard: "))
        for name in ["plan.pdf", "plan.edl", "plan.otio", "plan.md", "C-voicings.svg", "Cdim7-arpeggio.svg"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path), "\(name)")
        }
        #expect(r.stdout.contains("Fb melodic minor:        Fb Gb Abb Bbb Cb Db Eb"))
        #expect(r.stdout.contains("E4 G4 C5       → C/E"))
    }
}

/// `chord --list` and `scale --list` say which libraries know each type, and by which names.
@Suite("Dictionary sources")
struct DictionarySourceTests {
    @Test("the major seventh is tonal's maj7, Δ, … and music21's maj7, M7; altered is tonal's super locrian")
    func sources() throws {
        let chords = try CLIRunner.json("chord", "--list", "--json")["chords"] as? [[String: Any]] ?? []
        let major7 = chords.first { $0["id"] as? String == "major-seventh" }?["sources"] as? [String: [String]]
        #expect(major7?["tonal"]?.contains("Δ") == true && major7?["tonal"]?.contains("major seventh") == true)
        #expect(major7?["music21"] == ["maj7", "M7"])
        let scales = try CLIRunner.json("scale", "--list", "--json")["scales"] as? [[String: Any]] ?? []
        let altered = scales.first { $0["id"] as? String == "altered" }?["sources"] as? [String: [String]]
        #expect(altered?["tonal"] == ["altered", "super locrian", "diminished whole tone", "pomeroy"])
        let yaman = scales.first { $0["id"] as? String == "lydian" }?["sources"] as? [String: [String]]
        #expect(yaman?["tonal"] == ["lydian"])
        let text = try CLIRunner.run("chord", "--list").stdout
        #expect(text.contains("Dominant seventh  [tonal: 7, dom, dominant seventh; music21: 7, dom7]"))
    }
}
