import Foundation
import Testing

@Suite("Score commands")
struct ScoreCommandTests {
    static let fixtures = "Tests/ScoreDocumentTests/Fixtures"

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tonmeister-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func infoJSON() throws {
        let json = try CLIRunner.json("score", "info", "Scores/prelude.pdf", "--json")
        let pages = json["pages"] as? [[String: Any]] ?? []
        #expect(pages.count == 3)
        #expect(pages.first?["page"] as? Int == 1)
        #expect(pages.first?["width"] as? Double == 595.28)
        #expect(pages.first?["height"] as? Double == 841.89)
        #expect(json["pageCount"] as? Int == 3)
    }

    @Test func renderOnePageAndAllPages() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = dir.appendingPathComponent("p1.png").path
        let r = try CLIRunner.run("score", "render", "Scores/minuet.pdf", "--page", "1", "--dpi", "72", "--gray", "-o", one)
        #expect(r.status == 0)
        let png = try Data(contentsOf: URL(fileURLWithPath: one))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png[25] == 0, "grayscale")
        let all = dir.appendingPathComponent("pages").path
        #expect(try CLIRunner.run("score", "render", "Scores/chorale.pdf", "--dpi", "30", "-o", all).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: all).sorted()
        #expect(files == ["page-001.png", "page-002.png", "page-003.png"])
    }

    @Test func detectPrintsTheLayoutObject() throws {
        let json = try CLIRunner.json("score", "detect", "Scores/chorale.pdf", "--pages", "1-2", "--json")
        let pages = json["pages"] as? [[String: Any]] ?? []
        #expect(pages.map { $0["page"] as? Int } == [1, 2])
        #expect((pages[0]["systems"] as? [Any])?.isEmpty == true, "the title page has no systems")
        let systems = pages[1]["systems"] as? [[String: Any]] ?? []
        #expect(systems.count == 4)
        let bars = systems[0]["bars"] as? [[String: Any]] ?? []
        #expect(bars.first?["number"] as? String == "1")
        #expect(bars.first?["left"] is Double && bars.first?["right"] is Double)
        #expect((systems[0]["staves"] as? [Any])?.count == 4)
        let report = (json["detection"] as? [String: Any])?["pages"] as? [[String: Any]] ?? []
        #expect(report.first?["status"] as? String == "empty")
        #expect(report.last?["status"] as? String == "ok")
    }

    @Test func detectDrawsPages() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLIRunner.run("score", "detect", "Scores/minuet.pdf", "--draw", dir.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("page-001.png").path))
    }

    static let badInputTable: [([String], String)] = [
        (["score", "info", "no-such.pdf"], "error: no such file: no-such.pdf\n"),
        (["score", "info", "README.md"], "error: not a PDF: no %PDF- header in the first 1024 bytes\n"),
        (["score", "info", "\(fixtures)/encrypted.pdf"], "error: the PDF is encrypted: give its password with --password\n"),
        (["score", "info", "\(fixtures)/encrypted.pdf", "--password", "nope"], "error: the PDF is encrypted and the password is wrong\n"),
        (["score", "render", "Scores/minuet.pdf", "--page", "2", "-o", "/tmp/x.png"], "error: page 2 is out of range: the score has 1 page\n"),
        (["score", "detect", "Scores/minuet.pdf", "--pages", "2-3"], "error: page 3 is out of range: the score has 1 page\n"),
    ]

    @Test("bad input exits 2 with its own message", arguments: badInputTable)
    func badInput(_ row: ([String], String)) throws {
        let r = try CLIRunner.run(row.0)
        #expect(r.status == 2)
        #expect(r.stderr == row.1)
        #expect(r.stdout.isEmpty)
    }

    static let badOptionTable: [[String]] = [
        ["score", "render", "Scores/minuet.pdf", "--page", "1", "--dpi", "100000", "-o", "/tmp/x.png"],
        ["score", "render", "Scores/minuet.pdf", "--page", "0", "-o", "/tmp/x.png"],
        ["score", "render", "Scores/minuet.pdf", "--dpi", "-5", "-o", "/tmp/x"],
        ["score", "detect", "Scores/minuet.pdf", "--pages", "3-1"],
        ["score", "detect", "Scores/minuet.pdf", "--pages", "x"],
        ["score", "detect", "Scores/minuet.pdf", "--dpi", "5000"],
        ["score", "info"],
    ]

    @Test("bad options exit 2", arguments: badOptionTable)
    func badOptions(_ arguments: [String]) throws {
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.lowercased().hasPrefix("error:"))
    }

    @Test func truncatedPDFIsDamaged() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = try Data(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Scores/minuet.pdf"))
        let path = dir.appendingPathComponent("cut.pdf").path
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        let r = try CLIRunner.run("score", "detect", path)
        #expect(r.status == 2)
        #expect(r.stderr == "error: damaged PDF: the file is truncated (no %%EOF marker at its end)\n")
    }
}
