import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
@testable import TonmeisterServer

/// `GET /api/covers?bar=N` answers exactly what `tonmeister covers SESSION --bar N --json` prints, for every bar of a
/// session recorded through the API (takes ending mid-bar, ratings by two devices, an undone mark).
@Suite("Covers: the API agrees with the command line")
struct CoversAgreementTests {
    /// Runs the built `tonmeister` (off Swift's cooperative threads): its exit status and standard output.
    static func cli(_ arguments: [String]) async throws -> (status: Int32, stdout: String) {
        let executable = try #require(ChildProcess.product("tonmeister"), "the tonmeister executable is built with the tests")
        let run = try await ChildProcess.detached(executable, arguments)
        return (run.status, run.output)
    }

    static func object(_ text: String) -> NSDictionary {
        var object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
        object["warnings"] = nil
        return object as NSDictionary
    }

    @Test("every bar: the same takes, coverage, ratings and open flags")
    func everyBar() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let bars = try await client.send(.get, "/api/session").object["bars"] as? [[String: Any]] ?? []
            #expect(bars.count > 10)
            func at(_ bar: [String: Any], _ fraction: Double) -> String {
                let left = bar["left"] as? Double ?? 0, right = bar["right"] as? Double ?? 0
                let top = bar["top"] as? Double ?? 0
                return #"{"page":\#(bar["page"] as? Int ?? 1),"x":\#(left + (right - left) * fraction),"y":\#(top + 5)}"#
            }
            // A take from the middle of bar 3 to the first tenth of bar 9 (partial at both ends), rated by two devices.
            let take = try await client.send(.post, "/api/takes", #"{"start":\#(at(bars[2], 0.5))}"#, headers: DeviceAndInkTests.device("tab-a"))
            let number = take.object["number"] as? Int ?? 0
            for (i, value) in [(3, 2), (5, 5), (6, 1), (7, 4)] {
                let device = i % 2 == 0 ? "tab-a" : "tab-b"
                let mark = try await client.send(.post, "/api/marks", #"{"take":\#(number),"kind":"rating","value":\#(value),"at":\#(at(bars[i], 0.4))}"#,
                                                 headers: DeviceAndInkTests.device(device))
                #expect(mark.status == .created)
            }
            _ = try await client.send(.post, "/api/undo", headers: DeviceAndInkTests.device("tab-b"))
            let end = try await client.send(.post, "/api/takes/\(number)/end", #"{"at":\#(at(bars[8], 0.1))}"#)
            #expect(end.status == .ok)
            // Ask once before more marks (the index is then updated in place for the take), then after.
            _ = try await client.send(.get, "/api/covers?bar=4")
            _ = try await client.send(.post, "/api/marks", #"{"take":\#(number),"kind":"rating","value":2,"at":\#(at(bars[4], 0.8))}"#)
            var compared = 0
            for bar in bars {
                let name = bar["bar"] as? String ?? ""
                let api = try await client.send(.get, "/api/covers?bar=\(name)")
                let cli = try await Self.cli(["covers", fixture.database, "--bar", name, "--json"])
                #expect(cli.status == 0)
                #expect(Self.object(api.text) == Self.object(cli.stdout), "bar \(name)")
                compared += 1
            }
            #expect(compared == bars.count)
        }
    }
}
