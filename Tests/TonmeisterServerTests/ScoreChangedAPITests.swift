import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TonmeisterServer

/// The served score is not the one the session was made on: `GET /api/session` says so in its warnings.
@Suite("A changed score on the server")
struct ScoreChangedAPITests {
    @Test("GET /api/session warns score-changed when the served PDF's SHA-256 differs, and not when it is the same")
    func warns() async throws {
        let other = ServerFixture.packageRoot.appendingPathComponent("Scores/minuet.pdf").path
        for (score, changed) in [(other, true), (ServerFixture.score, false)] {
            let fixture = try ServerFixture()
            let server = try TonmeisterServer(sessionPath: fixture.database, scorePath: score, configuration: ServerConfiguration(token: nil))
            let warnings = try await Application(router: server.makeRouter()).test(.router) { client in
                try await client.send(.get, "/api/session").object["warnings"] as? [[String: Any]] ?? []
            }
            try? FileManager.default.removeItem(at: fixture.folder)
            let found = warnings.filter { $0["kind"] as? String == "score-changed" }
            #expect(found.count == (changed ? 1 : 0))
            if changed {
                #expect(found.first?["message"] as? String == "\(other) differs from the score the session was made on (SHA-256): "
                    + "marks may be drawn off their bars; `tonmeister session rescore` moves them onto a new edition")
            }
        }
    }
}
