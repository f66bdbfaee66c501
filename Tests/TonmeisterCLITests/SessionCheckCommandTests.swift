import Foundation
import Testing

/// `session check`, `--strict`, the warnings in every answer, and `--version`, on documents another program wrote.
@Suite("Session check and warnings from the command line")
struct SessionCheckCommandTests {
    static let messy = "Tests/RecordingProtocolTests/Messy/messy-3.json"

    static func copy(_ path: String) throws -> (dir: URL, file: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path
        try FileManager.default.copyItem(atPath: path, toPath: file)
        return (dir, file)
    }

    @Test("check lists every warning and exits 0; --strict lists them as errors and exits 2")
    func checkAndStrict() throws {
        let r = try CLIRunner.run("session", "check", Self.messy, "--json")
        #expect(r.status == 0, "\(r.stderr)")
        let answer = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
        let warnings = answer["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.count == 12)
        #expect(Set(warnings.compactMap { $0["kind"] as? String })
            == ["bars-snapped", "mark-before-take", "mark-after-take", "range-reversed", "untimed-take", "no-timecode"])
        #expect(warnings.allSatisfy { ($0["message"] as? String)?.isEmpty == false })
        #expect((answer["errors"] as? [Any])?.isEmpty == true)
        let strict = try CLIRunner.run("session", "check", Self.messy, "--strict", "--json")
        #expect(strict.status == 2)
        let refused = try JSONSerialization.jsonObject(with: Data(strict.stdout.utf8)) as? [String: Any] ?? [:]
        #expect((refused["errors"] as? [Any])?.count == 12)
        let text = try CLIRunner.run("session", "check", Self.messy)
        #expect(text.stdout.hasPrefix("\(Self.messy): 12 warnings\n  warning: layout: page 1, system 4: bars 18 and 19 overlapped by 0.3 pt"))
    }

    @Test("a document that cannot be read is an error (exit 2) naming the problem")
    func unreadable() throws {
        let (dir, file) = try Self.copy(Self.messy)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("{\"format\":\"tonmeister-session/1\",\"title\":".utf8).write(to: URL(fileURLWithPath: file))
        let r = try CLIRunner.run("session", "check", file, "--json")
        #expect(r.status == 2)
        let answer = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
        let errors = answer["errors"] as? [[String: Any]] ?? []
        #expect(errors.first?["kind"] as? String == "unreadable")
    }

    @Test("queries answer with the warnings: in --json, and on stderr in text mode; --strict refuses with today's error")
    func warningsInAnswers() throws {
        let covers = try CLIRunner.run("covers", Self.messy, "--bar", "20", "--json")
        #expect(covers.status == 0, "\(covers.stderr)")
        let answer = try JSONSerialization.jsonObject(with: Data(covers.stdout.utf8)) as? [String: Any] ?? [:]
        #expect((answer["warnings"] as? [Any])?.count == 9)
        #expect(covers.stderr.isEmpty)
        let text = try CLIRunner.run("coverage", Self.messy)
        #expect(text.status == 0)
        #expect(text.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("warning: ") }.count == 9)
        let strict = try CLIRunner.run("covers", Self.messy, "--bar", "20", "--strict")
        #expect(strict.status == 2)
        #expect(strict.stderr.hasPrefix("error: invalid session layout: invalid layout: page 1, system index 3, bar index 1: bar 19: left 160.61 is left of the right edge 160.91"))
    }

    @Test("a refused import leaves the database as it was; a lenient one keeps every take and mark")
    func importsNeverLoseData() throws {
        let (dir, file) = try Self.copy(Self.messy)
        defer { try? FileManager.default.removeItem(at: dir) }
        let database = dir.appendingPathComponent("day.sqlite").path
        let imported = try CLIRunner.run("session", "import", file, database, "--json")
        #expect(imported.status == 0, "\(imported.stderr)")
        let counts = try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(counts["takes"] as? Int == 5 && counts["marks"] as? Int == 33)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let again = try CLIRunner.run("session", "import", file, database)
        #expect(again.status == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        let strictTarget = dir.appendingPathComponent("strict.sqlite").path
        let strict = try CLIRunner.run("session", "import", file, strictTarget, "--strict")
        #expect(strict.status == 2)
        #expect(!FileManager.default.fileExists(atPath: strictTarget))
    }

