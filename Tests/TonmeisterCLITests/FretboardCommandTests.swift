import Foundation
import Testing

@Suite("Fretboard commands")
struct FretboardCommandTests {
    @Test func tuningsJSONHasTheDocumentedShape() throws {
        let json = try CLIRunner.json("tunings", "--json")
        let tunings = try #require(json["tunings"] as? [[String: Any]])
        #expect(tunings.count >= 80)
        let standard = try #require(tunings.first { $0["id"] as? String == "guitar-standard" })
        #expect(standard["name"] as? String == "Standard")
        #expect(standard["instrument"] as? String == "guitar")
        #expect(standard["strings"] as? [String] == ["E2", "A2", "D3", "G3", "B3", "E4"])
        #expect(standard["frets"] as? Int == 22)
        let banjo = try #require(tunings.first { $0["id"] as? String == "banjo-open-g" })
        #expect(banjo["strings"] as? [String] == ["G4", "D3", "G3", "B3", "D4"])
        #expect(banjo["firstFrets"] as? [Int] == [5, 0, 0, 0, 0])
        #expect(Set(tunings.compactMap { $0["instrument"] as? String }).count >= 30)
    }

    @Test func fretboardJSONCellsCarryFormulaIntervals() throws {
        let json = try CLIRunner.json("fretboard", "arpeggio", "C", "dim7", "--tuning", "guitar-standard", "--frets", "0-4", "--json")
        #expect(json["stringOrder"] as? String == "string 1 is the string nearest the player's thumb")
        let cells = try #require(json["cells"] as? [[String: Any]])
        let open = try #require(cells.first { $0["string"] as? Int == 2 && $0["fret"] as? Int == 0 })
        #expect(open["note"] as? String == "Bbb2")
        #expect(open["interval"] as? String == "d7")
        #expect(open["degree"] as? String == "bb7")
        #expect(Set(cells.compactMap { $0["degree"] as? String }) == ["1", "b3", "b5", "bb7"])
    }

