import Foundation
import Testing

/// A session whose movements come as two PDFs (`session add-score`): Scores/chorale.pdf (3 pages, bars 1–36) is
/// score 0, Scores/minuet.pdf (1 page, bars 1–32) score 1; both number their bars from 1.
@Suite("Several scores on the command line")
struct MultiScoreCommandTests {
    /// A session on the chorale with the minuet added, as a document and (imported) as a database.
    static func workspace() throws -> (dir: URL, json: String, sqlite: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-scores-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in ["chorale.pdf", "minuet.pdf"] {
            try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Scores/\(name)"), to: dir.appendingPathComponent(name))
        }
        let json = dir.appendingPathComponent("s.json").path
        try expectSuccess(CLIRunner.run("session", "create", json, "--score", dir.appendingPathComponent("chorale.pdf").path, "--detect"))
        try expectSuccess(CLIRunner.run("piece", "add", json, "--title", "Chorale", "--first-bar", "1", "--last-bar", "36"))
        let added = try CLIRunner.json("session", "add-score", json, dir.appendingPathComponent("minuet.pdf").path, "--title", "Minuet", "--json")
        #expect(added["score"] as? Int == 1)
        let scores = added["scores"] as? [[String: Any]]
        #expect(scores?.map { $0["pages"] as? Int } == [3, 1])
        #expect(scores?.map { $0["bars"] as? Int } == [36, 32])
        // Take 1 plays the chorale's bars 1–20, take 2 the minuet's 5–14, take 3 the minuet's 1–32 (rated 2).
        try expectSuccess(CLIRunner.run("take", "start", json, "--bar", "1", "--at", "0.1"))
        try expectSuccess(CLIRunner.run("take", "end", json, "1", "--bar", "20", "--at", "0.9"))
        try expectSuccess(CLIRunner.run("take", "start", json, "--score", "1", "--bar", "5", "--at", "0.1"))
        try expectSuccess(CLIRunner.run("mark", json, "--take", "2", "--rating", "5", "--score", "1", "--bar", "6"))
        try expectSuccess(CLIRunner.run("take", "end", json, "2", "--score", "1", "--bar", "14", "--at", "0.9"))
        try expectSuccess(CLIRunner.run("take", "start", json, "--score", "1", "--bar", "1", "--at", "0.1"))
        try expectSuccess(CLIRunner.run("mark", json, "--take", "3", "--rating", "2", "--score", "1", "--bar", "1", "--at", "0.2"))
        try expectSuccess(CLIRunner.run("take", "end", json, "3", "--score", "1", "--bar", "32", "--at", "0.9"))
        let sqlite = dir.appendingPathComponent("s.sqlite").path
        try expectSuccess(CLIRunner.run("session", "import", json, sqlite))
        return (dir, json, sqlite)
    }

    static func expectSuccess(_ result: CLIRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        if result.status != 0 { throw CLIRunner.CLIFailure(result: result) }
    }

    static func takes(_ answer: [String: Any]) -> [Int?] {
        (answer["takes"] as? [[String: Any]])?.map { $0["number"] as? Int } ?? []
    }

    @Test("the document names each position's score and its page in it; the pieces name their scores")
    func document() throws {
        let (dir, json, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        #expect(object?["score"] == nil && object?["layout"] == nil)
        let scores = object?["scores"] as? [[String: Any]]
        #expect(scores?.map { $0["file"] as? String } == ["chorale.pdf", "minuet.pdf"])
        #expect(scores?.allSatisfy { $0["layout"] != nil && ($0["sha256"] as? String)?.count == 64 } == true)
        let takes = object?["takes"] as? [[String: Any]]
        let starts = takes?.map { $0["start"] as? [String: Any] }
        #expect(starts?.map { $0?["score"] as? Int } == [0, 1, 1])
        #expect(starts?.map { $0?["page"] as? Int } == [2, 1, 1])
        let pieces = object?["pieces"] as? [[String: Any]]
        #expect(pieces?.map { $0["score"] as? Int } == [nil, 1])
        #expect(pieces?.map { $0["title"] as? String } == ["Chorale", "Minuet"])
    }

    @Test("covers finds a bar in the piece asked for; coverage names each bar's score", arguments: ["json", "sqlite"])
    func covers(kind: String) throws {
        let (dir, json, sqlite) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = kind == "json" ? json : sqlite
        #expect(Self.takes(try CLIRunner.json("covers", path, "--bar", "12", "--json")) == [1])
        #expect(Self.takes(try CLIRunner.json("covers", path, "--bar", "12", "--piece", "1", "--json")) == [1])
        #expect(Self.takes(try CLIRunner.json("covers", path, "--bar", "12", "--piece", "2", "--json")) == [2, 3])
        #expect(Self.takes(try CLIRunner.json("covers", path, "--bars", "20-25", "--piece", "2", "--json")) == [3])
        let coverage = try CLIRunner.json("coverage", path, "--json")
        let bars = coverage["bars"] as? [[String: Any]] ?? []
        #expect(bars.count == 68)
        #expect(bars.map { $0["score"] as? Int } == Array(repeating: 0, count: 36) + Array(repeating: 1, count: 32))
        #expect(bars[36 + 11]["takes"] as? [Int] == [2, 3])
    }

    @Test("the plan runs through both scores and names each position's score", arguments: ["json", "sqlite"])
    func plan(kind: String) throws {
        let (dir, json, sqlite) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = kind == "json" ? json : sqlite
        let plan = try CLIRunner.json("plan", path, "--format", "json")
        let segments = plan["segments"] as? [[String: Any]] ?? []
        #expect(segments.map { $0["take"] as? Int } == [1, 3, 2, 3])
        #expect(segments.map { ($0["from"] as? [String: Any])?["score"] as? Int } == [0, 1, 1, 1])
        #expect(segments.map { $0["fromBar"] as? String } == ["1", "1", "5", "15"])
        let piece = try CLIRunner.json("plan", path, "--format", "json", "--piece", "2")
        #expect((piece["segments"] as? [[String: Any]])?.map { $0["take"] as? Int } == [3, 2, 3])
        let pdf = dir.appendingPathComponent("plan.pdf").path
        let written = try CLIRunner.run("plan", path, "--format", "pdf", "-o", pdf)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("4 pages"), "\(written.stdout)")
        let info = try CLIRunner.json("score", "info", pdf, "--json")
        #expect((info["pages"] as? [Any])?.count == 4)
    }

