import Foundation
import Testing

/// `tonmeister serve`: what it refuses before listening (the server itself is tested in TonmeisterServerTests).
@Suite("serve command")
struct ServeCommandTests {
    @Test("bad input is refused with status 2 and a message", arguments: [
        (["serve", "Examples/chorale-session.sqlite-missing.sqlite"], "error: no such session: Examples/chorale-session.sqlite-missing.sqlite"),
        (["serve", "README.md"], "error: cannot serve README.md: a session is a .sqlite database or a .json document (tonmeister-session/1)"),
        (["serve", "x.sqlite", "--host", "0.0.0.0", "--no-token"], "Error: listening on 0.0.0.0 reaches beyond this machine: give --token so that every request must carry it (drop --no-token)"),
        (["serve", "x.sqlite", "--token", "abcdefghij", "--no-token"], "Error: --no-token conflicts with --token"),
        (["serve", "x.sqlite", "--token", "abc"], "Error: unusable token: it has 3 characters; use at least 8"),
        (["serve", "x.sqlite", "--port", "70000"], "Error: port 70000 is not in 0…65535"),
    ])
    func refused(_ arguments: [String], _ message: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test("a score that cannot be found is named, with status 2")
    func missingScore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("day1.json").path
        try FileManager.default.copyItem(atPath: CLIRunner.packageRoot.appendingPathComponent("Examples/chorale-session.json").path, toPath: session)
        let result = try CLIRunner.run(["serve", session, "--score", folder.appendingPathComponent("none.pdf").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("the score PDF is not found (looked for \(folder.path)/none.pdf); give it with --score"))
        #expect(result.stdout.contains("imported \(session) into \(folder.path)/day1.sqlite"))
    }
}
