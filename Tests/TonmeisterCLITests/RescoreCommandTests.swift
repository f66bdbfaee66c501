import Foundation
import Testing

/// `session rescore` on real engravings (Tests/ScoreDocumentTests/Corpus/rescore, made by
/// scripts/corpus/rescore/make.sh): one piece as edition A and as three new editions — reflowed onto another page
/// size, with a page inserted before it, with its page 2 deleted — once printing bar numbers (`edition-*`) and once
/// other music printing none (`plain-*`, matched by the drawing alone); sessions as .json and as .sqlite.
@Suite("Rescoring a session onto a new edition")
struct RescoreCommandTests {
    static let editions = CLIRunner.packageRoot.appendingPathComponent("Tests/ScoreDocumentTests/Corpus/rescore")

    /// A bar of a session document's layout.
    struct Bar { var index: Int; var page: Int; var top: Double; var bottom: Double; var number: String; var left: Double; var right: Double }

    static func bars(_ session: [String: Any]) -> [Bar] {
        let layout = session["layout"] as? [String: Any] ?? [:]
        var result: [Bar] = []
        for page in layout["pages"] as? [[String: Any]] ?? [] {
            for system in page["systems"] as? [[String: Any]] ?? [] {
                for bar in system["bars"] as? [[String: Any]] ?? [] {
                    result.append(Bar(index: result.count, page: page["page"] as! Int, top: system["top"] as! Double,
                                      bottom: system["bottom"] as! Double, number: bar["number"] as! String,
                                      left: bar["left"] as! Double, right: bar["right"] as! Double))
                }
            }
        }
        return result
    }

    /// The bar and fraction of a position, resolved as the session does (nearest system, then bar).
    static func place(_ position: [String: Any], in bars: [Bar]) -> (bar: Bar, fraction: Double)? {
        let page = position["page"] as! Int, x = position["x"] as! Double, y = position["y"] as! Double
        let onPage = bars.filter { $0.page == page }
        func distance(_ b: Bar) -> Double { y < b.top ? b.top - y : y > b.bottom ? y - b.bottom : 0 }
        guard let nearest = onPage.min(by: { distance($0) < distance($1) }) else { return nil }
        guard let bar = onPage.filter({ $0.top == nearest.top }).last(where: { $0.left <= x && x <= $0.right }) else { return nil }
        return (bar, (x - bar.left) / (bar.right - bar.left))
    }