    @Test("a document and its database write the same document")
    func roundTrip() throws {
        let (dir, json, sqlite) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let exported = dir.appendingPathComponent("back.json").path
        try Self.expectSuccess(CLIRunner.run("session", "export", sqlite, "-o", exported))
        #expect(try Data(contentsOf: URL(fileURLWithPath: exported)) == Data(contentsOf: URL(fileURLWithPath: json)))
    }

    @Test("a score the session lacks exits 2 with a message and saves nothing", arguments: [
        (["take", "start", "--score", "2", "--page", "1", "--x", "100", "--y", "100"], "there is no score 2"),
        (["take", "start", "--score", "1", "--page", "2", "--x", "100", "--y", "100"], "score 1: page 2 is past the 1 page of score 1"),
        (["take", "start", "--score", "5", "--bar", "3"], "there is no score 5"),
        (["mark", "--take", "2", "--rating", "4", "--score", "7", "--page", "1", "--x", "100", "--y", "100"], "there is no score 7"),
        (["covers", "--score", "3", "--page", "1", "--x", "100", "--y", "100"], "there is no score 3"),
        (["covers", "--bar", "40", "--piece", "2"], "40"),
        (["session", "rescore", "Scores/minuet.pdf", "--no-backup"], "--score N"),
        (["session", "rescore", "Scores/minuet.pdf", "--score", "4", "--no-backup"], "there is no score 4"),
        (["plan", "--format", "pdf", "-o", "x.pdf", "--score", "Scores/chorale.pdf"], "2 scores"),
    ] as [([String], String)])
    func refusals(arguments: [String], message: String) throws {
        let (dir, json, sqlite) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        for path in [json, sqlite] {
            let before = try CLIRunner.run("session", "export", path).stdout
            var full = arguments
            full.insert(path, at: arguments.firstIndex { $0.hasPrefix("-") || $0.hasPrefix("Scores/") }!)
            let result = try CLIRunner.run(full)
            #expect(result.status == 2, "\(full): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(try CLIRunner.run("session", "export", path).stdout == before, "nothing written")
        }
    }

    @Test("a new edition of one score moves only that score's takes and marks")
    func rescore() throws {
        let (dir, json, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        // The same minuet again as "a new edition" of score 1: every bar matches, nothing is left unplaced.
        let copy = dir.appendingPathComponent("minuet-2.pdf").path
        try FileManager.default.copyItem(atPath: dir.appendingPathComponent("minuet.pdf").path, toPath: copy)
        let report = try CLIRunner.json("session", "rescore", json, copy, "--score", "1", "--no-backup", "--json")
        #expect((report["unplaced"] as? [Any])?.isEmpty == true)
        let after = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        #expect((after?["scores"] as? [[String: Any]])?.map { $0["file"] as? String } == ["chorale.pdf", "minuet-2.pdf"])
        let takesBefore = before?["takes"] as? [[String: Any]], takesAfter = after?["takes"] as? [[String: Any]]
        #expect(NSDictionary(dictionary: takesBefore?[0]["start"] as? [String: Any] ?? [:]) == NSDictionary(dictionary: takesAfter?[0]["start"] as? [String: Any] ?? [:]))
        #expect(Self.takes(try CLIRunner.json("covers", json, "--bar", "12", "--piece", "2", "--json")) == [2, 3])
    }

    @Test("session show and check list every score; a changed score warns by its path")
    func check() throws {
        let (dir, json, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let show = try CLIRunner.json("session", "show", json, "--json")
        #expect((show["scores"] as? [[String: Any]])?.count == 2)
        #expect(try CLIRunner.run("session", "check", json).status == 0)
        let minuet = dir.appendingPathComponent("minuet.pdf")
        var bytes = try Data(contentsOf: minuet)
        bytes.append(contentsOf: Array("\n% changed\n".utf8))
        try bytes.write(to: minuet)
        let check = try CLIRunner.run("session", "check", json, "--json")
        #expect(check.stdout.contains("score-changed") && check.stdout.contains("minuet.pdf"), "\(check.stdout)")
    }
}
