import Foundation
import GRDB
import RecordingProtocol
import Testing
@testable import Storage

/// The SQL schema rejects bad rows written directly, bypassing the model.
@Suite("Storage SQL constraints")
struct ConstraintTests {
    /// A mark insert for take `take` with the given kind/value/problem and position columns.
    private static func markSQL(id: Int, take: Int, kind: String, value: String = "NULL", problem: String = "NULL",
                                page: String = "2", x: String = "100.0", time: String = "NULL") -> String {
        """
        INSERT INTO mark (id, seq, take, kind, value, problem, at_page, at_x, at_y, time)
        VALUES (\(id), \(id), \(take), '\(kind)', \(value), \(problem), \(page), \(x), 60.0, \(time))
        """
    }

    @Test("bad rows are rejected by CHECK and FOREIGN KEY constraints", arguments: [
        ("rating 7", markSQL(id: 900, take: 1, kind: "rating", value: "7")),
        ("rating without value", markSQL(id: 900, take: 1, kind: "rating")),
        ("value on a text mark", markSQL(id: 900, take: 1, kind: "text", value: "3")),
        ("problem without name", markSQL(id: 900, take: 1, kind: "problem")),
        ("unknown kind", markSQL(id: 900, take: 1, kind: "smiley")),
        ("mark for a missing take", markSQL(id: 900, take: 999, kind: "text")),
        ("page 0", markSQL(id: 900, take: 1, kind: "text", page: "0")),
        ("infinite x", markSQL(id: 900, take: 1, kind: "text", x: "9e999")),
        ("NaN x stored as NULL", markSQL(id: 900, take: 1, kind: "text", x: "NULL")),
        ("negative time", markSQL(id: 900, take: 1, kind: "text", time: "-1.0")),
        ("duplicate mark id", markSQL(id: 1, take: 1, kind: "text")),
        ("duplicate take number", "INSERT INTO take (seq, number, label, start_page, start_x, start_y) VALUES (99, 1, '1', 1, 1.0, 1.0)"),
        ("deleted flag 2", "UPDATE take SET deleted = 2 WHERE number = 1"),
        ("half an end position", "UPDATE take SET end_x = NULL WHERE number = 1"),
        ("frame rate 0", "UPDATE take SET fps = 0 WHERE number = 1"),
        ("second session row", "INSERT INTO session (id, title, score_file, numbering_json) VALUES (2, 't', 'f', '{}')"),
        ("deleting a take with marks", "DELETE FROM take WHERE number = 1"),
    ])
    func rejectsBadRows(name: String, sql: String) throws {
        let database = try Fixtures.exampleDatabase()
        let before = try database.exportJSON()
        #expect(throws: DatabaseError.self, "\(name)") {
            try database.writer.write { db in try db.execute(sql: sql) }
        }
        #expect(try database.exportJSON() == before)
    }

    @Test("a good row written directly is accepted (the fixture SQL itself is sound)")
    func acceptsGoodRow() throws {
        let database = try Fixtures.exampleDatabase()
        try database.writer.write { db in try db.execute(sql: Self.markSQL(id: 900, take: 1, kind: "rating", value: "4")) }
        #expect(try database.load().mark(900)?.kind == .rating(4))
    }

    @Test("foreign keys are on and the mark index exists")
    func pragmas() throws {
        let database = try SessionDatabase(inMemory: "pragmas")
        let (foreignKeys, indexes) = try database.writer.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA foreign_keys"), try db.indexes(on: "mark"))
        }
        #expect(foreignKeys == 1)
        #expect(indexes.contains { $0.name == "mark_by_take" && $0.columns == ["take"] })
    }
}
