import Foundation
import Testing

/// `score numbering` and `piece …` on a session made from a LilyPond book of three pieces on one page, each
/// numbered from 1 (the first with an upbeat), as the print numbers them.
@Suite("Numbering bars and pieces from the command line")
struct NumberingCommandTests {
    static func workspace() throws -> (URL, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-numbering-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let pdf = dir.appendingPathComponent("book.pdf")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Tests/ScoreDocumentTests/Corpus/numbering/book-a.pdf"), to: pdf)
        let path = dir.appendingPathComponent("s.json").path
        #expect(try CLIRunner.run("session", "create", path, "--score", pdf.path, "--detect").status == 0)
        return (dir, path)
    }

    static func firsts(_ answer: [String: Any]) -> [String] {
        (answer["systems"] as? [[String: Any]] ?? []).compactMap { $0["firstBar"] as? String }
    }

    @Test func handRulesAndPieces() throws {
        let (dir, path) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shown = try CLIRunner.json("score", "numbering", path, "--json")
        let printed = Self.firsts(shown)
        #expect(printed.first == "0", "session create numbers the upbeat 0 as printed: \(printed)")
        // Counting from 1 by hand, then restarting where the second piece begins.
        let counted = Self.firsts(try CLIRunner.json("score", "numbering", path, "--first", "1", "--json"))
        #expect(counted.first == "1" && counted.count == printed.count)
        let restart = counted[3]
        let restarted = Self.firsts(try CLIRunner.json("score", "numbering", path, "--restart-at", "\(restart)=1", "--json"))
        #expect(restarted[3] == "1" && restarted[0] == "1")
        // Back to the print.
        let again = Self.firsts(try CLIRunner.json("score", "numbering", path, "--from-print", "--json"))
        #expect(again == printed)

        // Pieces: three, each numbered from its own first bar.
        let lastOfFirst = try Self.lastBar(of: 2, path)
        #expect(try CLIRunner.run("piece", "add", path, "--title", "I. Minuet", "--first-bar", "0", "--last-bar", lastOfFirst).status == 0)
        let lastOfSecond = try Self.lastBar(of: 5, path)
        let added = try CLIRunner.json("piece", "add", path, "--title", "II. Trio", "--first-bar", "1", "--last-bar", lastOfSecond, "--key", "C major", "--json")
        let list = added["pieces"] as! [[String: Any]]
        #expect(list.count == 2 && list[1]["title"] as? String == "II. Trio")
        #expect(try CLIRunner.run("piece", "set", path, "2", "--title", "Trio").status == 0)
        #expect(try CLIRunner.run("piece", "move", path, "2", "--to", "1").status == 0)
        let moved = try CLIRunner.json("piece", "list", path, "--json")["pieces"] as! [[String: Any]]
        #expect(moved.map { $0["title"] as? String } == ["Trio", "I. Minuet"])
        #expect(try CLIRunner.run("piece", "add", path, "--title", "bad", "--first-bar", "1", "--last-bar", "999").status == 2)
        #expect(try CLIRunner.run("piece", "set", path, "1", "--key", "H dur").status == 2)
        #expect(try CLIRunner.run("score", "numbering", path, "--restart-at", "999").status == 2)
    }

    /// The last bar number of the system with this index (0-based) on page 1.
    static func lastBar(of system: Int, _ path: String) throws -> String {
        let systems = try CLIRunner.json("score", "numbering", path, "--json")["systems"] as! [[String: Any]]
        return systems[system]["lastBar"] as! String
    }

    @Test func takeStartOutsideItsPieceWarnsAndLabelsFollowThePiece() throws {
        let (dir, path) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLIRunner.run("piece", "add", path, "--title", "I", "--first-bar", "0", "--last-bar", try Self.lastBar(of: 2, path), "--prefix", "A").status == 0)
        #expect(try CLIRunner.run("piece", "add", path, "--title", "II", "--first-bar", "1", "--last-bar", try Self.lastBar(of: 5, path), "--prefix", "B").status == 0)
        var session = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        var numbering = session["numbering"] as? [String: Any] ?? [:]
        numbering["prefixPerPiece"] = true
        session["numbering"] = numbering
        try JSONSerialization.data(withJSONObject: session).write(to: URL(fileURLWithPath: path))
        let systems = ((session["layout"] as! [String: Any])["pages"] as! [[String: Any]])[0]["systems"] as! [[String: Any]]
        func at(system: Int) -> [String] {
            let s = systems[system], bar = (s["bars"] as! [[String: Any]])[1]
            return ["--page", "1", "--x", String(((bar["left"] as! Double) + (bar["right"] as! Double)) / 2), "--y", String((s["top"] as! Double) + 5)]
        }
        let started = try CLIRunner.run(["take", "start", path, "--json"] + at(system: 4))
        let auto = try JSONSerialization.jsonObject(with: Data(started.stdout.utf8)) as? [String: Any] ?? [:]
        #expect((auto["label"] as? String)?.hasPrefix("B") == true, "the piece comes from the bar: \(auto)")
        let outside = try CLIRunner.run(["take", "start", path, "--piece", "1", "--json"] + at(system: 4))
        #expect(outside.status == 0)
        #expect(outside.stdout.contains("take-outside-piece") || outside.stderr.contains("outside piece 1"), "\(outside.stdout) \(outside.stderr)")
    }
}
