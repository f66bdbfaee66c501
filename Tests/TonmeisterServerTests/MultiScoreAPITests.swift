import Foundation
import Hummingbird
import HummingbirdTesting
import RecordingProtocol
import ScoreLayout
import Storage
import Testing
@testable import TonmeisterServer

/// A session of two scores served: the example on the chorale (3 pages) with the minuet (1 page) added as score 1.
@Suite("Several scores on the server")
struct MultiScoreAPITests {
    @Test("GET /api/session lists the scores and every page; the minuet is page 4; a take there is score 1's")
    func scores() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-scores-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = ServerFixture.packageRoot
        var session = try Session(json: Data(contentsOf: root.appendingPathComponent("Examples/chorale-session.json")))
        let minuet = root.appendingPathComponent("Scores/minuet.pdf").path
        // Score 1 records a SHA-256 its PDF does not have: the page is warned about it, by its path.
        try session.addScore(ScoreReference(file: minuet, sha256: String(repeating: "0", count: 64), music: "/notes/minuet.musicxml", pages: 1),
                             layout: try ScoreLayout(json: Data(contentsOf: root.appendingPathComponent("Scores/minuet.layout.json"))),
                             previousPages: 3)
        let json = folder.appendingPathComponent("two.json")
        try session.jsonData(pretty: true).write(to: json)
        let database = try SessionFiles.prepare(json.path).database
        let more = try SessionFiles.moreScorePaths(for: try SessionStore(path: database).load(), sessionPath: database)
        #expect(more == [minuet])
        let server = try TonmeisterServer(sessionPath: database, scorePath: ServerFixture.score, moreScorePaths: more,
                                          configuration: ServerConfiguration(token: nil))
        try await Application(router: server.makeRouter()).test(.router) { client in
            let answer = try await client.send(.get, "/api/session").object
            let scores = answer["scores"] as? [[String: Any]] ?? []
            #expect(scores.map { $0["firstPage"] as? Int } == [1, 4])
            #expect(scores.map { $0["pages"] as? Int } == [3, 1])
            // Each score's notes: the page offers placing a take whose file arrives when any score has them.
            #expect(Self.notes(answer) == ["none", "/notes/minuet.musicxml"])
            #expect(((answer["score"] as? [String: Any])?["pages"] as? [Any])?.count == 4)
            let changed = (answer["warnings"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "score-changed" }
            #expect(changed.count == 1 && (changed.first?["message"] as? String)?.hasPrefix(minuet) == true, "\(changed)")
            let page = try await client.send(.get, "/api/pages/4.png?width=600")
            #expect(page.status == .ok)
            #expect(page.body.readableBytes > 1_000)
            #expect(try await client.send(.get, "/api/pages/5.png?width=600").status == .notFound)
            let take = try await client.send(.post, "/api/takes", #"{"start":{"page":4,"x":100,"y":94}}"#)
            #expect(take.status == .created || take.status == .ok, "\(take.text)")
            // Detection in the page's Layout mode reads every score; its report numbers session pages.
            let detected = try await client.send(.post, "/api/layout/detect", "{}")
            #expect(detected.status == .ok, "\(detected.text)")
            let report = detected.object["detection"] as? [String: Any]
            #expect((report?["pages"] as? [[String: Any]])?.map { $0["page"] as? Int } == [1, 2, 3, 4])
            let pages = ((detected.object["layout"] as? [String: Any])?["pages"] as? [[String: Any]])?.compactMap { $0["page"] as? Int }
            #expect(pages?.last == 4)
            // Form detection reads one PDF: refused, as `score form --detect` refuses, with nothing changed.
            let form = try await client.send(.get, "/api/form/detect")
            #expect(form.status == .badRequest, "\(form.text)")
            #expect(form.text.contains("2 scores"), "\(form.text)")
        }
        let exported = String(decoding: try SessionStore(path: database).load().jsonData(), as: UTF8.self)
        #expect(exported.contains(#""start":{"score":1,"page":1,"x":100.0,"y":94.0}"#))
    }

    /// Each score's notes in `GET /api/session`'s `scores` ("none" where a score has none).
    static func notes(_ answer: [String: Any]) -> [String] {
        (answer["scores"] as? [[String: Any]] ?? []).map { ($0["music"] as? String) ?? "none" }
    }
}
