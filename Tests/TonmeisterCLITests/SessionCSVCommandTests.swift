import Foundation
import Testing

/// `tonmeister session export SESSION --csv DIR`: takes.csv and marks.csv from a .json document and from a .sqlite import.
@Suite("Session CSV export from the command line")
struct SessionCSVCommandTests {
    @Test("export --csv writes the same tables for the document and its database; -o still writes JSON")
    func exportCSV() throws {
        let dir = try SessionEditingTests.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("s.json").path, db = dir.appendingPathComponent("s.sqlite").path
        #expect(try CLIRunner.run("session", "import", json, db).status == 0)
        let mark = try CLIRunner.json("mark", db, "--take", "30", "--rating", "4", "--page", "3", "--x", "200", "--y", "340", "--json")
        let id = try #require(mark["id"] as? Int)

        let fromDB = dir.appendingPathComponent("db-csv"), fromJSON = dir.appendingPathComponent("json-csv")
        let result = try CLIRunner.run("session", "export", db, "--csv", fromDB.path, "-o", dir.appendingPathComponent("out.json").path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("30 takes") && result.stdout.contains("79 marks"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.json").path))
        #expect(try CLIRunner.run("session", "export", json, "--csv", fromJSON.path).status == 0)

        let takes = try String(contentsOf: fromDB.appendingPathComponent("takes.csv"), encoding: .utf8)
        let marks = try String(contentsOf: fromDB.appendingPathComponent("marks.csv"), encoding: .utf8)
        let takeLines = takes.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let markLines = marks.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(takeLines.first?.hasPrefix("number,label,start_page,") == true)
        #expect(takeLines.count == 31)
        #expect(markLines.count == 1 + 78 + 1)
        #expect(markLines.last?.hasPrefix("\(id),30,rating,4,,3,200,340,,,,28,") == true)

        // The document has the same takes, and the marks without the one added to the database.
        #expect(try String(contentsOf: fromJSON.appendingPathComponent("takes.csv"), encoding: .utf8) == takes)
        let jsonMarks = try String(contentsOf: fromJSON.appendingPathComponent("marks.csv"), encoding: .utf8)
        #expect(jsonMarks + markLines.last! + "\r\n" == marks)
    }
}
