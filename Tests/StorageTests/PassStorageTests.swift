import Foundation
import RecordingProtocol
import ScoreLayout
import Testing
@testable import Storage

/// Schema v6: the pieces' playing orders and the passes of positions in the database.
@Suite("Storage of playing orders and passes")
struct PassStorageTests {
    static func minuet() throws -> Session {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try Session(json: Data(contentsOf: root.appendingPathComponent("Examples/minuet-repeat-session.json")))
    }

    @Test("the minuet with its repeat saves and loads back equal, without repairs, to the same JSON bytes")
    func roundTrip() throws {
        let session = try Self.minuet()
        let database = try SessionDatabase(inMemory: "passes")
        try database.save(session)
        let (loaded, warnings) = try database.loadReading()
        #expect(warnings.isEmpty)
        #expect(loaded == session)
        #expect(loaded.jsonData() == session.jsonData())
        #expect(loaded.pieces[0].order?.map(\.description) == ["1-8", "1-8", "9-12"])
        #expect(loaded.takes[1].start.pass == 2 && loaded.takes[0].start.pass == nil)
    }

    @Test("appends, moves and undos keep each position's pass")
    func appends() throws {
        let database = try SessionDatabase(inMemory: "passes")
        try database.save(try Self.minuet())
        let take = try database.startTake(at: ScorePosition(page: 1, x: 310, y: 150, pass: 2))
        let mark = try database.appendMark(Mark(id: 0, take: take.number, kind: .rating(5), at: ScorePosition(page: 1, x: 450, y: 150, pass: 2)))
        try database.endTake(number: take.number, at: ScorePosition(page: 1, x: 250, y: 350, pass: 2))
        var loaded = try database.load()
        #expect(loaded.take(take.number)?.start.pass == 2 && loaded.take(take.number)?.end?.pass == 2)
        #expect(loaded.mark(mark)?.at.pass == 2)
        try database.moveMark(id: mark, at: ScorePosition(page: 1, x: 550, y: 150, pass: 2))
        _ = try database.undo()
        loaded = try database.load()
        #expect(loaded.mark(mark)?.at == ScorePosition(page: 1, x: 450, y: 150, pass: 2))
        // The database refuses a pass the constraints do not allow, whatever wrote it.
        #expect(throws: (any Error).self) {
            try database.writer.write { db in try db.execute(sql: "UPDATE mark SET at_pass = 0 WHERE id = ?", arguments: [mark]) }
        }
        #expect(throws: (any Error).self) {
            try database.writer.write { db in try db.execute(sql: "UPDATE piece SET order_json = '{}'") }
        }
    }

    @Test("a pass the order does not have is refused on append, and nothing is written")
    func refused() throws {
        let database = try SessionDatabase(inMemory: "passes")
        try database.save(try Self.minuet())
        let before = try database.exportJSON()
        #expect(throws: StorageError.self) { try database.startTake(at: ScorePosition(page: 1, x: 450, y: 350, pass: 2)) }
        #expect(try database.exportJSON() == before)
    }

    @Test("a version-5 database gains the v6 columns and keeps its rows")
    func migratesVersion5() throws {
        let dir = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("v5.sqlite").path
        let example = try Fixtures.example()
        do {
            let current = try SessionDatabase(path: path)
            try current.save(example)
            try current.writer.write { db in
                for (table, column) in [("piece", "order_json"), ("take", "start_pass"), ("take", "end_pass"), ("mark", "at_pass"),
                                        ("mark", "to_pass"), ("action", "previous_end_pass"), ("action", "previous_at_pass"),
                                        ("action", "previous_to_pass")] {
                    try db.execute(sql: "ALTER TABLE \(table) DROP COLUMN \(column)")
                }
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v6:%'")
            }
        }
        let database = try SessionDatabase(path: path)
        #expect(try database.load() == example)
        let columns = try database.writer.read { db in try db.columns(in: "mark").map(\.name) }
        #expect(columns.contains("at_pass") && columns.contains("to_pass"))
    }
}
