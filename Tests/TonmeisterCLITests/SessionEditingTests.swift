import Foundation
import Testing

@Suite("Editing sessions from the command line")
struct SessionEditingTests {
    /// A fresh copy of the example session (and, when asked, its import as a database) in a temporary folder.
    static func workspace() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Examples/chorale-session.json"),
                                         to: dir.appendingPathComponent("s.json"))
        return dir
    }

    @Test func jsonAndSQLiteGiveTheSameAnswer() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("s.json").path, db = dir.appendingPathComponent("s.sqlite").path
        #expect(try CLIRunner.run("session", "import", json, db).status == 0)
        for bar in ["1", "12", "24", "36"] {
            let a = try CLIRunner.run("covers", json, "--bar", bar, "--json")
            let b = try CLIRunner.run("covers", db, "--bar", bar, "--json")
            #expect(a.status == 0 && a.stdout == b.stdout)
        }
        #expect(try CLIRunner.run("coverage", json, "--json").stdout == (try CLIRunner.run("coverage", db, "--json").stdout))
        #expect(try CLIRunner.run("session", "import", json, db).status == 2, "an existing database is never overwritten")
    }

    @Test("take start, mark, take end", arguments: ["s.json", "s.sqlite"])
    func producerWorkflow(_ name: String) throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        if name.hasSuffix(".sqlite") {
            #expect(try CLIRunner.run("session", "import", dir.appendingPathComponent("s.json").path, path).status == 0)
        }
        let start = try CLIRunner.json("take", "start", path, "--page", "2", "--x", "80", "--y", "250", "--json")
        #expect(start["number"] as? Int == 31)
        #expect(start["open"] as? Bool == true)
        let mark = try CLIRunner.json("mark", path, "--take", "31", "--rating", "5", "--page", "2", "--x", "120", "--y", "255", "--json")
        #expect(mark["id"] as? Int == 79)
        #expect(try CLIRunner.run("mark", path, "--take", "31", "--problem", "intonation", "--text", "viola",
                                  "--page", "2", "--x", "150", "--y", "255").status == 0)
        #expect(try CLIRunner.run("take", "end", path, "31", "--page", "2", "--x", "250", "--y", "255").status == 0)
        let covers = try CLIRunner.json("covers", path, "--page", "2", "--x", "200", "--y", "255", "--json")
        let take = (covers["takes"] as? [[String: Any]] ?? []).first { $0["number"] as? Int == 31 }
        #expect(take?["rating"] as? Int == 5)
        #expect(take?["open"] as? Bool == false)
        #expect(try CLIRunner.run("take", "note", path, "31", "viola late, 2nd violin lovely").status == 0)
        let takes = try CLIRunner.json("takes", path, "--json")["takes"] as? [[String: Any]] ?? []
        #expect(takes.count == 31)
        #expect(takes.last?["note"] as? String == "viola late, 2nd violin lovely")
        #expect(takes.last?["marks"] as? Int == 2)
        #expect(try CLIRunner.run("take", "note", path, "99", "x").status == 2)
        // A deleted mark is not counted: `takes` counts only live marks.
        #expect(try CLIRunner.run("mark", "delete", path, "79").status == 0)
        let after = try CLIRunner.json("takes", path, "--json")["takes"] as? [[String: Any]] ?? []
        #expect(after.last?["marks"] as? Int == 1)
        let line = try CLIRunner.run("takes", path).stdout.split(separator: "\n").first { $0.hasPrefix("take 31 ") }
        #expect(line?.contains(" 1 mark") == true, "\(line ?? "no line for take 31")")
    }

    @Test("undo walks back take start, mark, end, note and deletes, the same on both kinds", arguments: ["s.json", "s.sqlite"])
    func undo(_ name: String) throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        if name.hasSuffix(".sqlite") {
            #expect(try CLIRunner.run("session", "import", dir.appendingPathComponent("s.json").path, path).status == 0)
        }
        #expect(try CLIRunner.run("undo", path).stderr == "error: nothing to undo: the session's history is empty\n")
        #expect(try CLIRunner.run("take", "start", path, "--page", "2", "--x", "80", "--y", "250").status == 0)
        #expect(try CLIRunner.run("mark", path, "--take", "31", "--rating", "2", "--page", "2", "--x", "120", "--y", "255").status == 0)
        #expect(try CLIRunner.run("take", "end", path, "31", "--page", "2", "--x", "250", "--y", "255").status == 0)
        #expect(try CLIRunner.run("take", "note", path, "31", "late horn").status == 0)
        #expect(try CLIRunner.run("mark", "delete", path, "5").status == 0)
        #expect(try CLIRunner.run("take", "delete", path, "5").status == 0)
        let outputs = try (0..<6).map { _ in try CLIRunner.run("undo", path).stdout }
        #expect(outputs == [
            "undone: delete-take (restores take 5)\n",
            "undone: delete-mark (restores mark 5)\n",
            "undone: take-note (clears the note of take 31)\n",
            "undone: take-end (reopens take 31)\n",
            "undone: mark (removes mark 79)\n",
            "undone: take-start (removes take 31)\n",
        ])
        let json = try CLIRunner.run("undo", path, "--json")
        #expect(json.status == 2)
        let covers = try CLIRunner.json("covers", path, "--bar", "5", "--json")["takes"] as? [[String: Any]] ?? []
        #expect(!covers.contains { $0["number"] as? Int == 31 })
        #expect(covers.contains { $0["number"] as? Int == 5 })
        let takes = try CLIRunner.json("takes", path, "--json")["takes"] as? [[String: Any]] ?? []
        #expect(takes.count == 30, "the undone take is deleted, not listed")
        let next = try CLIRunner.json("take", "start", path, "--page", "2", "--x", "80", "--y", "250", "--json")
        #expect(next["number"] as? Int == 32, "take numbers are never reused")
        #expect(try CLIRunner.run("undo", path, "--json").stdout == #"{"undone":{"action":"take-start","take":32},"effect":"removes take 32"}"# + "\n")
    }

    static let rejected: [[String]] = [
        ["mark", "SESSION", "--take", "99", "--rating", "4", "--page", "2", "--x", "120", "--y", "255"],
        ["mark", "SESSION", "--take", "4", "--rating", "7", "--page", "2", "--x", "120", "--y", "255"],
        ["mark", "SESSION", "--take", "4", "--page", "2", "--x", "120", "--y", "255"],
        ["take", "start", "SESSION", "--page", "9", "--x", "1", "--y", "1"],
        ["take", "end", "SESSION", "11", "--page", "2", "--x", "60", "--y", "50"],
        ["take", "end", "SESSION", "77", "--page", "2", "--x", "60", "--y", "50"],
        ["take", "delete", "SESSION", "77"],
        ["mark", "delete", "SESSION", "500"],
        ["undo", "SESSION"],
    ]

    @Test("rejected edits exit 2 and leave the session as it was", arguments: rejected)
    func rejectedEdit(_ template: [String]) throws {
        for name in ["s.json", "s.sqlite"] {
            let dir = try Self.workspace()
            defer { try? FileManager.default.removeItem(at: dir) }
            let path = dir.appendingPathComponent(name).path
            if name.hasSuffix(".sqlite") {
                #expect(try CLIRunner.run("session", "import", dir.appendingPathComponent("s.json").path, path).status == 0)
            }
            let before = try CLIRunner.run("session", "export", path).stdout
            let r = try CLIRunner.run(template.map { $0 == "SESSION" ? path : $0 })
            #expect(r.status == 2, "\(name): \(r.stderr)")
            #expect(r.stderr.lowercased().hasPrefix("error:"))
            #expect(try CLIRunner.run("session", "export", path).stdout == before, "\(name) unchanged")
        }
    }
}

