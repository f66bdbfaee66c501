import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import Testing
@testable import TonmeisterServer

/// Bad requests get 400 with a message, unknown ids 404, large bodies 413; nothing is changed by any of them.
@Suite("API: errors")
struct ErrorAPITests {
    @Test("bad bodies are 400 with a message that names the problem", arguments: [
        ("/api/takes", "", "the request needs a JSON object as its body"),
        ("/api/takes", "[1]", "the body must be a JSON object"),
        ("/api/takes", "{\"start\":", "the body is not JSON: not valid JSON: unexpected end of document at byte 9"),
        ("/api/takes", "{}", "start is missing: it must be a position {\"page\",\"x\",\"y\"}"),
        ("/api/takes", #"{"start":{"page":0,"x":1,"y":1}}"#, "start.page must be 1 or more"),
        ("/api/takes", #"{"start":{"page":2,"x":"a","y":1}}"#, "start.x: expected a number, found a string"),
        ("/api/takes", #"{"start":{"page":2,"x":-4,"y":1}}"#, "start: x and y must be 0 or more"),
        ("/api/takes", #"{"start":{"page":9,"x":4,"y":1}}"#, "take 31 start at p9 (4, 1): page 9 is not part of the layout"),
        ("/api/marks", #"{"take":1,"kind":"rating","value":7,"at":{"page":2,"x":150,"y":120}}"#, "value must be a rating from 1 to 5, not 7"),
        ("/api/marks", #"{"take":1,"kind":"rating","at":{"page":2,"x":150,"y":120}}"#, "a rating needs value, an integer 1–5"),
        ("/api/marks", #"{"take":1,"kind":"smile","at":{"page":2,"x":150,"y":120}}"#, "kind must be rating, problem, edit-point, text or ink, not 'smile'"),
        ("/api/marks", #"{"take":"1","kind":"text","at":{"page":2,"x":150,"y":120}}"#, "take: expected an integer, found a string"),
        ("/api/takes/1/end", "{}", "at is missing: give the end {\"page\",\"x\",\"y\"}, or null to reopen the take"),
        ("/api/takes/1/renumber", #"{"number":2}"#, "take 1 cannot be renumbered: take 2 exists already"),
    ])
    func badRequests(_ uri: String, _ body: String, _ message: String) async throws {
        try await Self.check(uri, body, message)
    }

    @Test("a tap after the take's end is kept (201) and the answer warns; the session keeps it")
    func tapOutsideTheTake() async throws {
        let fixture = try ServerFixture()
        let database = fixture.database
        try await fixture.test { client in
            let answer = try await client.send(.post, "/api/marks", #"{"take":2,"kind":"text","at":{"page":3,"x":500,"y":700}}"#)
            #expect(answer.status == .created)
            let warnings = answer.object["warnings"] as? [[String: Any]] ?? []
            #expect(warnings.map { $0["kind"] as? String } == ["mark-after-take"])
            #expect((warnings.first?["message"] as? String)?.hasPrefix("mark 79 (text) at p3 (500, 700) lies after the end of take 2") == true)
            #expect(try SessionStore(path: database).load().mark(79)?.take == 2)
            let session = try await client.send(.get, "/api/session")
            #expect((session.object["warnings"] as? [[String: Any]])?.contains { $0["mark"] as? Int == 79 } == true)
        }
    }

    static func check(_ uri: String, _ body: String, _ message: String) async throws {
        let fixture = try ServerFixture()
        let before = try SessionDatabase(path: fixture.database).exportJSON()
        let database = fixture.database
        try await fixture.test { client in
            let answer = try await client.send(.post, uri, body)
            #expect(answer.status == .badRequest)
            #expect(answer.message == message)
            #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
            #expect(try SessionDatabase(path: database).exportJSON() == before)
        }
    }

    @Test("unknown takes, marks, bars, pages and routes are 404", arguments: [
        ("POST", "/api/takes/99/end", #"{"at":{"page":2,"x":1,"y":100}}"#, "there is no take 99"),
        ("POST", "/api/takes/abc/end", "{}", "there is no take 'abc'"),
        ("DELETE", "/api/marks/999", "", "there is no mark 999"),
        ("POST", "/api/marks/999/move", #"{"at":{"page":2,"x":1,"y":100}}"#, "there is no mark 999"),
        ("POST", "/api/marks", #"{"take":77,"kind":"text","at":{"page":2,"x":150,"y":120}}"#, "there is no take 77"),
        ("GET", "/api/covers?bar=99", "", "bar 99 is not in the layout"),
        ("GET", "/api/pages/7.png", "", "there is no page '7.png' (the score has 3)"),
        ("GET", "/api/nothing", "", "no such resource"),
        ("GET", "/static/../Package.swift", "", "no such resource"),
        ("GET", "/static/..%2F..%2FPackage.swift", "", "no such file: ..%2F..%2FPackage.swift"),
        ("GET", "/static/%2e%2e", "", "no such file: %2e%2e"),
    ])
    func notFound(_ method: String, _ uri: String, _ body: String, _ message: String) async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let answer = try await client.send(HTTPRequest.Method(rawValue: method)!, uri, body.isEmpty ? nil : body)
            #expect(answer.status == .notFound, "\(uri): \(answer.text)")
            #expect(answer.message == message)
        }
    }

    @Test("a body over the limit is 413 and changes nothing")
    func tooLarge() async throws {
        let fixture = try ServerFixture(maxBodyBytes: 1_024)
        let database = fixture.database
        try await fixture.test { client in
            let text = String(repeating: "x", count: 4_000)
            let answer = try await client.send(.post, "/api/marks", #"{"take":1,"kind":"text","text":"\#(text)","at":{"page":2,"x":150,"y":120}}"#)
            #expect(answer.status == .contentTooLarge)
            #expect(answer.message == "the request body is too large")
            #expect(try SessionStore(path: database).load().marks.count == 78)
        }
    }

    @Test("undo with an empty history is 400")
    func nothingToUndo() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let answer = try await client.send(.post, "/api/undo")
            #expect(answer.status == .badRequest)
            #expect(answer.message == "nothing to undo: the session's history is empty")
        }
    }
}
