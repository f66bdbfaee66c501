import Foundation
import Testing

/// Issue 31 at the command line: what the theory commands print, they read; values with a leading minus; pitch-class
/// intervals; chromatic spelling; any mode harmonized; roman numerals; Latin names; seven-note chords identified.
@Suite("Theory commands: round trips and new inputs")
struct TheoryRoundTripCommandTests {
    @Test("a value with a leading minus is a value, not an option")
    func dashValues() throws {
        #expect(try CLIRunner.run("transpose", "C4", "-M3").stdout == "Ab3\n")
        let bh = try CLIRunner.run("interval", "C4", "-bh")
        #expect(bh.status == 2)
        #expect(bh.stderr.contains("invalid pitch '-bh'"))
        #expect(try CLIRunner.json("transpose", "C4", "-M3", "--json")["result"] as? String == "Ab3")
        #expect(try CLIRunner.run("transpose", "--down", "C4", "-M3").stdout == "E4\n")
    }

    @Test("the widest interval reads back, and transposition by it returns")
    func widestInterval() throws {
        let json = try CLIRunner.json("interval", "C-10", "G20", "--json")
        let name = try #require(json["directedName"] as? String)
        #expect(name == "P215")
        #expect(try CLIRunner.run("transpose", "C-10", name).stdout == "G20\n")
    }

    @Test("results beyond three sharps or flats are refused before printing, naming the same sound")
    func refusals() throws {
        let r = try CLIRunner.run("transpose", "G###4", "A1")
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("G####4 has 4 sharps") && r.stderr.contains("the same sound is B4"))
        #expect(try CLIRunner.run("scale", "B###", "major").status == 2)
        #expect(try CLIRunner.run("chord", "B###13#11").status == 2)
        #expect(try CLIRunner.run("harmonize", "G###### major").stderr.contains("the tonic has more than 3 sharps or flats"))
    }

    @Test func pitchClassIntervals() throws {
        #expect(try CLIRunner.json("interval", "C", "G", "--json")["name"] as? String == "P5")
        #expect(try CLIRunner.json("interval", "G", "C", "--json")["name"] as? String == "P4")
    }

    @Test("the chromatic scale: sharps up, flats down")
    func chromatic() throws {
        #expect(try CLIRunner.json("scale", "F#", "chromatic", "--json")["notes"] as? [String]
            == ["F#", "G", "G#", "A", "A#", "B", "C", "C#", "D", "D#", "E", "E#"])
        #expect(try CLIRunner.json("scale", "F#", "chromatic", "--descending", "--json")["notes"] as? [String]
            == ["F#", "F", "E", "Eb", "D", "Db", "C", "B", "Bb", "A", "Ab", "G"])
    }

    @Test("harmonize any mode of any scale")
    func modes() throws {
        let json = try CLIRunner.json("harmonize", "D", "dorian", "--json")
        let chords = try #require(json["chords"] as? [[String: Any]])
        #expect(chords.map { $0["symbol"] as? String } == ["Dm", "Em", "F", "G", "Am", "Bdim", "C"])
        #expect(try CLIRunner.run("harmonize", "C", "lydian", "dominant", "--sevenths").status == 0)
    }

    @Test("roman numerals to chords in a key and back")
    func romans() throws {
        let json = try CLIRunner.json("chord", "V7/V", "--key", "G", "--json")
        #expect(json["symbol"] as? String == "A7")
        #expect(json["roman"] as? String == "V7/V")
        #expect(try CLIRunner.json("chord", "D7", "--key", "G", "--json")["roman"] as? String == "V7")
        let r = try CLIRunner.json("harmonize", "C", "major", "--romans", "ii7", "V7", "Imaj7", "bVII", "V6/5", "--json")
        let rows = try #require(r["romans"] as? [[String: Any]])
        #expect(rows.map { $0["symbol"] as? String } == ["Dm7", "G7", "Cmaj7", "Bb", "G7/B"])
        #expect(rows.map { $0["reading"] as? String } == ["ii7", "V7", "Imaj7", "bVII", "V65"])
    }

    @Test("Latin and solfège names as input, and --names latin")
    func latin() throws {
        #expect(try CLIRunner.json("interval", "Do4", "Sol4", "--json")["name"] as? String == "P5")
        #expect(try CLIRunner.json("transpose", "Ré", "M3", "--json")["result"] as? String == "F#")
        #expect(try CLIRunner.json("scale", "Si♭", "major", "--json")["root"] as? String == "Bb")
        #expect(try CLIRunner.json("chord", "Sol#m7", "--json")["root"] as? String == "G#")
        #expect(try CLIRunner.run("scale", "Sol", "major", "--names", "latin").stdout.contains("Sol La Si Do Ré Mi Fa#"))
    }

    @Test("complete seven-note chords are named from their root")
    func sevenNoteChords() throws {
        for (notes, symbol) in [(["C4", "E4", "G4", "Bb4", "D5", "F5", "A5"], "C13"), (["C", "E", "G", "B", "D", "F", "A"], "Cmaj13"),
                                (["C", "Eb", "Gb", "Bb", "D", "F", "A"], "Cø13")] {
            let r = try CLIRunner.run(["chord", "--identify"] + notes + ["--json"])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            let first = try #require((json["candidates"] as? [[String: Any]])?.first)
            #expect(first["symbol"] as? String == symbol, "\(notes)")
        }
    }
}