    static func read(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    /// The session document of a .json or .sqlite session, as `session export` writes it.
    static func document(_ path: String, in dir: URL) throws -> [String: Any] {
        let out = dir.appendingPathComponent("export-\(UUID().uuidString).json").path
        let result = try CLIRunner.run("session", "export", path, "-o", out)
        #expect(result.status == 0, "\(result.stderr)")
        return try read(out)
    }

    /// The bars the session's marks are made at (0-based global indices into edition A's bars).
    static let marked = [5, 37, 60, 88, 101, 130]
    static let ratings = [2, 4, 1, 5, 3, 2]

    /// A session on edition A (`set-a.pdf`): take 1 from bar index 1 to 135, a rating in each bar of `marked`, a
    /// problem over a system break, and an ink stroke in bar index 40 (written into the document), as .json or .sqlite.
    static func session(set: String, in dir: URL, sqlite: Bool) throws -> String {
        let json = dir.appendingPathComponent("s.json").path
        #expect(try CLIRunner.run("session", "create", json, "--score", dir.appendingPathComponent("\(set)-a.pdf").path, "--detect").status == 0)
        let bars = bars(try read(json))
        func at(_ index: Int, _ fraction: Double = 0.3, prefix: String = "") -> [String] {
            let bar = bars[index]
            return ["--\(prefix)page", String(bar.page), "--\(prefix)x", String(bar.left + fraction * (bar.right - bar.left)),
                    "--\(prefix)y", String(bar.top + 8)]
        }
        #expect(try CLIRunner.run(["take", "start", json] + at(1)).status == 0)
        for (index, rating) in zip(marked, ratings) {
            let result = try CLIRunner.run(["mark", json, "--take", "1", "--rating", String(rating)] + at(index))
            #expect(result.status == 0, "\(result.stderr)")
        }
        // A range from the last bar of a system on page 1 to the second bar of the next.
        let last = bars.firstIndex { $0.page == 1 && $0.top != bars[0].top }! - 1
        let range = try CLIRunner.run(["mark", json, "--take", "1", "--problem", "intonation"] + at(last, 0.5) + at(last + 2, 0.25, prefix: "to-"))
        #expect(range.status == 0, "\(range.stderr)")
        #expect(try CLIRunner.run(["take", "end", json, "1"] + at(135)).status == 0)
        // An ink stroke through bar 40, as the page draws them.
        var document = try read(json)
        var marks = document["marks"] as! [[String: Any]]
        let ink = bars[40], y = ink.top + 10
        let points = stride(from: 0.2, through: 0.8, by: 0.2).map { [ink.left + $0 * (ink.right - ink.left), y + 20 * $0] }
        marks.append(["id": marks.count + 1, "take": 1, "kind": "ink", "at": ["page": ink.page, "x": points[0][0], "y": points[0][1]],
                      "points": points])
        document["marks"] = marks
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: json))
        guard sqlite else { return json }
        let database = dir.appendingPathComponent("s.sqlite").path
        #expect(try CLIRunner.run("session", "import", json, database).status == 0)
        return database
    }

    /// Where each bar index of edition A is in the new edition, when the new edition has it.
    static func expectedIndex(_ index: Int, edition: String, oldBars: [Bar]) -> Int? {
        guard edition == "deleted" else { return index }
        let page2 = oldBars.filter { $0.page == 2 }
        if oldBars[index].page == 2 { return nil }
        return oldBars[index].page > 2 ? index - page2.count : index
    }

    @Test("every take and mark keeps its bar and fraction; what the new edition lacks is reported and kept; --undo goes back",
          arguments: [("edition", "reflow", false), ("edition", "inserted", true), ("edition", "deleted", false),
                      ("plain", "reflow", true), ("plain", "inserted", false), ("plain", "deleted", true)])
    func rescore(set: String, edition: String, sqlite: Bool) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-rescore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["\(set)-a", "\(set)-\(edition)"] {
            try FileManager.default.copyItem(at: Self.editions.appendingPathComponent(name + ".pdf"), to: dir.appendingPathComponent(name + ".pdf"))
        }
        let path = try Self.session(set: set, in: dir, sqlite: sqlite)
        let before = try Self.document(path, in: dir)
        let oldBars = Self.bars(before)
        if set == "edition" { #expect(oldBars.first?.number == "0", "the upbeat is bar 0 as printed") }
        /// The takes `covers --bar N --json` lists (its warnings left out: a mark left unplaced may warn).
        func covers(_ number: String) throws -> String {
            let result = try CLIRunner.run("covers", path, "--bar", number, "--json")
            #expect(result.status == 0, "\(result.stderr)")
            let answer = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
            return String(decoding: try JSONSerialization.data(withJSONObject: answer["takes"] ?? [], options: .sortedKeys), as: UTF8.self)
        }
        let coversBefore = try Self.marked.map { try covers(oldBars[$0].number) }

        let result = try CLIRunner.run("session", "rescore", path, dir.appendingPathComponent("\(set)-\(edition).pdf").path, "--json")
        try #require(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(report["matchedBy"] as? String == (set == "edition" ? "numbers+content" : "content"))
        let after = try Self.document(path, in: dir)
        let newBars = Self.bars(after)
        let unplaced = report["unplaced"] as! [[String: Any]]
        let unplacedMarks = Set(unplaced.compactMap { $0["mark"] as? Int })
        let oldMarks = before["marks"] as! [[String: Any]], newMarks = after["marks"] as! [[String: Any]]
        #expect(newMarks.count == oldMarks.count, "no mark is lost")

        /// Checks that a position moved to the bar the new edition has for its old bar, at the same fraction.
        func check(_ old: [String: Any], _ new: [String: Any], _ what: String) {
            let was = Self.place(old, in: oldBars)!
            guard let expected = Self.expectedIndex(was.bar.index, edition: edition, oldBars: oldBars) else { return }
            guard let now = Self.place(new, in: newBars) else { Issue.record("\(what) lies on no bar"); return }
            #expect(now.bar.index == expected, "\(what): bar index \(was.bar.index) moved to \(now.bar.index), expected \(expected)")
            #expect(now.bar.number == was.bar.number, "\(what): bar \(was.bar.number) is now numbered \(now.bar.number)")
            #expect(abs(now.fraction - was.fraction) < 0.01, "\(what): fraction \(was.fraction) became \(now.fraction)")
            #expect(new["pass"] as? Int == old["pass"] as? Int)
        }
        var expectUnplaced = Set<Int>()
        for (n, (old, new)) in zip(oldMarks, newMarks).enumerated() {
            let id = old["id"] as? Int ?? n + 1
            let positions = [old["at"], old["to"]].compactMap { $0 as? [String: Any] }
            if positions.contains(where: { Self.expectedIndex(Self.place($0, in: oldBars)!.bar.index, edition: edition, oldBars: oldBars) == nil }) {
                expectUnplaced.insert(id)
                #expect(NSDictionary(dictionary: old) == NSDictionary(dictionary: new), "an unplaced mark \(id) stays as it was")
                continue
            }
            check(old["at"] as! [String: Any], new["at"] as! [String: Any], "mark \(id)")
            if let to = old["to"] as? [String: Any] { check(to, new["to"] as! [String: Any], "the end of mark \(id)") }
            if let points = new["points"] as? [[Double]] {
                let at = new["at"] as! [String: Any], bar = Self.place(at, in: newBars)!.bar
                #expect(abs(points[0][0] - (at["x"] as! Double)) < 0.01, "the stroke starts at the mark")
                #expect(points.allSatisfy { bar.left <= $0[0] && $0[0] <= bar.right }, "the stroke stays in its bar: \(points)")
            }
        }
        #expect(unplacedMarks == expectUnplaced, "reported \(unplacedMarks), expected \(expectUnplaced)")
        if edition == "deleted" { #expect(!expectUnplaced.isEmpty, "marks on the deleted page are reported") }
        let take = (after["takes"] as! [[String: Any]])[0], oldTake = (before["takes"] as! [[String: Any]])[0]
        check(oldTake["start"] as! [String: Any], take["start"] as! [String: Any], "the take's start")
        check(oldTake["end"] as! [String: Any], take["end"] as! [String: Any], "the take's end")
        // The takes covering each marked bar, and their ratings, are as before (where no unplaced mark now lies before it).
        for (n, index) in Self.marked.enumerated() where edition != "deleted" || oldBars[index].page == 1 {
            #expect(try covers(oldBars[index].number) == coversBefore[n], "covers --bar \(oldBars[index].number)")
        }
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.before-rescore.json").path))

        // The session now refers to the new edition: it opens without a score-changed warning.
        let check = try CLIRunner.run("session", "check", path)
        #expect(!check.stdout.contains("differs"), "\(check.stdout)")

        // --undo puts every take and mark back exactly, with the old layout and score.
        let undo = try CLIRunner.run("session", "rescore", path, "--undo", "--json")
        try #require(undo.status == 0, "\(undo.stderr)")
        let undone = try Self.document(path, in: dir)
        for key in ["takes", "marks", "layout", "score"] {
            let a = try JSONSerialization.data(withJSONObject: before[key]!, options: .sortedKeys)
            let b = try JSONSerialization.data(withJSONObject: undone[key]!, options: .sortedKeys)
            #expect(a == b, "\(key) after --undo")
        }
        #expect(try Self.marked.map { try covers(oldBars[$0].number) } == coversBefore)
        let again = try CLIRunner.run("session", "rescore", path, "--undo")
        #expect(again.status == 2 && again.stderr.contains("cannot undo the rescore: the session is no longer on the edition"), "\(again.stderr)")
    }
}
