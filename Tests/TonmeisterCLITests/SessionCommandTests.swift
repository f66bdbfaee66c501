import Foundation
import Testing

@Suite("Session commands on the example session")
struct SessionCommandTests {
    static let example = "Examples/chorale-session.json"

    @Test func coversABarHasTheDocumentedShape() throws {
        let json = try CLIRunner.json("covers", Self.example, "--bar", "12", "--json")
        #expect((json["query"] as? [String: Any])?["bar"] as? String == "12")
        let takes = json["takes"] as? [[String: Any]] ?? []
        #expect(takes.compactMap { $0["number"] as? Int } == [1, 2, 3, 7, 8, 10])
        #expect(takes.allSatisfy { $0["coverage"] as? String == "full" })
        #expect(takes.last?["open"] as? Bool == true, "take 10 has no end")
        #expect(takes.first?["label"] as? String == "1")
        #expect(takes.first?["rating"] as? Int == 3)
    }

    @Test func coversAPointAndARange() throws {
        // Bar 17 on page 2 (its system spans y 655.59–813.25); the theme takes end before it.
        let point = try CLIRunner.json("covers", Self.example, "--page", "2", "--x", "180", "--y", "670", "--json")
        let numbers = (point["takes"] as? [[String: Any]] ?? []).compactMap { $0["number"] as? Int }
        #expect(numbers.contains(11) && numbers.contains(13) && !numbers.contains(1))
        let range = try CLIRunner.json("covers", Self.example, "--bars", "29-32", "--json")
        let rows = range["takes"] as? [[String: Any]] ?? []
        #expect(rows.contains { $0["number"] as? Int == 20 && $0["coverage"] as? String == "full" })
        #expect(rows.contains { $0["number"] as? Int == 19 && $0["coverage"] as? String == "partial" })
    }

    @Test func coverageListsEveryBar() throws {
        let json = try CLIRunner.json("coverage", Self.example, "--threshold", "4", "--json")
        let bars = json["bars"] as? [[String: Any]] ?? []
        #expect(bars.count == 36)
        #expect(bars.first?["bar"] as? String == "1")
        #expect(bars.allSatisfy { $0["best"] is Int })
        let gaps = json["gaps"] as? [[String: Any]] ?? []
        #expect(gaps.allSatisfy { $0["reason"] as? String == "below-threshold" })
    }

    @Test func takesAndShow() throws {
        let takes = try CLIRunner.json("takes", Self.example, "--json")["takes"] as? [[String: Any]] ?? []
        #expect(takes.count == 30)
        #expect(takes.filter { $0["open"] as? Bool == true }.compactMap { $0["number"] as? Int } == [10, 30])
        let show = try CLIRunner.run("session", "show", Self.example)
        #expect(show.status == 0)
        #expect(show.stdout.contains("30 takes (2 open: 10, 30), 78 marks"))
    }

    static let badInputTable: [[String]] = [
        ["covers", "Examples/missing.json", "--bar", "1"], ["covers", Self.example, "--bar", "99"],
        ["covers", Self.example, "--bar", "x"], ["covers", Self.example], ["covers", Self.example, "--page", "2"],
        ["covers", Self.example, "--bars", "9-3"], ["covers", "README.md", "--bar", "1"],
        ["covers", "session.sqlite", "--bar", "1"], ["coverage", Self.example, "--threshold", "9"],
        ["covers", "Scores/minuet.layout.json", "--bar", "1"],
    ]

    @Test("bad input exits 2", arguments: badInputTable)
    func badInput(_ arguments: [String]) throws {
        let r = try CLIRunner.run(arguments)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.lowercased().hasPrefix("error:"))
        #expect(r.stdout.isEmpty)
    }

    @Test func malformedSessionNamesTheProblem() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.json").path
        try Data(#"{"format":"tonmeister-session/2","title":"x"}"#.utf8).write(to: URL(fileURLWithPath: path))
        let r = try CLIRunner.run("takes", path)
        #expect(r.status == 2)
        #expect(r.stderr.contains("tonmeister-session/2"))
    }
}
