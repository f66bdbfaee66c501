import Foundation
import Testing

/// `score form`, `covers --bar 12/2` and positions given as bars (`--bar 47 [--at 0.5]`), on a copy of
/// Examples/minuet-repeat-session.json (bars 1–8 repeated; bars 100 pt wide, bar 1 at x 100 on the system y 100…200).
@Suite("Playing order on the command line")
struct PlayingOrderCommandTests {
    /// A copy of the minuet as a document and as a database.
    static func workspace() throws -> (dir: URL, json: String, sqlite: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-order-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let json = dir.appendingPathComponent("m.json")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Examples/minuet-repeat-session.json"), to: json)
        let sqlite = dir.appendingPathComponent("m.sqlite").path
        #expect(try CLIRunner.run("session", "import", json.path, sqlite).status == 0)
        return (dir, json.path, sqlite)
    }

    @Test("covers answers per pass and lists each take's passes, the same from a document and a database")
    func covers() throws {
        let (dir, json, sqlite) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for path in [json, sqlite] {
            let second = try CLIRunner.json("covers", path, "--bar", "5/2", "--json")
            #expect((second["query"] as? [String: Any])?["pass"] as? Int == 2)
            #expect((second["takes"] as? [[String: Any]])?.map { $0["number"] as? Int } == [1, 2])
            let every = try CLIRunner.json("covers", path, "--bar", "5", "--json")
            #expect((every["takes"] as? [[String: Any]])?.map { $0["passes"] as? [Int] } == [[1, 2], [2]])
            let first = try CLIRunner.json("covers", path, "--page", "1", "--x", "550", "--y", "150", "--json")
            #expect((first["takes"] as? [[String: Any]])?.count == 1)
            let point = try CLIRunner.json("covers", path, "--page", "1", "--x", "550", "--y", "150", "--pass", "2", "--json")
            #expect((point["takes"] as? [[String: Any]])?.count == 2)
        }
    }

    @Test("bad bars and passes exit 2 with a message naming them", arguments: [
        (["covers", "--bar", "10/2"], "bar 10 has no pass 2"),
        (["covers", "--bar", "5/0"], "pass"),
        (["covers", "--bar", "5/x"], "pass"),
        (["covers", "--bar", "40"], "40"),
        (["take", "start", "--bar", "9/2"], "bar 9 has no pass 2"),
        (["take", "start", "--bar", "3", "--page", "1"], "not both"),
        (["take", "start", "--bar", "3", "--at", "1.5"], "--at"),
        (["take", "start", "--page", "1", "--x", "150"], "--page, --x and --y"),
        (["take", "start", "--page", "1", "--x", "150", "--y", "150", "--at", "0.5"], "--at goes with --bar"),
        (["mark", "--take", "1", "--rating", "4", "--bar", "3", "--to-bar", "2/3"], "bar 2 has no pass 3"),
        (["score", "form", "--order", "1-8,1-"], "--order"),
        (["score", "form", "--order", "1-8,1-8,9-14"], "14"),
        (["score", "form", "--piece", "2", "--order", "1-12"], "piece"),
    ] as [([String], String)])
    func refusals(arguments: [String], message: String) throws {
        let (dir, json, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try Data(contentsOf: URL(fileURLWithPath: json))
        var full = arguments
        full.insert(json, at: arguments.firstIndex { $0.hasPrefix("--") }!)
        let result = try CLIRunner.run(full)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: json)) == before, "nothing written")
    }

    @Test("take start/end and mark by bar place the points through the layout, on their pass", arguments: ["json", "sqlite"])
    func byBar(kind: String) throws {
        let (dir, json, sqlite) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = kind == "json" ? json : sqlite
        let start = try CLIRunner.json("take", "start", path, "--bar", "3/2", "--at", "0.5", "--json")
        #expect(start["start"] as? [String: Double] == ["page": 1, "x": 350, "y": 150, "pass": 2])
        let mark = try CLIRunner.json("mark", path, "--take", "3", "--problem", "tempo", "--bar", "4/2", "--to-bar", "5/2", "--to-at", "0.5", "--json")
        #expect(mark["at"] as? [String: Double] == ["page": 1, "x": 400, "y": 150, "pass": 2])
        #expect(try CLIRunner.run("take", "end", path, "3", "--bar", "6/2", "--at", "0.9").status == 0)
        let covers = try CLIRunner.json("covers", path, "--bar", "4/2", "--json")
        #expect((covers["takes"] as? [[String: Any]])?.map { $0["number"] as? Int } == [1, 2, 3])
        let first = try CLIRunner.json("covers", path, "--bar", "4/1", "--json")
        #expect((first["takes"] as? [[String: Any]])?.map { $0["number"] as? Int } == [1])
        // Without --at a bar position is the bar's left barline; pass 1 is written without a pass.
        let plain = try CLIRunner.json("take", "start", path, "--bar", "10", "--json")
        #expect(plain["start"] as? [String: Double] == ["page": 1, "x": 400, "y": 350])
    }

    @Test("score form prints, sets and clears a piece's order; clearing is refused while takes lie on pass 2")
    func form() throws {
        let (dir, json, sqlite) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for path in [json, sqlite] {
            let shown = try CLIRunner.json("score", "form", path, "--json")
            #expect(shown["order"] as? [String] == ["1-8", "1-8", "9-12"] && shown["played"] as? Int == 20)
            let cleared = try CLIRunner.run("score", "form", path, "--order", "score")
            #expect(cleared.status == 2 && cleared.stderr.contains("pass 2"), "\(cleared.stderr)")
            let set = try CLIRunner.json("score", "form", path, "--order", "1-8, 1-8, 9-12, 9-12", "--json")
            #expect(set["order"] as? [String] == ["1-8", "1-8", "9-12", "9-12"] && set["played"] as? Int == 24)
            #expect(try CLIRunner.json("covers", path, "--bar", "10", "--json")["takes"].map { ($0 as? [[String: Any]])?.first?["passes"] as? [Int] } == [1])
            let detect = try CLIRunner.run("score", "form", path, "--detect")
            #expect(detect.status == 2 && detect.stderr.contains("score PDF"), "the example's score is not beside it: \(detect.stderr)")
        }
    }

    @Test("an order on one piece of two repeats only its bars, and clearing it gives back the coverage as it was")
    func withoutPieces() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-order-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("c.json").path
        try FileManager.default.copyItem(atPath: CLIRunner.packageRoot.appendingPathComponent("Examples/chorale-session.json").path, toPath: path)
        let before = try CLIRunner.run("coverage", path, "--json").stdout
        let set = try CLIRunner.json("score", "form", path, "--piece", "1", "--order", "1-4,1-12", "--json")
        #expect(set["played"] as? Int == 16)
        #expect(try CLIRunner.run("score", "form", path, "--order", "1-4").status == 2, "two pieces: --piece is needed")
        #expect(try CLIRunner.run("coverage", path, "--json").stdout.contains(#""pass":2"#))
        #expect(try CLIRunner.run("score", "form", path, "--piece", "1", "--order", "score").status == 0)
        #expect(try CLIRunner.run("coverage", path, "--json").stdout == before)
    }
}
