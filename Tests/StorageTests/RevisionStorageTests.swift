import Foundation
import GRDB
import RecordingProtocol
import ScoreLayout
import Testing
@testable import Storage

/// Renumbered takes and moved or changed marks in the database: the same rules and the same undo as the model.
@Suite("Storage revisions")
struct RevisionStorageTests {
    @Test("renumber, move and change, then undo each, leave the database equal to the model")
    func mirrorsModel() throws {
        let database = try Fixtures.exampleDatabase()
        var model = try Fixtures.example()
        let (take, _) = Fixtures.closedTake(of: model)
        let mark = model.liveMarks.first { $0.take == take.number && $0.to == nil }!
        let newNumber = (model.takes.map(\.number).max() ?? 0) + 10
        let steps: [(String, (SessionDatabase) throws -> Void, (inout Session) throws -> Void)] = [
            ("renumber", { try $0.renumberTake(number: take.number, to: newNumber) }, { try $0.renumberTake(take.number, to: newNumber) }),
            ("move", { try $0.moveMark(id: mark.id, at: take.start) }, { try $0.moveMark(mark.id, at: take.start) }),
            ("change", { try $0.changeMark(id: mark.id, kind: .problem(.noise), text: "door") },
             { try $0.changeMark(mark.id, kind: .problem(.noise), text: "door") }),
            ("relabel", { try $0.renumberTake(number: newNumber, to: newNumber, label: "X") }, { try $0.renumberTake(newNumber, to: newNumber, label: "X") }),
        ]
        for (name, stored, modelled) in steps {
            try stored(database)
            try modelled(&model)
            #expect(try database.load() == model, "after \(name)")
        }
        for _ in steps {
            #expect(try database.undo() == (try model.undo()))
            #expect(try database.load() == model)
        }
        #expect(try database.load() == (try Fixtures.example()))
    }

    @Test("earlier actions of a renumbered take are undone on its new number")
    func undoThroughRenumbering() throws {
        let database = try Fixtures.exampleDatabase()
        let take = try database.startTake(at: try Fixtures.example().takes[0].start)
        try database.setNote(ofTake: take.number, to: "slate 40")
        try database.renumberTake(number: take.number, to: 40)
        let history = try database.load().history
        #expect(history.suffix(3) == [.takeStarted(take: 40), .noteChanged(take: 40, previousNote: ""),
                                      .takeRenumbered(take: 40, previousNumber: take.number, previousLabel: String(take.number))])
        try database.undo()
        #expect(try database.load().take(take.number)?.note == "slate 40")
        try database.renumberTake(number: take.number, to: 40)
        #expect(try database.undo() == .takeRenumbered(take: 40, previousNumber: take.number, previousLabel: String(take.number)))
        #expect(try database.undo() == .noteChanged(take: take.number, previousNote: ""))
        #expect(try database.undo() == .takeStarted(take: take.number))
        #expect(try database.load().liveTakes == (try Fixtures.example()).liveTakes)
        #expect(try database.load().take(take.number)?.deleted == true)
    }

    @Test("a rejected revision changes nothing")
    func rejected() throws {
        let database = try Fixtures.exampleDatabase()
        let model = try Fixtures.example()
        let before = try database.exportJSON()
        let (take, _) = Fixtures.closedTake(of: model)
        let other = model.liveTakes.first { $0.number != take.number }!
        let mark = model.liveMarks.first { $0.take == take.number }!
        #expect(throws: StorageError.self) { try database.renumberTake(number: take.number, to: other.number) }
        #expect(throws: StorageError.invalid(.takeNotFound(number: 999))) { try database.renumberTake(number: 999, to: 1000) }
        #expect(throws: StorageError.self) { try database.moveMark(id: mark.id, at: ScorePosition(page: 99, x: 1, y: 1)) }
        #expect(throws: StorageError.invalid(.markNotFound(id: 9999))) { try database.moveMark(id: 9999, at: take.start) }
        #expect(throws: StorageError.self) { try database.changeMark(id: mark.id, kind: .rating(0), text: nil) }
        #expect(try database.exportJSON() == before)
    }

    @Test("a version-2 history table is rebuilt with its rows")
    func migratesVersion2() throws {
        let dir = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("v2.sqlite").path
        let number: Int
        do {
            let current = try SessionDatabase(path: path)
            try current.save(try Fixtures.example())
            number = try current.startTake(at: try Fixtures.example().takes[0].start).number
            // Back to the version-2 table: the v3 columns dropped, its migration record removed.
            try current.writer.write { db in
                try db.execute(sql: """
                    CREATE TABLE old AS SELECT id, kind, take, mark, previous_end_page, previous_end_x, previous_end_y, previous_note FROM action;
                    DROP TABLE action; ALTER TABLE old RENAME TO action;
                    DELETE FROM grdb_migrations WHERE identifier LIKE 'v3:%' OR identifier LIKE 'v5:%' OR identifier LIKE 'v7:%'
                    """)
            }
        }
        let database = try SessionDatabase(path: path)
        #expect(try database.load().history == [.takeStarted(take: number)])
        try database.renumberTake(number: number, to: number + 5)
        #expect(try database.undo() == .takeRenumbered(take: number + 5, previousNumber: number, previousLabel: String(number)))
        #expect(try database.undo() == .takeStarted(take: number))
    }

    @Test("the history table rejects new actions without what their undo needs")
    func constraints() throws {
        let database = try Fixtures.exampleDatabase()
        for sql in [
            "INSERT INTO action (kind, take) VALUES ('take-renumber', 1)",
            "INSERT INTO action (kind, take, previous_number) VALUES ('take-renumber', 1, 2)",
            "INSERT INTO action (kind, mark) VALUES ('mark-move', 1)",
            "INSERT INTO action (kind, mark, previous_at_page, previous_at_x) VALUES ('mark-move', 1, 1, 2)",
            "INSERT INTO action (kind, mark, previous_kind) VALUES ('mark-change', 1, 'rating')",
            "INSERT INTO action (kind, mark, previous_kind, previous_value) VALUES ('mark-change', 1, 'rating', 7)",
            "INSERT INTO action (kind, take, previous_text) VALUES ('take-start', 1, 'x')",
        ] {
            #expect(throws: DatabaseError.self, "\(sql)") { try database.writer.write { db in try db.execute(sql: sql) } }
        }
    }
}

/// The change watcher sees commits made through other connections.
@Suite("Storage change watcher")
struct ChangeWatcherTests {
    @Test("data_version moves when another connection commits, and only then")
    func seesOtherWriters() throws {
        let dir = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("watched.sqlite").path
        let database = try SessionDatabase(path: path)
        try database.save(try Fixtures.example())
        let watcher = try SessionChangeWatcher(path: path)
        let before = try watcher.version()
        #expect(try watcher.version() == before)
        _ = try database.load()
        #expect(try watcher.version() == before)
        try SessionDatabase(path: path).setNote(ofTake: 1, to: "from another connection")
        #expect(try watcher.version() != before)
    }
}
