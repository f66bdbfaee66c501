import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import Testing
@testable import TonmeisterServer

/// A write retried with the same Idempotency-Key happens once and answers as the first time, also after a restart.
@Suite("API: retried writes")
struct IdempotencyTests {
    static let mark = #"{"take":1,"kind":"rating","value":4,"at":{"page":2,"x":150,"y":120}}"#

    @Test("the same key twice: one mark, the same answer, marked as replayed; another key makes another mark")
    func retriedMark() async throws {
        let fixture = try ServerFixture()
        let database = fixture.database
        let before = try SessionStore(path: database).load().marks.count
        try await fixture.test { client in
            let first = try await client.send(.post, "/api/marks", Self.mark, headers: [.init("Idempotency-Key")!: "tap-0001"])
            let again = try await client.send(.post, "/api/marks", Self.mark, headers: [.init("Idempotency-Key")!: "tap-0001"])
            #expect(first.status == .created && again.status == .created)
            #expect(again.text == first.text)
            #expect(again.headers[.init("Idempotent-Replayed")!] == "true")
            #expect(try SessionStore(path: database).load().marks.count == before + 1)
            let other = try await client.send(.post, "/api/marks", Self.mark, headers: [.init("Idempotency-Key")!: "tap-0002"])
            #expect(other.object["id"] as? Int != first.object["id"] as? Int)
            #expect(try SessionStore(path: database).load().marks.count == before + 2)
        }
    }

    @Test("an undo retried undoes once; a key reused elsewhere is 422; a refused write is not kept")
    func undoAndMisuse() async throws {
        let fixture = try ServerFixture()
        let database = fixture.database
        try await fixture.test { client in
            try await client.send(.post, "/api/marks", Self.mark, headers: [.init("Idempotency-Key")!: "m-1"])
            try await client.send(.post, "/api/marks", Self.mark, headers: [.init("Idempotency-Key")!: "m-2"])
            let history = try SessionStore(path: database).load().history.count
            let undo = try await client.send(.post, "/api/undo", "{}", headers: [.init("Idempotency-Key")!: "undo-1"])
            let retry = try await client.send(.post, "/api/undo", "{}", headers: [.init("Idempotency-Key")!: "undo-1"])
            #expect(undo.status == .ok && retry.text == undo.text)
            #expect(try SessionStore(path: database).load().marks.filter { !$0.deleted }.count
                    == (try SessionStore(path: database).load().marks.count) - 1)
            #expect(try SessionStore(path: database).load().history.count == history - 1)
            let misuse = try await client.send(.post, "/api/undo", "{}", headers: [.init("Idempotency-Key")!: "m-1"])
            #expect(misuse.status == .unprocessableContent)
            let bad = #"{"take":1,"kind":"rating","value":9,"at":{"page":2,"x":150,"y":120}}"#
            #expect(try await client.send(.post, "/api/marks", bad, headers: [.init("Idempotency-Key")!: "m-3"]).status == .badRequest)
            #expect(try await client.send(.post, "/api/marks", Self.mark, headers: [.init("Idempotency-Key")!: "m-3"]).status == .created)
            #expect(try await client.send(.post, "/api/marks", Self.mark, headers: [.init("Idempotency-Key")!: String(repeating: "k", count: 200)]).status == .badRequest)
        }
    }

    @Test("racing retries of one key make one mark")
    func racingRetries() async throws {
        let fixture = try ServerFixture()
        let database = fixture.database
        let before = try SessionStore(path: database).load().marks.count
        try await fixture.test { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await client.send(.post, "/api/marks", Self.mark, headers: [.init("Idempotency-Key")!: "race-1"]) }
                }
                try await group.waitForAll()
            }
            #expect(try SessionDatabase(path: database).load().marks.count == before + 1)
        }
    }

    @Test("after a restart the same key still answers from the database")
    func acrossRestart() async throws {
        let fixture = try ServerFixture()
        let database = fixture.database
        let first = try await Application(router: fixture.server.makeRouter()).test(.router) { client in
            try await client.send(.post, "/api/marks", Self.mark, headers: [.init("Idempotency-Key")!: "before-restart"]).text
        }
        let count = try SessionStore(path: database).load().marks.count
        let restarted = try TonmeisterServer(sessionPath: database, scorePath: ServerFixture.score, configuration: ServerConfiguration())
        try await fixture.test { _ in
            let again = try await Application(router: restarted.makeRouter()).test(.router) { client in
                try await client.send(.post, "/api/marks", Self.mark, headers: [.init("Idempotency-Key")!: "before-restart"]).text
            }
            #expect(again == first)
            #expect(try SessionStore(path: database).load().marks.count == count)
        }
    }
}