    @Test func fretboardScaleText() throws {
        let r = try CLIRunner.run("fretboard", "scale", "C", "major", "--frets", "0-3")
        #expect(r.status == 0)
        #expect(r.stdout == """
            C major on guitar-standard
                  0     1     2     3
            6 E4  3 ||--4--|-----|--5--|
            5 B3  7 ||--1--|-----|--2--|
            4 G3  5 ||-----|--6--|-----|
            3 D3  2 ||-----|--3--|--4--|
            2 A2  6 ||-----|--7--|--1--|
            1 E2  3 ||--4--|-----|--5--|

            """)
    }

    @Test func positionsByNumberAndSystem() throws {
        let json = try CLIRunner.json("fretboard", "scale", "G", "major", "--position", "4", "--system", "caged", "--json")
        let position = try #require(json["position"] as? [String: Any])
        #expect(position["name"] as? String == "E shape")
        #expect(position["system"] as? String == "caged")
        let cells = try #require(json["cells"] as? [[String: Any]])
        #expect(cells.filter { $0["string"] as? Int == 1 }.compactMap { $0["fret"] as? Int } == [2, 3, 5])
        let nps = try CLIRunner.json("fretboard", "scale", "A", "dorian", "--position", "1", "--system", "3nps", "--json")
        let npsCells = try #require(nps["cells"] as? [[String: Any]])
        #expect(npsCells.count == 18)
        let r = try CLIRunner.run("fretboard", "scale", "C", "major", "--position", "1", "--system", "caged", "--tuning", "ukulele-soprano")
        #expect(r.status == 2)
        #expect(r.stderr.contains("six-string"))
    }

    @Test func voicingsJSONHasTheDocumentedShape() throws {
        let json = try CLIRunner.json("voicings", "C", "--tuning", "guitar-standard", "--limit", "3", "--json")
        let voicings = try #require(json["voicings"] as? [[String: Any]])
        #expect(voicings.count == 3)
        let first = voicings[0]
        let frets = try #require(first["frets"] as? [Any])
        #expect(frets.count == 6)
        #expect(frets[0] is NSNull)
        #expect(frets.dropFirst().compactMap { $0 as? Int } == [3, 2, 0, 1, 0])
        let fingers = try #require(first["fingers"] as? [Any])
        #expect(fingers.compactMap { $0 as? Int } == [3, 2, 1])
        #expect((first["notes"] as? [Any])?.compactMap { $0 as? String } == ["C3", "E3", "G3", "C4", "E4"])
        #expect(first["score"] is Double)
        let scores = voicings.compactMap { $0["score"] as? Double }
        #expect(scores == scores.sorted())
    }

    @Test func voicingOptions() throws {
        let r = try CLIRunner.run("voicings", "D/F#", "--allow-muted", "--max-span", "4", "--max-fingers", "4", "--limit", "40")
        #expect(r.status == 0)
        #expect(r.stdout.contains("2x0232 "))
        let bass = try CLIRunner.run("voicings", "C", "--bass", "E", "--limit", "1")
        #expect(bass.stdout.hasPrefix("032010 "))
        let uke = try CLIRunner.run("voicings", "C", "--tuning", "ukulele-soprano", "--limit", "1")
        #expect(uke.stdout.hasPrefix("0003 "))
        let custom = try CLIRunner.run("voicings", "G", "--tuning", "D2 G2 D3 G3 B3 D4", "--limit", "1")
        #expect(custom.stdout.hasPrefix("x00000 "))   // the root G lowest: the low D string is muted
    }

    @Test func svgFilesAreWritten() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fret-svg-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let boxes = dir.appendingPathComponent("c.svg").path, neck = dir.appendingPathComponent("neck.svg").path
        #expect(try CLIRunner.run("voicings", "C", "--limit", "4", "--svg", boxes).status == 0)
        #expect(try CLIRunner.run("fretboard", "scale", "G", "major", "--position", "4", "--left-handed", "--svg", neck).status == 0)
        for path in [boxes, neck] {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasPrefix("<?xml") && text.hasSuffix("</svg>\n"))
        }
        let failed = try CLIRunner.run("voicings", "C", "--svg", dir.appendingPathComponent("no/such/dir/c.svg").path)
        #expect(failed.status == 1)
    }

    @Test func docsTuningTableIsUpToDate() throws {
        let doc = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("docs/fretboard.md"), encoding: .utf8)
        let section = doc.components(separatedBy: "<!-- BEGIN GENERATED: tunings -->\n")[1]
            .components(separatedBy: "<!-- END GENERATED: tunings -->")[0]
        #expect(section == (try CLIRunner.run("tunings", "--markdown").stdout), "regenerate with tonmeister tunings --markdown")
    }

    static let badInputTable: [[String]] = [
        ["voicings", "Hmaj7"], ["voicings", "C", "--tuning", "guitar-standrd"], ["voicings", "C", "--max-span", "0"],
        ["voicings", "C", "--max-fingers", "9"], ["voicings", "C", "--limit", "0"], ["fretboard", "scale", "C"],
        ["fretboard", "scale", "C", "nonsense"], ["fretboard", "chord", "C", "--frets", "9-2"],
        ["fretboard", "chord", "C", "--frets", "0-99"], ["fretboard", "polka", "C"], ["tunings", "--instrument", "kazoo"],
        ["voicings", "C", "--tuning", "E2 Q2"], ["voicings", "C", "--capo", "30"], ["voicings", "C", "--bass", "Z"],
    ]

    @Test("bad input exits 2 with a message on stderr", arguments: badInputTable)
    func badInputExitsTwo(_ arguments: [String]) throws {
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 2, "\(arguments): \(r.stderr)")
        #expect(r.stderr.hasPrefix("error:") || r.stderr.hasPrefix("Error:"))
        #expect(r.stdout.isEmpty)
    }

    @Test func unknownTuningSuggestsTheNearestId() throws {
        let r = try CLIRunner.run("voicings", "C", "--tuning", "guitar-standrd")
        #expect(r.stderr.contains("did you mean 'guitar-standard'?"))
    }
}
