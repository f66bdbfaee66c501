import Foundation
import Testing

/// `score form --detect` on sessions made from engraved PDFs: it proposes the order the drawn repeat signs give,
/// saves nothing, says so when it finds none (exit 0), and refuses bad input with status 2.
@Suite("Proposing the playing order from the score")
struct FormDetectCommandTests {
    /// A session made with `--detect` from a PDF of the corpus.
    static func session(_ corpusPDF: String) throws -> (URL, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-form-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let pdf = dir.appendingPathComponent("score.pdf")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Tests/ScoreDocumentTests/Corpus/" + corpusPDF), to: pdf)
        let path = dir.appendingPathComponent("s.json").path
        #expect(try CLIRunner.run("session", "create", path, "--score", pdf.path, "--detect").status == 0)
        return (dir, path)
    }

    @Test("a minuet with repeats and D.C. al Fine: proposed, not saved, then confirmed with --order")
    func minuet() throws {
        let (dir, path) = try Self.session("form/musescore-minuet-dc.pdf")
        defer { try? FileManager.default.removeItem(at: dir) }
        // 1-8, 1-8, 9-16, 9-16, 17-24, 17-24, 25-32, 25-32, 1-16 with runs that continue one another joined.
        let expected = ["1-8", "1-16", "9-24", "17-32", "25-32", "1-16"]
        let answer = try CLIRunner.json("score", "form", path, "--detect", "--json")
        let proposal = (answer["detected"] as? [[String: Any]])?.first
        #expect(proposal?["proposal"] as? [String] == expected)
        #expect(proposal?["orderOption"] as? String == expected.joined(separator: ","))
        let signs = (proposal?["signs"] as? [[String: Any]] ?? []).compactMap { s in (s["sign"] as? String).map { "\($0)@\(s["bar"] as? String ?? "")" } }
        #expect(signs.contains("fine@16") && signs.contains("da-capo@32") && signs.contains("start-repeat@17"), "\(signs)")
        // Nothing saved: the session has no pieces, so the order is still the score order.
        #expect(try CLIRunner.json("score", "form", path, "--json")["pieces"] as? [Any] != nil)
        let text = try CLIRunner.run("score", "form", path, "--detect")
        #expect(text.status == 0 && text.stdout.contains("--order \"\(expected.joined(separator: ","))\""), "\(text.stdout)")
        let confirmed = try CLIRunner.json("score", "form", path, "--order", expected.joined(separator: ","), "--json")
        #expect(confirmed["order"] as? [String] == expected && confirmed["played"] as? Int == 80)
    }

    @Test("a score without repeat signs: score order, a warning, exit 0")
    func nothing() throws {
        let (dir, path) = try Self.session("musescore/bach-bwv66-6.pdf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run("score", "form", path, "--detect", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let answer = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        let proposal = (answer["detected"] as? [[String: Any]])?.first
        #expect(proposal?["proposal"] is NSNull && proposal?["orderOption"] as? String == "score")
        #expect((answer["warnings"] as? [[String: Any]])?.first?["kind"] as? String == "no-repeat-signs")
    }

    @Test("bad input exits 2 and changes nothing")
    func badInput() throws {
        let (dir, path) = try Self.session("form/musescore-endings.pdf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let piece = try CLIRunner.run("score", "form", path, "--detect", "--piece", "3")
        #expect(piece.status == 2 && piece.stderr.contains("--piece 3"), "\(piece.stderr)")
        #expect(try CLIRunner.run("score", "form", path, "--detect", "--order", "1-4").status == 2)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("score.pdf"))
        let missing = try CLIRunner.run("score", "form", path, "--detect")
        #expect(missing.status == 2 && missing.stderr.contains("score PDF"), "\(missing.stderr)")
        try Data("%PDF-1.4 broken".utf8).write(to: dir.appendingPathComponent("score.pdf"))
        let broken = try CLIRunner.run("score", "form", path, "--detect")
        #expect(broken.status == 2, "\(broken.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }
}