@Suite("Creating sessions")
struct SessionCreateTests {
    @Test("create on a score, then record", arguments: ["new.json", "new.sqlite"])
    func createAndRecord(_ name: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-create-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        let created = try CLIRunner.json("session", "create", path, "--score", "Scores/prelude.pdf", "--detect",
                                         "--title", "Prelude, day 2", "--json")
        #expect(created["bars"] as? Int == 35)
        #expect((created["sha256"] as? String)?.count == 64)
        #expect(try CLIRunner.run("take", "start", path, "--page", "1", "--x", "80", "--y", "140").status == 0)
        #expect(try CLIRunner.run("mark", path, "--take", "1", "--rating", "4", "--page", "1", "--x", "200", "--y", "140").status == 0)
        let covers = try CLIRunner.json("covers", path, "--bar", "3", "--json")["takes"] as? [[String: Any]] ?? []
        #expect(covers.first?["rating"] as? Int == 4)
        #expect(covers.first?["open"] as? Bool == true)
        let again = try CLIRunner.run("session", "create", path, "--score", "Scores/prelude.pdf")
        #expect(again.status == 2, "an existing session is never overwritten")
    }

    @Test func withoutALayoutQueriesSayWhy() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-create-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.json").path
        #expect(try CLIRunner.run("session", "create", path, "--score", "Scores/minuet.pdf").status == 0)
        let r = try CLIRunner.run("covers", path, "--bar", "1")
        #expect(r.status == 2)
        #expect(r.stderr.contains("no layout"))
        #expect(try CLIRunner.run("session", "create", dir.appendingPathComponent("x.txt").path, "--score", "Scores/minuet.pdf").status == 2)
        #expect(try CLIRunner.run("session", "create", dir.appendingPathComponent("y.json").path, "--score", "nope.pdf").status == 2)
    }
}
