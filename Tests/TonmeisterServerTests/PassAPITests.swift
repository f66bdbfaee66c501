import Foundation
import Hummingbird
import HummingbirdTesting
import RecordingProtocol
import ScoreLayout
import Testing
@testable import TonmeisterServer

/// The score as played through the API: `?bar=12/2`, and positions that carry their pass.
@Suite("API: playing order and passes")
struct PassAPITests {
    /// The example served with its theme (bars 1–12) played as 1–4, then 1–12: bars 1–4 have two passes.
    static func repeatedFixture() async throws -> ServerFixture {
        let fixture = try ServerFixture()
        _ = try await QueryAPITests.cli(["score", "form", fixture.database, "--piece", "1", "--order", "1-4,1-12"])
        return fixture
    }

    @Test("covers by pass answers as the command line does", arguments: [
        ("/api/covers?bar=2/2", ["covers", "--bar", "2/2", "--json"]),
        ("/api/covers?bar=2", ["covers", "--bar", "2", "--json"]),
        ("/api/coverage", ["coverage", "--json"]),
    ])
    func sameAsCommandLine(_ uri: String, _ arguments: [String]) async throws {
        let fixture = try await Self.repeatedFixture()
        let expected = try await QueryAPITests.cli([arguments[0], fixture.database] + arguments.dropFirst())
        #expect(expected.contains("pass"))
        try await fixture.test { client in
            let answer = try await client.send(.get, uri)
            #expect(answer.status == .ok)
            #expect(answer.text == expected)
        }
    }

    /// A position's JSON with a pass.
    static func json(_ p: ScorePosition, pass: Int) -> String { #"{"page":\#(p.page),"x":\#(p.x),"y":\#(p.y),"pass":\#(pass)}"# }

    @Test("a take and a mark on the second pass are stored with it and answered with it; a pass the order lacks is a 400")
    func postWithPass() async throws {
        let fixture = try await Self.repeatedFixture()
        let layout = try ScoreLayout(json: Data(contentsOf: ServerFixture.packageRoot.appendingPathComponent("Scores/chorale.layout.json")))
        // A rating tapped in the take's first bar rates it from its start (DESIGN §6), so bar 3/2 is rated 5 throughout.
        let bar2 = try #require(layout.position(ofBar: BarNumber(2), fraction: 0.2))
        let bar3 = try #require(layout.position(ofBar: BarNumber(3), fraction: 0.5))
        try await fixture.test { client in
            let take = try await client.send(.post, "/api/takes", #"{"start":\#(Self.json(bar2, pass: 2))}"#)
            #expect(take.status == .created || take.status == .ok, "\(take.text)")
            #expect((take.object["start"] as? [String: Any])?["pass"] as? Int == 2)
            let number = try #require(take.object["number"] as? Int)
            let mark = try await client.send(.post, "/api/marks", #"{"take":\#(number),"kind":"rating","value":5,"at":\#(Self.json(bar2, pass: 2))}"#)
            #expect((mark.object["at"] as? [String: Any])?["pass"] as? Int == 2, "\(mark.text)")
            let second = try await client.send(.get, "/api/covers?bar=3/2")
            let rated = (second.object["takes"] as? [[String: Any]])?.first { $0["number"] as? Int == number }
            #expect(rated?["rating"] as? Int == 5)
            let first = try await client.send(.get, "/api/covers?bar=3/1")
            #expect((first.object["takes"] as? [[String: Any]])?.contains { $0["number"] as? Int == number } == false)
            let refused = try await client.send(.post, "/api/marks", #"{"take":\#(number),"kind":"rating","value":4,"at":\#(Self.json(bar3, pass: 3))}"#)
            #expect(refused.status == .badRequest && refused.message.contains("pass"), "\(refused.text)")
            let zero = try await client.send(.post, "/api/marks", #"{"take":\#(number),"kind":"rating","value":4,"at":\#(Self.json(bar3, pass: 0))}"#)
            #expect(zero.status == .badRequest && zero.message.contains("pass"), "\(zero.text)")
            let bad = try await client.send(.get, "/api/covers?bar=3/9")
            #expect(bad.status == .badRequest && bad.message.contains("no pass 9"), "\(bad.text)")
        }
    }
}
