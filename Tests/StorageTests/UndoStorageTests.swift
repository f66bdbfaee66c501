import Foundation
import GRDB
import RecordingProtocol
import ScoreLayout
import Testing
@testable import Storage

/// The database keeps the same history as the model and undoes it the same way.
@Suite("Storage undo")
struct UndoStorageTests {
    /// One step of a scripted session, applied to the database and to the model alike.
    enum Step {
        case start, end(Double), note(String), mark(Int), deleteMark, deleteTake, undo
    }

    @Test("every step and every undo leaves the database equal to the model")
    func mirrorsModel() throws {
        let database = try Fixtures.exampleDatabase()
        var model = try Fixtures.example()
        let layout = model.layout!
        let last = layout.barCount - 1
        var marksMade = 0
        var started: [Int] = []
        let steps: [Step] = [.start, .mark(4), .mark(2), .undo, .note("noisy"), .end(0.9), .deleteMark, .undo, .undo,
                             .end(0.8), .undo, .undo, .deleteTake, .undo, .start, .mark(5), .undo, .undo, .undo, .undo]
        for step in steps {
            let live = model.liveTakes.filter { started.contains($0.number) }
            switch step {
            case .start:
                let at = layout.position(atGlobalBarIndex: last - 3, fraction: 0.1)!
                let stored = try database.startTake(at: at, source: "new.wav")
                let made = try model.addTake(start: at, source: "new.wav")
                #expect(stored == made)
                started.append(made.number)
            case .end(let fraction):
                let number = live.last!.number
                let at = layout.position(atGlobalBarIndex: last, fraction: fraction)!
                try database.endTake(number: number, at: at)
                try model.endTake(number, at: at)
            case .note(let text):
                try database.setNote(ofTake: live.last!.number, to: text)
                try model.setNote(ofTake: live.last!.number, to: text)
            case .mark(let rating):
                marksMade += 1
                let at = layout.position(atGlobalBarIndex: last - 2, fraction: 0.1 * Double(marksMade))!
                let id = try database.appendMark(Mark(id: 0, take: live.last!.number, kind: .rating(rating), at: at))
                #expect(try model.addMark(take: live.last!.number, kind: .rating(rating), at: at).id == id)
            case .deleteMark:
                let id = model.liveMarks.last!.id
                try database.deleteMark(id: id)
                try model.deleteMark(id)
            case .deleteTake:
                try database.deleteTake(number: 3)
                try model.deleteTake(3)
            case .undo:
                #expect(try database.undo() == (try model.undo()))
            }
            #expect(try database.load() == model, "after \(step)")
        }
    }

    @Test("undo with an empty history is rejected and changes nothing")
    func nothingToUndo() throws {
        let database = try Fixtures.exampleDatabase()
        let before = try database.exportJSON()
        #expect(throws: StorageError.invalid(.nothingToUndo)) { try database.undo() }
        #expect(try database.exportJSON() == before)
    }

    @Test("a database made before the history table gains it and keeps its rows")
    func migratesVersion1() throws {
        let dir = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("old.sqlite").path
        do {
            // A version-1 database: today's schema without the history table and the records of the migrations that made it.
            let current = try SessionDatabase(path: path)
            try current.save(try Fixtures.example())
            try current.writer.write { db in
                try db.execute(sql: "DROP TABLE action; DELETE FROM grdb_migrations WHERE identifier LIKE 'v2:%' OR identifier LIKE 'v3:%' OR identifier LIKE 'v5:%' OR identifier LIKE 'v7:%'")
            }
        }
        let database = try SessionDatabase(path: path)
        #expect(try database.load() == (try Fixtures.example()))
        let take = try database.startTake(at: try Fixtures.example().takes[0].start)
        #expect(try database.undo() == .takeStarted(take: take.number))
    }

    @Test("the history table rejects actions that contradict their kind")
    func constraints() throws {
        let database = try Fixtures.exampleDatabase()
        for sql in [
            "INSERT INTO action (kind, take) VALUES ('explode', 1)",
            "INSERT INTO action (kind, take) VALUES ('mark', 1)",
            "INSERT INTO action (kind, mark) VALUES ('take-start', 1)",
            "INSERT INTO action (kind, take) VALUES ('take-note', 1)",
            "INSERT INTO action (kind, take, previous_end_page) VALUES ('take-end', 1, 2)",
            "INSERT INTO action (kind, take) VALUES ('take-start', 9999)",
        ] {
            #expect(throws: DatabaseError.self, "\(sql)") { try database.writer.write { db in try db.execute(sql: sql) } }
        }
    }
}
