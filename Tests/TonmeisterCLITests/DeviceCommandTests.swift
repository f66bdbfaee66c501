import Foundation
import Testing

/// `--device ID` on the commands that write: recorded like the server's `X-Tonmeister-Device`, and undo per device.
@Suite("The command line's --device")
struct DeviceCommandTests {
    /// The session's JSON document as exported (a `.json` session as it is, a database through `session export`).
    static func document(_ path: String, in dir: URL) throws -> [String: Any] {
        var file = path
        if path.hasSuffix(".sqlite") {
            file = dir.appendingPathComponent("export-\(UUID().uuidString).json").path
            #expect(try CLIRunner.run("session", "export", path, "-o", file).status == 0)
        }
        return try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any] ?? [:]
    }

    @Test("take start, mark, take end and undo record the device on takes, marks and history; undo is per device",
          arguments: ["s.json", "s.sqlite"])
    func devicePerCommand(_ name: String) throws {
        let dir = try SessionEditingTests.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        if name.hasSuffix(".sqlite") {
            #expect(try CLIRunner.run("session", "import", dir.appendingPathComponent("s.json").path, path).status == 0)
        }
        let start = try CLIRunner.run("take", "start", path, "--page", "2", "--x", "80", "--y", "250", "--device", "desk-1", "--json")
        #expect(start.status == 0)
        #expect(start.stdout.contains(#""device":"desk-1""#))
        let a = try CLIRunner.run("mark", path, "--take", "31", "--rating", "4", "--page", "2", "--x", "120", "--y", "255", "--device", "tab-a")
        #expect(a.status == 0 && a.stdout == "mark 79 (rating) on take 31\n")
        #expect(try CLIRunner.run("mark", path, "--take", "31", "--rating", "2", "--page", "2", "--x", "140", "--y", "255").status == 0)
        #expect(try CLIRunner.run("take", "end", path, "31", "--page", "2", "--x", "250", "--y", "255", "--device", "tab-b").status == 0)

        var doc = try Self.document(path, in: dir)
        let take = (doc["takes"] as? [[String: Any]] ?? []).first { $0["number"] as? Int == 31 }
        #expect(take?["device"] as? String == "desk-1")
        let marks = (doc["marks"] as? [[String: Any]] ?? []).filter { $0["take"] as? Int == 31 }
        #expect(marks.map { $0["device"] as? String } == ["tab-a", nil], "no --device: no device, as the server without its header")
        let history = doc["history"] as? [[String: Any]] ?? []
        #expect(history.suffix(4).map { $0["action"] as? String } == ["take-start", "mark", "mark", "take-end"])
        #expect(history.suffix(4).map { $0["device"] as? String } == ["desk-1", "tab-a", nil, "tab-b"])

        // tab-a undoes its own mark, not tab-b's newer end; then it has nothing left.
        let undoA = try CLIRunner.run("undo", path, "--device", "tab-a", "--json")
        #expect(undoA.status == 0)
        #expect(undoA.stdout == #"{"undone":{"action":"mark","mark":79,"device":"tab-a"},"effect":"removes mark 79"}"# + "\n")
        let again = try CLIRunner.run("undo", path, "--device", "tab-a")
        #expect(again.status == 2)
        #expect(again.stderr.contains("nothing to undo: device tab-a has no action left in the session's history"))
        // desk-1's take start was changed since by tab-b's end: refused, nothing changed.
        let refused = try CLIRunner.run("undo", path, "--device", "desk-1")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("take-start of take 31 cannot be undone: a newer take-end by device tab-b changed take 31 since (undo that first)"))
        doc = try Self.document(path, in: dir)
        #expect((doc["history"] as? [[String: Any]] ?? []).suffix(3).map { $0["device"] as? String } == ["desk-1", nil, "tab-b"])
        // Without --device the newest of anyone: tab-b's end.
        let newest = try CLIRunner.run("undo", path)
        #expect(newest.status == 0 && newest.stdout == "undone: take-end (reopens take 31)\n")
    }

    @Test("a bad device id is refused (status 2) and nothing is written", arguments: ["", "tab a", String(repeating: "x", count: 65), "tab/1"])
    func badDevice(_ device: String) throws {
        let dir = try SessionEditingTests.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.json").path
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try CLIRunner.run("mark", path, "--take", "30", "--rating", "4", "--page", "2", "--x", "120", "--y", "255", "--device", device)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--device must be a device id: 1 to 64 of A-Z a-z 0-9 . _ -"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
