import Foundation
import GRDB
import Testing

/// The session store used as a careless or hostile user would: concurrent writers, damaged columns, reading
/// commands on files they must not change, output onto FIFOs, links and read-only files, absurd numbers.
@Suite("The session store under abuse", .serialized)
struct StoreAbuseTests {
    /// A workspace with `s.json` and, imported from it, `s.sqlite`.
    static func workspace() throws -> URL {
        let dir = try SessionEditingTests.workspace()
        let result = try CLIRunner.run("session", "import", dir.appendingPathComponent("s.json").path, dir.appendingPathComponent("s.sqlite").path)
        #expect(result.status == 0, "\(result.stderr)")
        return dir
    }

    /// How many marks a session stores, read through `session export` (a document numbers marks by their order).
    static func markCount(_ path: String) throws -> Int {
        let result = try CLIRunner.run("session", "export", path)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (object?["marks"] as? [[String: Any]] ?? []).count
    }

    @Test("two processes × 100 marks at once: every acknowledged mark is stored once, no command fails",
          arguments: ["s.json", "s.sqlite"])
    func concurrentWriters(_ name: String) throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        let before = try Self.markCount(path)
        let results = LockedResults()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for index in 0..<100 {
                let result = try? CLIRunner.run("mark", path, "--take", "30", "--rating", String(index % 5 + 1),
                                                "--page", "3", "--x", String(70 + writer * 200 + index), "--y", "340", "--json")
                results.append(result)
            }
        }
        let all = results.values
        let acknowledged = all.compactMap { result -> Int? in
            guard let result, result.status == 0,
                  let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else { return nil }
            return object["id"] as? Int
        }
        let added = try Self.markCount(path) - before
        print("\(name): \(all.count) commands, \(acknowledged.count) acknowledged, \(added) stored, "
              + "statuses \(Dictionary(grouping: all.map { $0?.status ?? -1 }, by: { $0 }).mapValues(\.count))")
        #expect(all.allSatisfy { $0?.status == 0 }, "\(all.compactMap { $0 }.filter { $0.status != 0 }.prefix(3).map(\.stderr))")
        #expect(acknowledged.count == 200)
        #expect(added == acknowledged.count, "every acknowledged mark is stored, and nothing else")
        #expect(Set(acknowledged) == Set(before + 1...before + 200), "each acknowledged id once, the ids the store gave out in turn")
    }

    /// Writes a damaged value past the schema's checks.
    static func damage(_ path: String, table: String, column: String, value: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "UPDATE \(table) SET \(column) = \(value) WHERE rowid = (SELECT max(rowid) FROM \(table))")
        }
        try queue.close()
    }

    static let readers: [[String]] = [
        ["takes", "S", "--json"], ["covers", "S", "--bar", "12"], ["coverage", "S"], ["plan", "S"], ["session", "check", "S"],
        ["session", "show", "S"], ["session", "export", "S"],
    ]

    @Test("every numeric column damaged in turn: every reader exits 0 with a warning or 2 with a message", arguments: [
        ("take", "number", "'abc'"), ("take", "start_x", "'abc'"), ("take", "end_page", "1e300"), ("take", "fps", "'fast'"),
        ("take", "deleted", "'yes'"), ("take", "seq", "'first'"), ("mark", "to_page", "1e300"), ("mark", "take", "'x'"),
        ("mark", "value", "'five'"), ("mark", "at_y", "X'00'"), ("mark", "to_x", "'abc'"), ("mark", "time", "1e300"),
        ("mark", "deleted", "7"), ("mark", "seq", "'late'"), ("action", "take", "'abc'"),
    ])
    func damagedColumn(_ table: String, _ column: String, _ value: String) throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.sqlite").path
        try Self.damage(path, table: table, column: column, value: value)
        for reader in Self.readers {
            let result = try CLIRunner.run(reader.map { $0 == "S" ? path : $0 })
            #expect([0, 2].contains(result.status), "\(reader.first!) on \(table).\(column) = \(value): \(result.status) \(result.stderr)")
            if result.status == 2 { #expect(result.stderr.hasPrefix("error: ")) }
            if result.status == 0, result.stderr.contains("table \(table)") { #expect(result.stderr.contains(column)) }
        }
        let strict = try CLIRunner.run("takes", path, "--strict")
        #expect([0, 2].contains(strict.status))
    }

    @Test("reading commands leave the database byte-identical; a foreign SQLite file is refused untouched")
    func readingNeverWrites() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.sqlite").path
        for reader in Self.readers + [["markers", "S", "--take", "30"], ["plan", "S", "--format", "csv"]] {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let result = try CLIRunner.run(reader.map { $0 == "S" ? path : $0 })
            #expect([0, 2].contains(result.status), "\(reader): \(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(reader.joined(separator: " ")) changed the file")
        }
        let foreign = dir.appendingPathComponent("other.sqlite").path
        let queue = try DatabaseQueue(path: foreign)
        try queue.write { db in try db.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)") }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: foreign))
        for command in [["takes", foreign], ["mark", foreign, "--take", "1", "--edit-point", "--page", "1", "--x", "1", "--y", "1"]] {
            let result = try CLIRunner.run(command)
            #expect(result.status == 2)
            #expect(result.stderr.contains("is not a Tonmeister session"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: foreign)) == before)
    }

    @Test("-o onto a symlink replaces its target and keeps the link; a read-only file keeps its mode; a FIFO is written through")
    func outputTargets() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let session = dir.appendingPathComponent("s.json").path
        let fm = FileManager.default
        // A symbolic link: the target gets the new content, the link stays a link.
        let target = dir.appendingPathComponent("real.json").path, link = dir.appendingPathComponent("link.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try fm.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
        #expect(try CLIRunner.run("session", "export", session, "-o", link).status == 0)
        #expect(try fm.destinationOfSymbolicLink(atPath: link) == "real.json")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("tonmeister-session/1"))
        // A read-only file keeps its permissions.
        let readOnly = dir.appendingPathComponent("ro.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: readOnly))
        try fm.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly)
        #expect(try CLIRunner.run("session", "export", session, "-o", readOnly).status == 0)
        #expect((try fm.attributesOfItem(atPath: readOnly)[.posixPermissions] as? Int) == 0o444)
        // A FIFO: refused with a message when nobody reads it, written through (and still a FIFO) when someone does.
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let unread = try CLIRunner.run("session", "export", session, "-o", fifo)
        #expect(unread.status != 0 && unread.stderr.contains("FIFO"), "\(unread.stderr)")
        let received = LockedResults()
        let reader = Thread {
            let handle = FileHandle(forReadingAtPath: fifo)
            received.text = String(decoding: handle?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        }
        reader.start()
        var result: CLIRunner.Result?
        for _ in 0..<50 where result?.status != 0 {
            usleep(20_000)
            result = try CLIRunner.run("session", "export", session, "-o", fifo)
        }
        #expect(result?.status == 0)
        for _ in 0..<100 where received.text == nil { usleep(20_000) }
        #expect(received.text?.contains("tonmeister-session/1") == true)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        // A directory option given a FIFO: a message, not the system's raw error.
        let markers = try CLIRunner.run("markers", session, "--take", "30", "-o", fifo)
        #expect(markers.status == 2 && markers.stderr.contains("is not a directory"), "\(markers.stderr)")
        // /dev/stdout (a link through /proc to the pipe the test reads) is written through.
        let piped = try CLIRunner.run("session", "export", session, "-o", "/dev/stdout")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("tonmeister-session/1"))
    }

    @Test("session render (and plan --format pdf) take --password for an encrypted score")
    func password() throws {
        let dir = try SessionEditingTests.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = dir.appendingPathComponent("encrypted.pdf").path, session = dir.appendingPathComponent("e.json").path
        try FileManager.default.copyItem(atPath: CLIRunner.packageRoot.appendingPathComponent("Tests/ScoreDocumentTests/Fixtures/encrypted.pdf").path, toPath: pdf)
        #expect(try CLIRunner.run("session", "create", session, "--score", pdf, "--password", "secret").status == 0)
        let command = ["session", "render", session, "-o", dir.appendingPathComponent("n.pdf").path]
        #expect(try CLIRunner.run(command).stderr.contains("give its password with --password"))
        // With the password the PDF opens; what stops it now is the session (it has no layout yet), not the PDF.
        let opened = try CLIRunner.run(command + ["--password", "secret"])
        #expect(!opened.stderr.contains("password") && opened.stderr.contains("no layout"), "\(opened.stderr)")
        #expect(try CLIRunner.run("plan", session, "--format", "pdf", "-o", dir.appendingPathComponent("p.pdf").path,
                                  "--password", "secret").status == 2, "the option is known (an unknown one would be a usage error)")
    }

    @Test("absurd resolutions exit 2 with a message", arguments: ["1e300", "1e-300", "nan", "0"])
    func absurdDPI(_ dpi: String) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("dpi-\(UUID().uuidString).png").path
        let result = try CLIRunner.run("score", "render", "Scores/chorale.pdf", "--page", "1", "--dpi", dpi, "-o", out)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--dpi"))
    }

    @Test("a session holding a take numbered Int.max opens with a warning and takes go on", arguments: ["s.json", "s.sqlite"])
    func absurdTakeNumber(_ name: String) throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        if name.hasSuffix(".sqlite") {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO take (seq, number, label, start_page, start_x, start_y, note, deleted)
                    VALUES (1000, 9223372036854775807, 'x', 2, 80, 250, '', 0)
                    """)
            }
            try queue.close()
        } else {
            var object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
            var takes = object["takes"] as? [[String: Any]] ?? []
            takes.append(["number": Int.max, "label": "x", "start": ["page": 2, "x": 80, "y": 250]])
            object["takes"] = takes
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        }
        let takes = try CLIRunner.run("takes", path)
        #expect(takes.status == 0 && takes.stderr.contains("outside 0…999 999"), "\(takes.stderr)")
        let start = try CLIRunner.run("take", "start", path, "--page", "2", "--x", "80", "--y", "250", "--json")
        #expect(start.status == 0, "\(start.stderr)")
        #expect(start.stdout.contains("\"number\":31") || start.stdout.contains("\"number\" : 31"), "\(start.stdout)")
        #expect(try CLIRunner.run("mark", path, "--take", "31", "--rating", "4", "--page", "2", "--x", "100", "--y", "255").status == 0)
    }
}

/// Results gathered from several threads.
final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [CLIRunner.Result?] = []
    private var storedText: String?

    func append(_ result: CLIRunner.Result?) { lock.withLock { stored.append(result) } }
    var values: [CLIRunner.Result?] { lock.withLock { stored } }
    var text: String? {
        get { lock.withLock { storedText } }
        set { lock.withLock { storedText = newValue } }
    }
}
