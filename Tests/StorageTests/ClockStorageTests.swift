import Foundation
import RecordingProtocol
import ScoreLayout
import Testing
@testable import Storage

/// The clock of takes and session in SQLite: stored losslessly, its changes undone in the database.
@Suite("Clocks in the database")
struct ClockStorageTests {
    /// The example with clock parts on a take and the session, and three clock changes in the history.
    static func clocked() throws -> Session {
        var session = try Fixtures.example()
        let number = session.liveTakes[0].number
        session.takes[0].startedAt = "2026-11-24T10:00:10.125+01:00"
        try session.setClock(ofTake: number, recordStart: "10:00:06:00", fps: 25, tabletOffset: 4.039)
        try session.setClockOffset(-0.75)
        let link = AudioLink(take: number, label: session.takes[0].label, source: "/rec/T001.wav", recordStart: "09:59:58:10", fps: 25,
                             evidence: .ixmlTake, tabletOffset: 11.6,
                             media: RecordingMedia(channels: 12, sampleRate: 48_000, samples: 4_800_000, timeReference: 1_727_916_000,
                                                   date: "2026-11-24"),
                             checked: true)
        try session.link([link])
        session.crossfade = 0.015
        session.defaultRating = 4
        return session
    }

    @Test("clock parts, settings and clock changes round-trip: JSON → database → JSON gives the same bytes")
    func roundTrip() throws {
        let session = try Self.clocked()
        let database = try SessionDatabase(inMemory: "clock")
        try database.save(session)
        #expect(try database.load() == session)
        #expect(try database.exportJSON(pretty: true) == session.jsonData(pretty: true))
    }

    @Test("undo in the database takes back link-audio, the session's offset and a record start set by hand")
    func undo() throws {
        let session = try Self.clocked()
        let database = try SessionDatabase(inMemory: "clock-undo")
        try database.save(session)
        var model = session
        for _ in 0..<3 {
            let undone = try database.undo()
            #expect(try model.undo() == undone)
            #expect(try database.load() == model)
        }
        #expect(try database.load().take(session.liveTakes[0].number)?.recordStart == (try Fixtures.example()).liveTakes[0].recordStart)
    }

    @Test("a store edits clocks in both formats the same way", arguments: ["json", "sqlite"])
    func store(kind: String) throws {
        let dir = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.\(kind)").path
        if kind == "json" { try Fixtures.exampleData().write(to: URL(fileURLWithPath: path)) } else { try SessionDatabase(path: path).save(try Fixtures.example()) }
        let store = try SessionStore(path: path)
        let number = try store.load().liveTakes[0].number
        try store.setClock(ofTake: number, recordStart: "10:00:00:00", fps: 25)
        try store.adjustClock(ofTake: number, by: 1.5)
        try store.setClockOffset(2)
        try store.setOptions(crossfade: 0.02, defaultRating: 5)
        let take = try store.load().take(number)
        #expect(take?.recordStart == "10:00:00:00" && take?.tabletOffset == 1.5)
        #expect(try store.load().clockOffset == 2 && store.load().crossfade == 0.02 && store.load().defaultRating == 5)
        try store.undo()
        try store.undo()
        try store.undo()
        #expect(try store.load().take(number) == (try Fixtures.example()).take(number) && store.load().clockOffset == nil)
    }
}