    @Test("--version prints the version")
    func version() throws {
        let r = try CLIRunner.run("--version")
        #expect(r.status == 0)
        #expect(r.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }
}

@Suite("Damaged session documents from the command line")
struct DamagedDocumentCommandTests {
    @Test("a cut-off document answers read-only: queries work, edits are refused and the file is unchanged, check exits 2")
    func readOnly() throws {
        let (dir, file) = try SessionCheckCommandTests.copy(SessionCheckCommandTests.messy)
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        let cut = whole.prefix(whole.count * 3 / 4)
        try cut.write(to: URL(fileURLWithPath: file))
        let covers = try CLIRunner.run("covers", file, "--bar", "20", "--json")
        #expect(covers.status == 0, "\(covers.stderr)")
        let warnings = (try JSONSerialization.jsonObject(with: Data(covers.stdout.utf8)) as? [String: Any])?["warnings"] as? [[String: Any]]
        #expect(warnings?.first?["kind"] as? String == "damaged")
        let edit = try CLIRunner.run("take", "note", file, "1", "retake the opening")
        #expect(edit.status == 2)
        #expect(edit.stderr.contains("damaged at line"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == cut)
        let check = try CLIRunner.run("session", "check", file, "--json")
        #expect(check.status == 2)
        let saved = dir.appendingPathComponent("saved.json").path
        #expect(try CLIRunner.run("session", "export", file, "-o", saved).status == 0)
        #expect(try CLIRunner.run("session", "check", saved).status == 0)
    }
}

@Suite("Damaged session databases from the command line")
struct DamagedDatabaseCommandTests {
    /// A folder holding the messy fixture imported into `day.sqlite`, and that database's path.
    static func importedMessy() throws -> (dir: URL, database: String) {
        let (dir, file) = try SessionCheckCommandTests.copy(SessionCheckCommandTests.messy)
        let database = dir.appendingPathComponent("day.sqlite").path
        let imported = try CLIRunner.run("session", "import", file, database)
        try #require(imported.status == 0, "\(imported.stderr)")
        return (dir, database)
    }

