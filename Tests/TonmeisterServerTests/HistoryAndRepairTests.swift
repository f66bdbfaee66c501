import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Storage
import Testing
@testable import TonmeisterServer

/// `GET /api/history` (the page's history list) and the reading's repairs of a served session kept after its writes.
@Suite("History list and kept repairs", .serialized)
struct HistoryAndRepairTests {
    static func device(_ id: String) -> HTTPFields { [.init("X-Tonmeister-Device")!: id] }

    @Test("the history lists the newest actions first, each with its device, time and what it did; limit is checked")
    func historyList() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let take = try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":60}}"#, headers: Self.device("tab-a"))
            let number = take.object["number"] as? Int ?? 0
            let mark = try await client.send(.post, "/api/marks", #"{"take":\#(number),"kind":"rating","value":4,"at":{"page":2,"x":120,"y":60}}"#,
                                              headers: Self.device("tab-b"))
            let id = mark.object["id"] as? Int ?? 0
            try await client.send(.post, "/api/marks/\(id)/change", #"{"kind":"problem","problem":"intonation"}"#)
            let answer = try await client.send(.get, "/api/history?limit=3")
            #expect(answer.status == .ok)
            #expect((answer.object["total"] as? Int ?? 0) >= 3)
            let entries = answer.object["history"] as? [[String: Any]] ?? []
            #expect(entries.map { $0["action"] as? String } == ["mark-change", "mark", "take-start"])
            #expect(entries.map { $0["device"] as? String } == [nil, "tab-b", "tab-a"])
            #expect(entries.map { $0["did"] as? String } == [
                "changed rating 4 to problem intonation (mark \(id)) on take \(number)",
                "added problem intonation (mark \(id)) on take \(number)", "started take \(number)",
            ])
            let ids = entries.compactMap { $0["id"] as? Int }
            #expect(ids.count == 3 && ids == ids.sorted(by: >))
            let now = Date()
            for entry in entries {
                let time = try #require(entry["time"] as? String)
                let date = try #require(try? Date(time, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
                #expect(abs(date.timeIntervalSince(now)) < 120)
            }
            // An undo takes its entry off the list.
            try await client.send(.post, "/api/undo", headers: Self.device("tab-a"))
            let after = try await client.send(.get, "/api/history?limit=2").object["history"] as? [[String: Any]] ?? []
            #expect(after.first?["action"] as? String == "mark-change")
            #expect(!(after.contains { $0["action"] as? String == "take-start" && $0["take"] as? Int == number }))
            for bad in ["0", "1001", "x"] {
                let refused = try await client.send(.get, "/api/history?limit=\(bad)")
                #expect(refused.status == .badRequest)
            }
        }
    }

    @Test("a repair of reading (a range turned around) is still reported by /api/session and /api/coverage after writes")
    func repairsKeptAfterWrites() async throws {
        let fixture = try ServerFixture()
        // Another program wrote a backward range: the file keeps it, the reading turns it around with a warning.
        let queue = try DatabaseQueue(path: fixture.database)
        let id = try await queue.write { db -> Int in
            let id = try Int.fetchOne(db, sql: "SELECT id FROM mark WHERE take = 30 AND deleted = 0 ORDER BY id LIMIT 1") ?? 0
            try db.execute(sql: "UPDATE mark SET to_page = at_page, to_x = at_x - 40, to_y = at_y WHERE id = ?", arguments: [id])
            return id
        }
        try queue.close()
        let server = try TonmeisterServer(sessionPath: fixture.database, scorePath: ServerFixture.score, configuration: ServerConfiguration(token: nil))
        try await Application(router: server.makeRouter()).test(.router) { client in
            func reversed(_ path: String) async throws -> Bool {
                let warnings = try await client.send(.get, path).object["warnings"] as? [[String: Any]] ?? []
                return warnings.contains { $0["kind"] as? String == "range-reversed" && $0["mark"] as? Int == id }
            }
            #expect(try await reversed("/api/session"))
            let take = try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":60}}"#)
            let number = take.object["number"] as? Int ?? 0
            try await client.send(.post, "/api/marks", #"{"take":\#(number),"kind":"rating","value":4,"at":{"page":2,"x":120,"y":60}}"#)
            #expect(try await reversed("/api/session"), "kept after the first write")
            #expect(try await reversed("/api/coverage"))
            // Moving that mark writes it the right way round: the repair is no longer needed, nor reported.
            let mark = try await client.send(.get, "/api/marks?take=30").object["marks"] as? [[String: Any]] ?? []
            let moved = try #require(mark.first { $0["id"] as? Int == id })
            let at = try #require(moved["at"] as? [String: Any]), to = try #require(moved["to"] as? [String: Any])
            let body = #"{"at":{"page":\#(at["page"]!),"x":\#(at["x"]!),"y":\#(at["y"]!)},"to":{"page":\#(to["page"]!),"x":\#(to["x"]!),"y":\#(to["y"]!)}}"#
            #expect(try await client.send(.post, "/api/marks/\(id)/move", body).status == .ok)
            #expect(try await !reversed("/api/session"))
        }
        try? FileManager.default.removeItem(at: fixture.folder)
    }
}
