import Foundation
import Testing

/// A session whose score PDF was replaced by another (its SHA-256 differs) warns on every command that opens it.
@Suite("A changed score warns everywhere")
struct ScoreChangedWarningTests {
    static func message(_ path: String) -> String {
        "\(path) differs from the score the session was made on (SHA-256): marks may be drawn off their bars; "
            + "`tonmeister session rescore` moves them onto a new edition"
    }

    /// A session (.json or .sqlite) made on a copy of the chorale, then the copy replaced by the minuet.
    static func changedSession(in dir: URL, sqlite: Bool) throws -> (session: String, score: String) {
        let score = dir.appendingPathComponent("score.pdf")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Scores/chorale.pdf"), to: score)
        let json = dir.appendingPathComponent("s.json").path
        #expect(try CLIRunner.run("session", "create", json, "--score", score.path, "--detect").status == 0)
        #expect(try CLIRunner.run("take", "start", json, "--bar", "2").status == 0)
        var session = json
        if sqlite {
            session = dir.appendingPathComponent("s.sqlite").path
            #expect(try CLIRunner.run("session", "import", json, session).status == 0)
        }
        try FileManager.default.removeItem(at: score)
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Scores/minuet.pdf"), to: score)
        return (session, score.standardized.path)
    }

    @Test("every command that opens the session warns once, session check lists it", arguments: [false, true])
    func warns(sqlite: Bool) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-changed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let (session, score) = try Self.changedSession(in: dir, sqlite: sqlite)
        let line = "warning: " + Self.message(score)
        for arguments in [["covers", session, "--bar", "2"], ["takes", session], ["take", "end", session, "1", "--bar", "3"],
                          ["mark", session, "--take", "1", "--rating", "4", "--bar", "2"], ["undo", session], ["coverage", session]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.components(separatedBy: line).count == 2, "\(arguments) warns once: \(result.stderr)")
        }
        let json = try CLIRunner.run("take", "start", session, "--bar", "4", "--json")
        let answer = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let warnings = (answer["warnings"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "score-changed" }
        #expect(warnings.count == 1 && warnings.first?["message"] as? String == Self.message(score), "\(json.stdout)")

        let check = try CLIRunner.run("session", "check", session)
        #expect(check.status == 0)
        #expect(check.stdout.contains("  " + line), "\(check.stdout)")
        #expect(!check.stdout.contains("nothing to repair"))
        let strict = try CLIRunner.run("session", "check", session, "--strict")
        #expect(strict.status == 2, "--strict refuses a changed score")

        let plan = try CLIRunner.run("plan", session, "--format", "pdf", "-o", dir.appendingPathComponent("p.pdf").path)
        #expect(plan.stderr.components(separatedBy: line).count == 2, "plan --format pdf warns once: \(plan.stderr)")
    }

    @Test("plan --format pdf --score warns about the file given, and nothing warns when the score is the session's")
    func explicitScore() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-changed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let score = dir.appendingPathComponent("score.pdf")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Scores/chorale.pdf"), to: score)
        let session = dir.appendingPathComponent("s.json").path
        #expect(try CLIRunner.run("session", "create", session, "--score", score.path, "--detect").status == 0)
        #expect(try CLIRunner.run("take", "start", session, "--bar", "2").status == 0)
        let clean = try CLIRunner.run("session", "check", session)
        #expect(!clean.stdout.contains("differs") && !clean.stderr.contains("differs"), "\(clean.stdout)\(clean.stderr)")
        let other = CLIRunner.packageRoot.appendingPathComponent("Scores/minuet.pdf").path
        let plan = try CLIRunner.run("plan", session, "--format", "pdf", "--score", other, "-o", dir.appendingPathComponent("p.pdf").path)
        #expect(plan.stderr.contains("warning: " + Self.message(other)), "\(plan.stderr)")
    }
}