    @Test("a truncated or scrambled database opens read-only with what SQLite can still read, or is refused with exit 2; edits exit 2; its bytes are not changed")
    func truncatedOrScrambled() throws {
        let (dir, database) = try Self.importedMessy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: database))
        var flipped = [UInt8](whole)
        for i in stride(from: 4_200, to: flipped.count, by: 97) { flipped[i] ^= 0x5A }
        let pageSize = Int(whole[16]) << 8 | Int(whole[17])
        // Cut inside the last page (it opens); cut at two thirds of this small file (its schema's pages may be gone);
        // a scrambled file; a file of only its first page (no rows). The long session below is cut in half.
        let cases: [(Data, Bool)] = [(whole.prefix(whole.count - 100), true), (whole.prefix(whole.count * 2 / 3), false),
                                     (Data(flipped), false), (whole.prefix(pageSize), false)]
        for (damaged, opens) in cases {
            let path = dir.appendingPathComponent("damaged.sqlite").path
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            try damaged.write(to: URL(fileURLWithPath: path))
            let r = try CLIRunner.run("session", "show", path, "--json")
            if opens {
                try #require(r.status == 0, "\(r.stderr)")
                let warnings = (try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])?["warnings"] as? [[String: Any]]
                #expect(warnings?.first?["kind"] as? String == "damaged")
                #expect((warnings?.first?["message"] as? String)?.contains("SQLite could still read") == true)
            } else if r.status != 0 {
                #expect(r.status == 2, "\(r.stderr)")
                #expect(r.stderr.hasPrefix("error: \(path): the database is damaged"))
            }
            let edit = try CLIRunner.run("take", "note", path, "1", "retake the opening")
            #expect(edit.status == 2)
            #expect(edit.stderr.contains("the database is damaged"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == damaged)
        }
    }

    @Test("a database cut short keeps every take and mark on the pages that are left, and says what is lost")
    func truncatedKeepsTheSurvivingRows() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("truncated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A long day: the example session's takes and marks 40 times over, so the tables span many pages.
        let example = try JSONSerialization.jsonObject(with: Data(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Examples/chorale-session.json"))) as! [String: Any]
        var document = example
        let takes = example["takes"] as! [[String: Any]], marks = example["marks"] as! [[String: Any]]
        var manyTakes: [[String: Any]] = [], manyMarks: [[String: Any]] = []
        for round in 0..<40 {
            for var take in takes { take["number"] = take["number"] as! Int + 1_000 * round; take["label"] = nil; manyTakes.append(take) }
            for var mark in marks { mark["take"] = mark["take"] as! Int + 1_000 * round; mark["id"] = nil; manyMarks.append(mark) }
        }
        document["takes"] = manyTakes
        document["marks"] = manyMarks
        document["history"] = nil
        document["score"] = ["file": CLIRunner.packageRoot.appendingPathComponent("Scores/chorale.pdf").path]
        let json = dir.appendingPathComponent("day.json").path
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: json))
        let database = dir.appendingPathComponent("day.sqlite").path
        #expect(try CLIRunner.run("session", "import", json, database).status == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: database))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: database))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }

        let show = try CLIRunner.run("session", "show", database, "--json")
        #expect(show.status == 0, "\(show.stderr)")
        let answer = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
        let message = ((answer?["warnings"] as? [[String: Any]])?.first?["message"] as? String) ?? ""
        #expect(message.contains("lost:"), "\(message)")
        let kept = try #require(message.firstMatch(of: /kept the (\d+) takes and (\d+) marks/))
        #expect(Int(kept.1)! > manyTakes.count / 2, "the take rows were written first and survive")
        #expect(Int(kept.2)! > 0 && Int(kept.2)! < manyMarks.count)
        let covers = try CLIRunner.run("covers", database, "--bar", "5")
        #expect(covers.status == 0, "\(covers.stderr)")
    }

    @Test("a database damaged inside (its schema intact) opens read-only with what SQLite can still read; edits exit 2; its bytes never change")
    func salvagedReadOnly() throws {
        let (dir, database) = try Self.importedMessy()
        defer { try? FileManager.default.removeItem(at: dir) }
        let takes = try CLIRunner.run("session", "show", database, "--json")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: database)))
        // Scramble every index page (SQLite page type 0x0A): the schema and the rows stay readable, the file is
        // damaged (PRAGMA quick_check fails) and queries through the indexes break.
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pages = (1..<(bytes.count / pageSize)).filter { bytes[$0 * pageSize] == 0x0A }
        try #require(!pages.isEmpty)
        for page in pages {
            for i in stride(from: page * pageSize + 40, to: (page + 1) * pageSize, by: 53) { bytes[i] ^= 0x5A }
        }
        let damaged = Data(bytes)
        try damaged.write(to: URL(fileURLWithPath: database))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }

        let show = try CLIRunner.run("session", "show", database, "--json")
        #expect(show.status == 0, "\(show.stderr)")
        let warnings = (try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])?["warnings"] as? [[String: Any]]
        #expect(warnings?.first?["kind"] as? String == "damaged")
        #expect((warnings?.first?["message"] as? String)?.contains("SQLite could still read") == true)
        #expect(show.stdout.count > takes.stdout.count * 9 / 10, "every take and mark is still read (the rows were not hit)")
        let edit = try CLIRunner.run("take", "note", database, "1", "retake the opening")
        #expect(edit.status == 2)
        #expect(edit.stderr.contains("the database is damaged"))
        #expect(try CLIRunner.run("session", "check", database).status == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == damaged, "reading and refused edits never write to it")
        let saved = dir.appendingPathComponent("saved.json").path
        #expect(try CLIRunner.run("session", "export", database, "-o", saved).status == 0, "what was read can be exported")
    }
}
