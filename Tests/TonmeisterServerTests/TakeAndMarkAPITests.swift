import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import Testing
@testable import TonmeisterServer

/// The editing API: takes and marks are created, revised and undone, and every edit is stored.
@Suite("API: takes and marks")
struct TakeAndMarkAPITests {
    @Test("the session summary has the layout, the takes and the marks")
    func session() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let answer = try await client.send(.get, "/api/session")
            #expect(answer.status == .ok)
            let json = answer.object
            #expect(json["title"] as? String == "Haydn, Emperor hymn and variations — day 1")
            #expect((json["takes"] as? [Any])?.count == 30)
            #expect((json["marks"] as? [Any])?.count == 78)
            #expect((json["bars"] as? [Any])?.count == 36)
            #expect((json["nextTake"] as? [String: Any])?["number"] as? Int == 31)
            let pages = (json["score"] as? [String: Any])?["pages"] as? [[String: Any]]
            #expect(pages?.count == 3)
            #expect(json["layout"] is [String: Any])
        }
    }

    @Test("a take is started, marked, ended; the database has it all")
    func takeLifecycle() async throws {
        let fixture = try ServerFixture()
        let database = fixture.database
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":120}}"#)
            #expect(started.status == .created)
            #expect(started.object["number"] as? Int == 31)
            #expect(started.object["open"] as? Bool == true)
            #expect(started.object["fromBar"] as? String == "1")
            let mark = try await client.send(.post, "/api/marks", #"{"take":31,"kind":"rating","value":4,"at":{"page":2,"x":150,"y":120}}"#)
            #expect(mark.status == .created)
            let id = try #require(mark.object["id"] as? Int)
            #expect(mark.object["bar"] as? String == "1")
            let problem = try await client.send(.post, "/api/marks",
                #"{"take":31,"kind":"problem","problem":"intonation","text":"viola","at":{"page":2,"x":200,"y":120},"to":{"page":2,"x":260,"y":120}}"#)
            #expect(problem.status == .created)
            let ended = try await client.send(.post, "/api/takes/31/end", #"{"at":{"page":2,"x":400,"y":330}}"#)
            #expect(ended.status == .ok)
            #expect(ended.object["open"] as? Bool == false)
            let stored = try SessionStore(path: database).load()
            #expect(stored.take(31)?.end != nil)
            #expect(stored.mark(id)?.kind == .rating(4))
            #expect(stored.marks(ofTake: 31).count == 2)
        }
    }

    @Test("a typed take number is used; renumbering moves the marks with the take")
    func numbers() async throws {
        let fixture = try ServerFixture()
        let database = fixture.database
        try await fixture.test { client in
            let typed = try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":120},"number":40}"#)
            #expect(typed.object["number"] as? Int == 40)
            try await client.send(.post, "/api/marks", #"{"take":40,"kind":"edit-point","at":{"page":2,"x":150,"y":120}}"#)
            let renumbered = try await client.send(.post, "/api/takes/40/renumber", #"{"number":41}"#)
            #expect(renumbered.status == .ok)
            #expect(renumbered.object["label"] as? String == "41")
            #expect(try SessionStore(path: database).load().marks(ofTake: 41).count == 1)
            let again = try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":120},"number":41}"#)
            #expect(again.status == .badRequest)
            #expect(again.message == "take number 41 is used more than once")
            #expect(try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":120}}"#).object["number"] as? Int == 42)
        }
    }

    @Test("marks move, change and are deleted; undo walks back")
    func revisions() async throws {
        let fixture = try ServerFixture()
        let database = fixture.database
        try await fixture.test { client in
            try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":120}}"#)
            let mark = try await client.send(.post, "/api/marks", #"{"take":31,"kind":"rating","value":2,"at":{"page":2,"x":150,"y":120}}"#)
            let id = try #require(mark.object["id"] as? Int)
            let moved = try await client.send(.post, "/api/marks/\(id)/move", #"{"at":{"page":2,"x":300,"y":130}}"#)
            #expect((moved.object["at"] as? [String: Any])?["x"] as? Double == 300)
            let changed = try await client.send(.post, "/api/marks/\(id)/change", #"{"kind":"rating","value":5,"text":"lovely"}"#)
            #expect(changed.object["value"] as? Int == 5)
            #expect(changed.object["text"] as? String == "lovely")
            let kept = try await client.send(.post, "/api/marks/\(id)/change", #"{"kind":"problem","problem":"noise"}"#)
            #expect(kept.object["text"] as? String == "lovely")
            let deleted = try await client.send(.delete, "/api/marks/\(id)")
            #expect(deleted.object["deleted"] as? Bool == true)
            let undo = try await client.send(.post, "/api/undo")
            #expect((undo.object["undone"] as? [String: Any])?["action"] as? String == "delete-mark")
            for expected in ["mark-change", "mark-change", "mark-move", "mark", "take-start"] {
                let answer = try await client.send(.post, "/api/undo")
                #expect((answer.object["undone"] as? [String: Any])?["action"] as? String == expected)
            }
            let stored = try SessionStore(path: database).load()
            #expect(stored.take(31)?.deleted == true)
            #expect(stored.mark(id)?.deleted == true && stored.mark(id)?.kind == .rating(2))
        }
    }

    @Test("a take's note is set and the take is deleted")
    func noteAndDelete() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let noted = try await client.send(.post, "/api/takes/3/note", #"{"note":"horns late in bar 7"}"#)
            #expect(noted.object["note"] as? String == "horns late in bar 7")
            #expect(try await client.send(.delete, "/api/takes/3").object["deleted"] as? Bool == true)
            #expect(try await client.send(.get, "/api/takes/3").status == .notFound)
            let takes = try await client.send(.get, "/api/takes").object["takes"] as? [[String: Any]]
            #expect(takes?.count == 29)
        }
    }

    @Test("a take reopens with at null")
    func reopen() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let answer = try await client.send(.post, "/api/takes/1/end", #"{"at":null}"#)
            #expect(answer.status == .ok)
            #expect(answer.object["open"] as? Bool == true)
        }
    }

    @Test("a renumbering is published and undone; the marks go back with the take")
    func renumberAndUndo() async throws {
        let fixture = try ServerFixture()
        let hub = fixture.server.hub
        try await fixture.test { client in
            let (id, events) = hub.subscribe()
            defer { hub.unsubscribe(id) }
            try await client.send(.post, "/api/takes/30/renumber", #"{"number":35,"label":"35b"}"#)
            let undo = try await client.send(.post, "/api/undo")
            #expect((undo.object["undone"] as? [String: Any])?["description"] as? String == "gives take 35 its number 30 back")
            let takes = try await client.send(.get, "/api/takes").object["takes"] as? [[String: Any]]
            #expect(takes?.contains { $0["number"] as? Int == 30 && $0["label"] as? String == "30" } == true)
            #expect(takes?.contains { $0["number"] as? Int == 35 } == false)
            var iterator = events.makeAsyncIterator()
            let first = try #require(await iterator.next()?.json)
            #expect(first.hasPrefix(#"{"type":"renumber","from":30,"take":{"number":35,"label":"35b","#))
            #expect(await iterator.next()?.json.hasPrefix(#"{"type":"undo","action":{"action":"take-renumber","take":35,"#) == true)
            #expect(await iterator.next()?.json.hasPrefix(#"{"type":"renumber","from":35,"take":{"number":30,"label":"30","#) == true)
        }
    }
}

extension TakeAndMarkAPITests {
    @Test("sync now and a take's record start from the page: stored, refused when bad, undone")
    func clock() async throws {
        let fixture = try ServerFixture()
        let database = fixture.database
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/takes", #"{"start":{"page":2,"x":80,"y":120},"startedAt":"2026-11-24T10:00:10.000+01:00"}"#)
            let number = started.object["number"] as? Int ?? 0
            let synced = try await client.send(.post, "/api/clock", #"{"sync":"10:00:12:10","at":"2026-11-24T10:00:08.000+01:00"}"#)
            #expect(synced.status == .ok)
            #expect(synced.object["clockOffset"] as? Double == 4.4)
            let set = try await client.send(.post, "/api/takes/\(number)/clock", #"{"recordStart":"10:00:10:00","tabletOffset":4}"#)
            #expect(set.status == .ok)
            // The page reads the clock back: the take's record start, rate, offset and start time, the session's offset.
            #expect(set.object["recordStart"] as? String == "10:00:10:00" && set.object["tabletOffset"] as? Double == 4)
            #expect(set.object["fps"] as? Double == 25 && set.object["startedAt"] as? String == "2026-11-24T10:00:10.000+01:00")
            #expect(try await client.send(.get, "/api/session").object["clockOffset"] as? Double == 4.4)
            #expect(try await client.send(.post, "/api/takes/\(number)/clock", #"{"recordStart":"10:61:00:00"}"#).status == .badRequest)
            #expect(try await client.send(.post, "/api/clock", #"{"sync":"10:00"}"#).status == .badRequest)
            var stored = try SessionStore(path: database).load()
            #expect(stored.clockOffset == 4.4 && stored.take(number)?.recordStart == "10:00:10:00" && stored.take(number)?.tabletOffset == 4)
            #expect(stored.take(number)?.startedAt == "2026-11-24T10:00:10.000+01:00")
            try await client.send(.post, "/api/undo", "{}")
            try await client.send(.post, "/api/undo", "{}")
            stored = try SessionStore(path: database).load()
            #expect(stored.clockOffset == nil && stored.take(number)?.recordStart == nil)
        }
    }
}
