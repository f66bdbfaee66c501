import Foundation
import Testing

/// `session rescore` on real engravings: the same music on another page size (reflowed), with a page inserted
/// before it, and with a page deleted (Tests/ScoreDocumentTests/Corpus/rescore, made by scripts/corpus/rescore/make.sh).
@Suite("Rescoring a session onto a new edition")
struct RescoreCommandTests {
    static let editions = CLIRunner.packageRoot.appendingPathComponent("Tests/ScoreDocumentTests/Corpus/rescore")

    /// The bars of a session document's layout: (page, system top, system bottom, bar number, left, right).
    struct Bar { var page: Int; var top: Double; var bottom: Double; var number: String; var left: Double; var right: Double }

    static func bars(_ session: [String: Any]) -> [Bar] {
        let layout = session["layout"] as? [String: Any] ?? [:]
        var result: [Bar] = []
        for page in layout["pages"] as? [[String: Any]] ?? [] {
            for system in page["systems"] as? [[String: Any]] ?? [] {
                for bar in system["bars"] as? [[String: Any]] ?? [] {
                    result.append(Bar(page: page["page"] as! Int, top: system["top"] as! Double, bottom: system["bottom"] as! Double,
                                      number: bar["number"] as! String, left: bar["left"] as! Double, right: bar["right"] as! Double))
                }
            }
        }
        return result
    }

    /// The bar number and fraction of a position, resolved as the session does (nearest system, then bar).
    static func place(_ position: [String: Any], in bars: [Bar]) -> (String, Double)? {
        let page = position["page"] as! Int, x = position["x"] as! Double, y = position["y"] as! Double
        let onPage = bars.filter { $0.page == page }
        func distance(_ b: Bar) -> Double { y < b.top ? b.top - y : y > b.bottom ? y - b.bottom : 0 }
        guard let nearest = onPage.min(by: { distance($0) < distance($1) }) else { return nil }
        let system = onPage.filter { $0.top == nearest.top }
        guard let bar = system.last(where: { $0.left <= x && x <= $0.right }) else { return nil }
        return (bar.number, (x - bar.left) / (bar.right - bar.left))
    }

    static func read(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    /// A session on edition A with one take from bar 2 to bar 135 and rating marks in bars spread over all pages.
    static func session(in dir: URL) throws -> (path: String, marks: [String]) {
        let path = dir.appendingPathComponent("s.json").path
        let score = dir.appendingPathComponent("edition-a.pdf").path
        #expect(try CLIRunner.run("session", "create", path, "--score", score, "--detect").status == 0)
        let bars = bars(try read(path))
        func at(_ number: String) -> [String] {
            let bar = bars.first { $0.number == number }!
            return ["--page", String(bar.page), "--x", String(bar.left + 0.3 * (bar.right - bar.left)), "--y", String(bar.top + 8)]
        }
        #expect(try CLIRunner.run(["take", "start", path] + at("2")).status == 0)
        let marked = ["5", "37", "60", "88", "101", "130"]
        for number in marked {
            let result = try CLIRunner.run(["mark", path, "--take", "1", "--rating", "4"] + at(number))
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try CLIRunner.run(["take", "end", path, "1"] + at("135")).status == 0)
        return (path, marked)
    }

    @Test("every mark keeps its bar", arguments: ["edition-reflow", "edition-inserted", "edition-deleted"])
    func rescore(_ edition: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-rescore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["edition-a", edition] {
            try FileManager.default.copyItem(at: Self.editions.appendingPathComponent(name + ".pdf"), to: dir.appendingPathComponent(name + ".pdf"))
        }
        let (path, marked) = try Self.session(in: dir)
        let before = try Self.read(path)
        let oldBars = Self.bars(before)
        #expect(oldBars.first?.number == "0", "the upbeat is bar 0 as printed")
        let result = try CLIRunner.run("session", "rescore", path, dir.appendingPathComponent(edition + ".pdf").path, "--json")
        try #require(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let after = try Self.read(path)
        let newBars = Self.bars(after)
        let unplaced = report["unplaced"] as! [[String: Any]]
        let unplacedMarks = Set(unplaced.compactMap { $0["mark"] as? Int })
        let oldMarks = before["marks"] as! [[String: Any]], newMarks = after["marks"] as! [[String: Any]]
        #expect(newMarks.count == oldMarks.count, "no mark is lost")
        // A mark's id is its place in the list (1-based) unless the document says otherwise.
        func id(_ mark: [String: Any], _ n: Int) -> Int { mark["id"] as? Int ?? n + 1 }
        for (n, (old, new)) in zip(oldMarks, newMarks).enumerated() {
            let id = id(old, n)
            let was = Self.place(old["at"] as! [String: Any], in: oldBars)!
            if unplacedMarks.contains(id) {
                #expect(NSDictionary(dictionary: old["at"] as! [String: Any]) == NSDictionary(dictionary: new["at"] as! [String: Any]),
                        "an unplaced mark stays where it was")
                continue
            }
            let now = try #require(Self.place(new["at"] as! [String: Any], in: newBars))
            #expect(now.0 == was.0, "mark \(id) in bar \(was.0) moved to bar \(now.0)")
            #expect(abs(now.1 - was.1) < 0.01)
        }
        if edition == "edition-deleted" {
            // Page 2 of edition A is gone: its marks are reported, the others moved.
            let onPage2 = oldMarks.enumerated().filter { (($0.element["at"] as! [String: Any])["page"] as! Int) == 2 }.map { id($0.element, $0.offset) }
            #expect(!onPage2.isEmpty && Set(onPage2) == unplacedMarks)
        } else {
            #expect(unplaced.isEmpty, "\(unplaced)")
            #expect(report["moved"] as? Int == 1 + marked.count)
        }
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.before-rescore.json").path))
        // The session now refers to the new edition: the PDF plan draws on it without a SHA-256 warning (a mark left
        // unplaced after its take's end is a warning too, so only the status and the SHA-256 are checked).
        let plan = try CLIRunner.run("plan", path, "--format", "pdf", "-o", dir.appendingPathComponent("p.pdf").path)
        #expect(!plan.stderr.contains("differs"), "\(plan.stderr)")
        if edition != "edition-deleted" { #expect(plan.status == 0, "\(plan.stderr)") }
        let stale = try CLIRunner.run("plan", path, "--format", "pdf", "--score", dir.appendingPathComponent("edition-a.pdf").path,
                                      "-o", dir.appendingPathComponent("q.pdf").path)
        #expect(stale.stderr.contains("differs from the score the session was made on"), "--score with another edition warns")
    }
}
