import Foundation
import GRDB
import RecordingProtocol
import Testing
@testable import Storage

/// Damaged rows are read like damaged JSON: a value of the wrong type in any numeric column is repaired or its row
/// left out, with a warning naming table, row and column; `--strict` refuses; nothing traps. Reading never writes.
@Suite("Damaged rows and read-only reading")
struct DamagedRowTests {
    /// A file database holding the example session.
    static func database() throws -> (directory: URL, path: String) {
        let directory = try Fixtures.scratchDirectory()
        let path = directory.appendingPathComponent("s.sqlite").path
        try SessionDatabase(path: path).save(try Fixtures.example())
        return (directory, path)
    }

    /// Writes `value` into `column` of one row of `table`, past the schema's checks and foreign keys.
    ///
    /// - Returns: false when SQLite itself refuses the value (NULL in a NOT NULL column, a duplicate in a UNIQUE one),
    ///   which no file can then hold.
    static func damage(_ path: String, table: String, column: String, value: String) throws -> Bool {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        do {
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON")
                try db.execute(sql: "UPDATE \(table) SET \(column) = \(value) WHERE rowid = (SELECT max(rowid) FROM \(table))")
            }
        } catch let error as DatabaseError where [.SQLITE_CONSTRAINT, .SQLITE_MISMATCH].contains(error.resultCode) {
            return false
        }
        return true
    }

    static let columns: [(String, String)] = [
        ("take", "seq"), ("take", "number"), ("take", "start_page"), ("take", "start_x"), ("take", "start_y"),
        ("take", "end_page"), ("take", "end_x"), ("take", "end_y"), ("take", "fps"), ("take", "deleted"),
        ("mark", "id"), ("mark", "seq"), ("mark", "take"), ("mark", "value"), ("mark", "at_page"), ("mark", "at_x"),
        ("mark", "at_y"), ("mark", "to_page"), ("mark", "time"), ("mark", "deleted"),
        ("action", "take"), ("action", "mark"), ("session", "revision"),
    ]
    static let values = ["'abc'", "NULL", "1e300", "X'00ff'", "9223372036854775807"]

    @Test("every numeric column damaged in turn reads with a warning or a named error, never a trap",
          arguments: columns.flatMap { column in values.map { (column.0, column.1, $0) } })
    func damagedColumn(_ table: String, _ column: String, _ value: String) throws {
        let (directory, path) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        guard try Self.damage(path, table: table, column: column, value: value) else { return }
        let store = try SessionStore(path: path)
        do {
            let reading = try store.read(mode: .lenient)
            let damaged = reading.warnings.filter { $0.kind == .damagedRow }
            #expect(damaged.isEmpty || damaged.contains { $0.message.contains("table \(table), row ") && $0.message.contains("column \(column)") },
                    "\(damaged.map(\.message))")
        } catch let error as ProtocolError {
            #expect(!error.description.isEmpty)
        } catch let error as StorageError {
            #expect(!error.description.isEmpty)
        }
        let lenient = try? store.read(mode: .lenient)
        if let lenient, lenient.warnings.contains(where: { $0.kind == .damagedRow }) {
            #expect(throws: (any Error).self) { try store.read(mode: .strict) }
        }
        // An edit on the damaged session either works or is refused with a message; it never traps.
        _ = try? store.addMark(take: 30, kind: .rating(4), at: .init(page: 3, x: 100, y: 340))
    }

    @Test("a text take number is named by table, row and column, and the take's marks are left out with it")
    func textTakeNumber() throws {
        let (directory, path) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try Self.damage(path, table: "take", column: "number", value: "'abc'"))
        let reading = try SessionStore(path: path).read(mode: .lenient)
        let example = try Fixtures.example()
        #expect(reading.session.takes.count == example.takes.count - 1)
        #expect(reading.warnings.first { $0.kind == .damagedRow }?.message.hasPrefix("table take, row ") == true)
        #expect(reading.warnings.contains { $0.message.contains("column number: text 'abc' is not an integer") })
        #expect(reading.session.history.isEmpty)
    }

    @Test("a damaged optional value is repaired and the row kept")
    func repairedTime() throws {
        let (directory, path) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try Self.damage(path, table: "mark", column: "time", value: "'soon'"))
        let reading = try SessionStore(path: path).read(mode: .lenient)
        #expect(reading.session.marks.count == (try Fixtures.example()).marks.count)
        #expect(reading.warnings.contains { $0.kind == .damagedRow && $0.message.contains("column time") && $0.message.contains("read without a time") })
    }

    /// A file's bytes (compared whole: byte-identical or not).
    static func hash(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("reading leaves the file byte-identical, also for an older schema, which only a write upgrades")
    func readingNeverWrites() throws {
        let (directory, path) = try Self.database()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SessionStore(path: path)
        var before = try Self.hash(path)
        _ = try store.read(mode: .lenient)
        _ = try store.read(mode: .strict)
        #expect(try Self.hash(path) == before)
        // An older schema: the v4 table and its migration record gone.
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "DROP TABLE request; DELETE FROM grdb_migrations WHERE identifier LIKE 'v4%'")
        }
        try queue.close()
        before = try Self.hash(path)
        #expect(try store.read(mode: .lenient).session.takes.count == (try Fixtures.example()).takes.count)
        #expect(try Self.hash(path) == before)
        try store.addMark(take: 30, kind: .rating(4), at: .init(page: 3, x: 100, y: 340))
        let upgraded = try DatabaseQueue(path: path)
        #expect(try upgraded.read { try $0.tableExists("request") })
    }

    @Test("a SQLite file of another program is refused, by readers and writers, and left as it was")
    func foreignFile() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("other.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)") }
        try queue.close()
        let before = try Self.hash(path)
        let store = try SessionStore(path: path)
        #expect(throws: StoreError.self) { try store.read(mode: .lenient) }
        #expect(throws: StoreError.self) { try store.addMark(take: 1, kind: .editPoint, at: .init(page: 1, x: 1, y: 1)) }
        #expect(throws: StoreError.self) { try SessionDatabase(path: path) }
        #expect(try Self.hash(path) == before)
        #expect(try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master") } == ["invoices"])
    }

    @Test("a take or mark id out of range from an append is refused by the database too")
    func appendOutOfRange() throws {
        let database = try Fixtures.exampleDatabase()
        let start = try Fixtures.example().takes[0].start
        #expect(throws: StorageError.invalid(.outOfRange(what: "take number", value: .max, range: SessionLimits.takeNumbers))) {
            try database.appendTake(Take(number: .max, label: "x", start: start))
        }
    }
}
