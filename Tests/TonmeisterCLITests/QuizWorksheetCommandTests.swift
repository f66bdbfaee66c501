import Foundation
import TestSupport
import Testing

@Suite("tonmeister quiz --worksheet")
struct QuizWorksheetCommandTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("worksheet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    static let quizArguments = ["quiz", "--kind", "name-interval", "--kind", "fretboard-interval", "--count", "8", "--seed", "7"]

    /// Runs a poppler-utils tool on a file.
    func poppler(_ tool: String, _ arguments: [String]) throws -> String {
        try ChildProcess.run(path: "/usr/bin/" + tool, arguments).output
    }

    @Test func writesAPDFBesideTheJSON() throws {
        defer { cleanUp() }
        let pdf = path("sheet.pdf")
        let result = try CLIRunner.run(Self.quizArguments + ["--json", "--worksheet", pdf])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((json?["questions"] as? [Any])?.count == 8, "standard output is still the quiz's JSON")
        #expect(result.stderr.contains("wrote \(pdf): "))
        #expect(FileManager.default.contents(atPath: pdf)?.prefix(5) == Data("%PDF-".utf8))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfinfo") else { return }
        let info = try poppler("pdfinfo", [pdf])
        #expect(info.contains("A4") && info.contains("Title:           Interval quiz"))
        let pages = try #require(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last!) })
        #expect(pages >= 2)
        let first = try poppler("pdftotext", ["-f", "1", "-l", "1", pdf, "-"])
        let last = try poppler("pdftotext", ["-f", "\(pages)", "-l", "\(pages)", pdf, "-"])
        #expect(first.contains("Interval quiz") && first.contains("Name") && !first.contains("Answer key"))
        #expect(last.contains("Answer key"))
    }

    @Test func writesMarkdownOnLetterPaperRequestsAndTitles() throws {
        defer { cleanUp() }
        let markdown = path("sheet.md")
        let result = try CLIRunner.run(Self.quizArguments + ["--worksheet", markdown, "--worksheet-title", "Week 3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Quiz with 8 questions (seed 7)"), "the text quiz is still printed")
        let text = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(text.hasPrefix("# Week 3\n"))
        #expect(text.contains("<div style=\"page-break-before: always\"></div>\n\n## Answer key"))
        let letter = path("letter.pdf")
        #expect(try CLIRunner.run(Self.quizArguments + ["--worksheet", letter, "--paper", "letter"]).status == 0)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfinfo") {
            #expect(try poppler("pdfinfo", [letter]).contains("612 x 792 pts (letter)"))
        }
    }

    @Test func earQuestionsLinkTheirAudioFromTheWorksheet() throws {
        defer { cleanUp() }
        let markdown = path("sheets/ear.md")
        try FileManager.default.createDirectory(atPath: path("sheets"), withIntermediateDirectories: true)
        let result = try CLIRunner.run(["quiz", "--kind", "ear-interval", "--count", "2", "--seed", "3",
                                        "--audio", path("audio"), "--worksheet", markdown])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: markdown, encoding: .utf8)
        let links = text.split(separator: "\n").filter { $0.hasPrefix("   Audio: ") }
        #expect(links.count == 2)
        for line in links {
            let target = try #require(line.split(separator: "(").dropFirst().first?.split(separator: ")").first)
            #expect(target.hasPrefix("../audio/"), "linked from the worksheet's directory: \(line)")
            #expect(FileManager.default.fileExists(atPath: path("sheets/" + target)), "\(target) exists")
        }
    }

    @Test func badRequestsExit2AndWriteNothing() throws {
        defer { cleanUp() }
        let cases: [[String]] = [
            ["--worksheet", path("sheet.txt")],
            ["--worksheet", path("sheet")],
            ["--worksheet", path("sheet.md"), "--paper", "letter"],
            ["--worksheet", path("sheet.pdf"), "--paper", "a3"],
            ["--worksheet-title", "Week 3"],
            ["--worksheet", path("sheet.pdf"), "--worksheet-title", "  "],
        ]
        for extra in cases {
            let result = try CLIRunner.run(Self.quizArguments + extra)
            #expect(result.status == 2, "\(extra): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(extra)")
            #expect(!result.stderr.isEmpty, "\(extra)")
        }
        #expect(try CLIRunner.run(Self.quizArguments + ["--worksheet", path("sheet.txt")]).stderr.contains(".pdf or a .md"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func anUnwritablePlaceFailsWithStatus1() throws {
        defer { cleanUp() }
        for name in ["missing/sheet.pdf", "missing/sheet.md"] {
            let result = try CLIRunner.run(Self.quizArguments + ["--worksheet", path(name)])
            #expect(result.status == 1, "\(name): \(result.stderr)")
            #expect(result.stderr.contains("cannot write"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
