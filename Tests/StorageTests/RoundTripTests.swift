import Foundation
import RecordingProtocol
import ScoreLayout
import Testing
@testable import Storage

/// Whole-session save/load and JSON import/export.
@Suite("Storage round trip")
struct RoundTripTests {
    @Test("the example session loads back equal and exports the same JSON bytes")
    func exampleRoundTrip() throws {
        let session = try Fixtures.example()
        let database = try SessionDatabase(inMemory: "rt")
        try database.save(session)
        let loaded = try database.load()
        #expect(loaded == session)
        #expect(loaded.takes.count == 30)
        #expect(loaded.marks.count == 78)
        #expect(loaded.jsonData() == session.jsonData())
        #expect(loaded.jsonData(pretty: true) == session.jsonData(pretty: true))
    }

    @Test("extra fields, deleted flags, mark ids and array order survive")
    func everythingSurvives() throws {
        var session = try Fixtures.example()
        session.extra = ExtraFields([.init(key: "studio", json: #"{"room":"A","mics":[1,2]}"#), .init(key: "z", json: "null")])
        session.takes[2].extra = ExtraFields([.init(key: "engineer", json: #""Ana""#)])
        session.takes[3].deleted = true
        session.marks[5].deleted = true
        session.marks[6].extra = ExtraFields([.init(key: "pen", json: "3.5")])
        session.marks.swapAt(0, 1)
        session.marks[10].id = 500
        session.pieces[0].extra = ExtraFields([.init(key: "composer", json: #""Bach""#)])
        try session.validate()
        let database = try SessionDatabase(inMemory: "rt")
        try database.save(session)
        let loaded = try database.load()
        #expect(loaded == session)
        #expect(loaded.jsonData() == session.jsonData())
    }

    @Test("import then export is byte-stable after the first export")
    func jsonByteStable() throws {
        let database = try SessionDatabase(inMemory: "json")
        try database.importJSON(try Fixtures.exampleData())
        let first = try database.exportJSON(pretty: true)
        let again = try SessionDatabase(inMemory: "json2")
        try again.importJSON(first)
        #expect(try again.exportJSON(pretty: true) == first)
        #expect(try again.exportJSON() == (try Fixtures.example()).jsonData())
    }

    @Test("save replaces the previous content")
    func saveReplaces() throws {
        let database = try Fixtures.exampleDatabase()
        var small = try Fixtures.example()
        small.takes = Array(small.takes.prefix(2))
        small.marks = small.marks.filter { $0.take <= 2 }
        try database.save(small)
        #expect(try database.load() == small)
    }

    @Test("an empty database has no session; a bad document leaves the database untouched")
    func emptyAndBadImport() throws {
        let empty = try SessionDatabase(inMemory: "empty")
        #expect(throws: StorageError.noSession) { try empty.load() }
        let database = try Fixtures.exampleDatabase()
        let before = try database.exportJSON()
        let bad = Data(#"{"format":"tonmeister-session/2","title":"x","score":{"file":"a.pdf"}}"#.utf8)
        let error = #expect(throws: StorageError.self) { try database.importJSON(bad) }
        #expect(error == .invalid(.unsupportedFormat("tonmeister-session/2")))
        #expect(error?.description.contains("tonmeister-session/2") == true)
        #expect(try database.exportJSON() == before)
    }
}
