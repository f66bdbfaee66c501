import Foundation
import RecordingProtocol
import ScoreLayout
import Testing
@testable import Storage

/// The score's notes and takes placed from audio in SQLite: stored losslessly, the placing undone in the database.
@Suite("Placements in the database")
struct PlacementStorageTests {
    /// The example with its notes named and its first take placed from a made-up alignment of its first five bars.
    static func placed() throws -> (session: Session, take: Int) {
        var session = try Fixtures.example()
        session.score.music = "/scores/chorale.musicxml"
        let numbers = try #require(session.layout).allBars().map(\.number.description)
        let take = session.liveTakes[0].number
        let alignment = AudioAlignment(start: 0.8, end: 9.5, confidence: 0.93, measures: numbers.prefix(5).enumerated().map { i, n in
            AudioAlignment.Measure(number: n, pass: 1, time: 1 + 2 * Double(i))
        })
        let report = try session.place([take: alignment], measures: numbers, replace: true)
        #expect(report.placed.count == 1, "\(report.skipped.map(\.reason))")
        return (session, take)
    }

    @Test("score.music and a take's placement round-trip: JSON → database → JSON gives the same bytes")
    func roundTrip() throws {
        let session = try Self.placed().session
        let database = try SessionDatabase(inMemory: "placed")
        try database.save(session)
        #expect(try database.load() == session)
        #expect(try database.exportJSON(pretty: true) == session.jsonData(pretty: true))
    }

    @Test("undo in the database gives the placed take its tapped start, end and no placement back, as the model's undo does")
    func undo() throws {
        let (session, take) = try Self.placed()
        let database = try SessionDatabase(inMemory: "placed-undo")
        try database.save(session)
        var model = session
        let undone = try database.undo()
        #expect(try model.undo() == undone)
        #expect(try database.load() == model)
        #expect(model.take(take) == (try Fixtures.example()).take(take))
    }

    @Test("a store names the notes and places in both formats the same way", arguments: ["json", "sqlite"])
    func store(kind: String) throws {
        let dir = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.\(kind)").path
        if kind == "json" { try Fixtures.exampleData().write(to: URL(fileURLWithPath: path)) } else { try SessionDatabase(path: path).save(try Fixtures.example()) }
        let store = try SessionStore(path: path)
        try store.setMusic("/scores/chorale.mxl")
        let (expected, take) = try Self.placed()
        let alignment = try #require(expected.take(take)?.placement)
        let numbers = try #require(expected.layout).allBars().map(\.number.description)
        let report = try store.place([take: AudioAlignment(start: alignment.startTime, end: alignment.endTime, confidence: alignment.confidence,
                                                             measures: alignment.downbeats.map { AudioAlignment.Measure(number: $0.bar, pass: 1, time: $0.time) })],
                                     measures: numbers, replace: true)
        #expect(report.placed.map(\.take) == [take])
        #expect(try store.load().take(take) == expected.take(take))
        #expect(try store.load().score.music == "/scores/chorale.mxl")
        try store.undo()
        #expect(try store.load().take(take) == (try Fixtures.example()).take(take))
    }

    @Test("session music is one history entry: undo gives the previous notes back (none, then another file) in both formats, and the database undoes it as the model does",
          arguments: ["json", "sqlite"])
    func musicUndo(kind: String) throws {
        let dir = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.\(kind)").path
        if kind == "json" { try Fixtures.exampleData().write(to: URL(fileURLWithPath: path)) } else { try SessionDatabase(path: path).save(try Fixtures.example()) }
        let store = try SessionStore(path: path)
        let before = try store.load()
        try store.setMusic("/scores/a.musicxml")
        try store.setMusic("/scores/b.mxl")
        try store.setMusic("/scores/b.mxl")
        var session = try store.load()
        #expect(session.history.count == before.history.count + 2, "naming the same notes again records nothing")
        #expect(session.history.last?.undoDescription == "names the score's notes /scores/a.musicxml again")
        // The JSON document and the database hold the same history entries, byte for byte.
        let database = try SessionDatabase(inMemory: "music-\(kind)")
        try database.save(session)
        #expect(try database.exportJSON(pretty: true) == session.jsonData(pretty: true))
        #expect(try Session.read(json: session.jsonData(pretty: true), mode: .strict).session == session)
        #expect(try database.undo() == session.undo())
        #expect(try database.load() == session)
        try store.undo()
        #expect(try store.load().score.music == "/scores/a.musicxml")
        try store.setMusic(nil)
        #expect(try store.load().score.music == nil)
        try store.undo()
        try store.undo()
        #expect(try store.load().score.music == nil)
        #expect(try store.load() == before)
    }
}
