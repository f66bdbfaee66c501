import Foundation
import Testing

@Suite("Theory commands")
struct TheoryCommandTests {
    @Test func intervalJSONHasTheDocumentedShape() throws {
        let json = try CLIRunner.json("interval", "C#4", "Bb5", "--json")
        #expect(json["from"] as? String == "C#4")
        #expect(json["to"] as? String == "Bb5")
        #expect(json["name"] as? String == "d14")
        #expect(json["directedName"] as? String == "d14")
        #expect(json["simpleName"] as? String == "d7")
        #expect(json["semitones"] as? Int == 21)
        #expect(json["quality"] as? String == "d")
        #expect(json["number"] as? Int == 14)
        #expect(json["direction"] as? String == "ascending")
        #expect(json["longName"] as? String == "diminished fourteenth")
        #expect(json["inversion"] as? String == "A2")
    }

    @Test func doublyAugmentedSeventh() throws {
        let json = try CLIRunner.json("interval", "C4", "B##4", "--json")
        #expect(json["name"] as? String == "AA7")
        #expect(json["semitones"] as? Int == 13)
    }

    @Test func intervalText() throws {
        let r = try CLIRunner.run("interval", "E4", "C4")
        #expect(r.status == 0)
        #expect(r.stdout == "E4 → C4: M-3 (descending major third), -4 semitones, inversion m6\n")
    }

    @Test func transposeDownKeepsSpelling() throws {
        let json = try CLIRunner.json("transpose", "B##5", "P5", "--down", "--json")
        #expect(json["pitch"] as? String == "B##5")
        #expect(json["interval"] as? String == "P5")
        #expect(json["down"] as? Bool == true)
        #expect(json["result"] as? String == "E##5")
        #expect(try CLIRunner.run("transpose", "B##5", "P5", "--down").stdout == "E##5\n")
        #expect(try CLIRunner.run("transpose", "Gb", "b3").stdout == "Bbb\n")
        #expect(try CLIRunner.run("transpose", "C4", "#11", "--unicode").stdout == "F♯5\n")
    }

    @Test func enharmonicSpellings() throws {
        let json = try CLIRunner.json("enharmonics", "C#4", "--json")
        #expect(json["pitch"] as? String == "C#4")
        #expect(json["spellings"] as? [String] == ["C#4", "Db4", "B##3"])
        #expect(try CLIRunner.run("enharmonics", "Db").stdout == "Db C# B##\n")
    }

    static let badInputTable: [[String]] = [
        ["interval", "H#4", "C4"], ["interval", "C#", "D4"], ["transpose", "C4", "Q7"], ["interval", "", "C4"],
        ["interval", String(repeating: "C", count: 10_000), "C4"], ["transpose", "C4", ""], ["enharmonics", "X"],
        ["transpose", "C4", String(repeating: "M", count: 10_000)], ["interval", "C4"], ["interval", "C4", "D4", "E4"],
        ["interval", "C4", "D4", "--bogus"], ["nonsense-command"], ["transpose", "C4", "P3"],
    ]

    @Test("bad input exits 2 with a message on stderr", arguments: badInputTable)
    func badInputExitsTwo(_ arguments: [String]) throws {
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.lowercased().hasPrefix("error:"))
        #expect(r.stderr.count < 2_000, "messages stay short even for huge input")
    }

    @Test func errorMessagesNameTheBadPart() throws {
        #expect(try CLIRunner.run("interval", "H#4", "C4").stderr
            == "error: invalid pitch 'H#4': 'H' is not a note letter (the German H is B); did you mean 'B#4'?\n")
        #expect(try CLIRunner.run("interval", "C#", "D4").stderr
            == "error: invalid pitch 'C#': missing octave number; did you mean 'C#4'?\n")
        #expect(try CLIRunner.run("transpose", "C4", "Q7").stderr.contains("'Q' is not an interval quality"))
    }

    @Test func helpExitsZero() throws {
        let r = try CLIRunner.run("--help")
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: tonmeister <subcommand>"))
        #expect(r.stdout.contains("interval"))
    }
}
