import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing
@testable import TonmeisterServer

/// The token, the configuration rules, opening sessions, and the events that carry one client's changes to the others.
@Suite("API: token, events, layout")
struct AccessAndEventTests {
    @Test("with a token, requests without it are 401; the header, the query and the cookie carry it")
    func token() async throws {
        let fixture = try ServerFixture(token: "s3cret-token")
        try await fixture.test { client in
            let without = try await client.send(.get, "/api/session")
            #expect(without.status == .unauthorized)
            #expect(without.message.hasPrefix("this server needs its token"))
            #expect(try await client.send(.get, "/", headers: [.authorization: "Bearer wrong-token"]).status == .unauthorized)
            #expect(try await client.send(.get, "/api/session", headers: [.authorization: "Bearer s3cret-token"]).status == .ok)
            let opened = try await client.send(.get, "/?token=s3cret-token")
            #expect(opened.status == .ok)
            let cookie = try #require(opened.headers[.setCookie])
            #expect(cookie.contains("tonmeister_token=s3cret-token") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            #expect(try await client.send(.get, "/api/session", headers: [.cookie: "tonmeister_token=s3cret-token"]).status == .ok)
            #expect(try await client.send(.post, "/api/undo", headers: [.cookie: "tonmeister_token=s3cret-tokeN"]).status == .unauthorized)
        }
    }

    @Test("listening beyond this machine needs a usable token", arguments: [
        ("127.0.0.1", nil, nil), ("localhost", nil, nil), ("::1", nil, nil),
        ("0.0.0.0", nil, "listening on 0.0.0.0 reaches beyond this machine: give --token so that every request must carry it"),
        ("192.168.1.20", "short", "unusable token: it has 5 characters; use at least 8"),
        ("0.0.0.0", "has space in it", "unusable token: use only letters, digits and - . _ ~"),
        ("0.0.0.0", "long-enough.token", nil),
    ] as [(String, String?, String?)])
    func configuration(_ host: String, _ token: String?, _ message: String?) {
        do {
            try ServerConfiguration(host: host, token: token).validate()
            #expect(message == nil)
        } catch {
            #expect(error.description == message)
        }
        #expect(throws: ServerError.invalidPort(70_000)) { try ServerConfiguration(port: 70_000).validate() }
    }

    @Test("a JSON document is imported beside itself once; the database is reused after")
    func prepare() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-prepare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("day1.json").path
        try FileManager.default.copyItem(atPath: ServerFixture.packageRoot.appendingPathComponent("Examples/chorale-session.json").path, toPath: json)
        let first = try SessionFiles.prepare(json)
        #expect(first == SessionFiles.Prepared(database: folder.appendingPathComponent("day1.sqlite").path, imported: true, reused: false))
        #expect(try SessionFiles.prepare(json).reused)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["day1.json", "day1.sqlite"])
        try Data("{\"format\":\"nope\"}".utf8).write(to: folder.appendingPathComponent("bad.json"))
        #expect(throws: (any Error).self) { try SessionFiles.prepare(folder.appendingPathComponent("bad.json").path) }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.sqlite").path))
        #expect(throws: ServerError.self) { try SessionFiles.prepare(folder.appendingPathComponent("notes.txt").path) }
    }

    @Test("a mark added by one client reaches another's event stream")
    func events() async throws {
        let fixture = try ServerFixture()
        let hub = fixture.server.hub
        try await fixture.test { client in
            async let stream = client.send(.get, "/api/events?limit=2")
            while hub.subscriberCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
            try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":120}}"#)
            try await client.send(.post, "/api/marks", #"{"take":31,"kind":"rating","value":3,"at":{"page":2,"x":150,"y":120}}"#)
            let answer = try await stream
            #expect(answer.headers[.contentType] == "text/event-stream")
            let lines = answer.text.split(separator: "\n").map(String.init)
            #expect(lines.first == "retry: 1000")
            let data = lines.filter { $0.hasPrefix("data: ") }
            #expect(data.count == 3)
            #expect(data[0] == #"data: {"type":"hello","event":0}"#)
            #expect(data[1].hasPrefix(#"data: {"type":"take","take":{"number":31,"#))
            #expect(data[2].hasPrefix(#"data: {"type":"mark","mark":{"id":79,"take":31,"kind":"rating","value":3,"#))
            #expect(lines.contains("id: 2"))
        }
        #expect(hub.subscriberCount == 0)
    }

    @Test("layout edits add, move and remove barlines and split lines; bad ones are 400")
    func layout() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let before = try await client.send(.get, "/api/layout").object["bars"] as? [Any]
            #expect(before?.count == 36)
            let added = try await client.send(.post, "/api/layout/edit", #"{"op":"add-barline","page":3,"system":3,"x":330}"#)
            #expect(added.status == .ok, "\(added.text)")
            #expect((added.object["bars"] as? [Any])?.count == 37)
            let removed = try await client.send(.post, "/api/layout/edit", #"{"op":"remove-barline","page":3,"system":3,"barline":2}"#)
            #expect((removed.object["bars"] as? [Any])?.count == 36)
            let moved = try await client.send(.post, "/api/layout/edit", #"{"op":"move-system-edge","page":3,"system":1,"edge":"top","y":30}"#)
            #expect(moved.status == .ok)
            let bad = try await client.send(.post, "/api/layout/edit", #"{"op":"explode","page":3}"#)
            #expect(bad.status == .badRequest)
            #expect(bad.message.hasPrefix("op must be one of add-barline, move-barline"))
            let noSystem = try await client.send(.post, "/api/layout/edit", #"{"op":"add-barline","page":3,"x":330}"#)
            #expect(noSystem.message == "add-barline needs system (counted from 1 on the page)")
            let session = try await client.send(.get, "/api/session").object
            #expect((session["bars"] as? [Any])?.count == 36)
        }
    }

    @Test("a detected layout carries its report (reading, confidence, pages to check) until the layout is edited")
    func detectionReport() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let detected = try await client.send(.post, "/api/layout/detect", #"{"save":true}"#)
            #expect(detected.status == .ok, "\(detected.text)")
            let report = try #require(detected.object["detection"] as? [String: Any])
            let pages = try #require(report["pages"] as? [[String: Any]])
            #expect(pages.count == 3 && pages.allSatisfy { $0["reading"] as? String == "vector" && $0["doubtful"] as? Bool == false })
            #expect((report["doubtfulPages"] as? [Any])?.isEmpty == true)
            let session = try await client.send(.get, "/api/session").object
            #expect(session["detection"] != nil, "the page learns which pages to check when it loads")
            _ = try await client.send(.post, "/api/layout/edit", #"{"op":"add-barline","page":3,"system":3,"x":330}"#)
            #expect(try await client.send(.get, "/api/session").object["detection"] == nil, "an edited layout is no longer the detected one")
        }
    }
}

/// Changes made by another process (the command line on the same database) reach the clients as a `reload` event.
@Suite("API: other writers")
struct OtherWriterTests {
    @Test("a change by another connection is noticed; the server's own are not")
    func reloadEvent() async throws {
        let fixture = try ServerFixture()
        let server = fixture.server, database = fixture.database
        try await fixture.test { client in
            #expect(await server.publishExternalChanges() == false)
            try await client.send(.post, "/api/takes/3/note", #"{"note":"through the API"}"#)
            #expect(await server.publishExternalChanges() == false)
            try SessionStore(path: database).setNote(ofTake: 3, to: "through the command line")
            let (id, events) = server.hub.subscribe()
            defer { server.hub.unsubscribe(id) }
            #expect(await server.publishExternalChanges() == true)
            var iterator = events.makeAsyncIterator()
            #expect(await iterator.next()?.json == #"{"type":"reload"}"#)
            #expect(await server.publishExternalChanges() == false)
            // The session kept in memory follows: the command line's note is answered, also when a write of the
            // server comes right after the other process's (before the twice-a-second look).
            #expect(try await client.send(.get, "/api/takes/3").object["note"] as? String == "through the command line")
            try SessionStore(path: database).setNote(ofTake: 4, to: "elsewhere")
            try await client.send(.post, "/api/takes/3/note", #"{"note":"here"}"#)
            #expect(try await client.send(.get, "/api/takes/4").object["note"] as? String == "elsewhere")
            #expect(try await client.send(.get, "/api/takes/3").object["note"] as? String == "here")
            #expect(await server.publishExternalChanges() == true, "the clients still get their reload event")
        }
    }
}
