import Foundation
import GRDB
import Quiz

/// The practice history: an append-only SQLite log of every answer, read back in time order for the scheduler.
///
/// A file log opens as a `DatabasePool` in WAL mode (a reader never blocks the quiz appending); an in-memory
/// log (for tests) is a `DatabaseQueue`. The schema is `PracticeSchema`. There is no API to change or delete
/// an answer, and triggers refuse UPDATE and DELETE from other tools. Each append is one transaction,
/// checked against the model (`PracticeEntry.validate()`) first and by the SQL constraints second.
///
/// Opening refuses a file that is not a practice log — not SQLite, damaged, or another database with tables
/// of its own (a session database given by mistake) — without writing to it.
public final class PracticeLog: Sendable {
    /// The GRDB connection (pool for files, queue in memory).
    let writer: any DatabaseWriter
    /// The file, or nil in memory.
    public let path: String?

    /// Opens the log at `path`, creating the file (not its directory) when it does not exist.
    public init(path: String) throws(PracticeLogError) {
        self.path = path
        try Self.checkHeader(path)
        do {
            writer = try DatabasePool(path: path, configuration: Self.configuration())
        } catch {
            throw Self.openError(error, path: path)
        }
        try Self.prepare(writer, path: path)
    }

    /// An empty log in memory (for tests); every instance is a separate database.
    public init(inMemory name: String = "practice") throws(PracticeLogError) {
        path = nil
        do {
            writer = try DatabaseQueue(named: nil, configuration: Self.configuration(label: name))
        } catch {
            throw .failed(reason: "\(error)")
        }
        try Self.prepare(writer, path: ":memory:")
    }

    private static func configuration(label: String? = nil) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.label = label
        return configuration
    }

    /// Refuses an existing file that is not SQLite or carries another application's id, before SQLite touches it.
    private static func checkHeader(_ path: String) throws(PracticeLogError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }  // missing: SQLite will create it or say why
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 100), !header.isEmpty else { return }  // an empty file is a new database
        let bytes = [UInt8](header)
        guard bytes.count == 100, bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
            throw .notAPracticeLog(path: path, reason: "the file is not an SQLite database")
        }
        let identifier = bytes[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if identifier != 0 && Int32(bitPattern: identifier) != PracticeSchema.applicationID {
            throw .notAPracticeLog(path: path, reason: "it is another application's database (application id \(identifier))")
        }
    }

    /// Checks that the database is empty or a practice log, then migrates it.
    private static func prepare(_ writer: any DatabaseWriter, path: String) throws(PracticeLogError) {
        do {
            let (identifier, tables) = try writer.read { db in
                (try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                 try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"))
            }
            if identifier != PracticeSchema.applicationID {
                if identifier != 0 {
                    throw PracticeLogError.notAPracticeLog(path: path, reason: "it is another application's database (application id \(identifier))")
                }
                if !tables.isEmpty {
                    throw PracticeLogError.notAPracticeLog(path: path, reason: "it is another database (tables \(tables.joined(separator: ", ")))")
                }
            }
            if try writer.read({ try PracticeSchema.migrator.hasBeenSuperseded($0) }) { throw PracticeLogError.newerSchema(path: path) }
            try PracticeSchema.migrator.migrate(writer)
        } catch let error as PracticeLogError {
            throw error
        } catch {
            throw openError(error, path: path)
        }
    }

    /// The error for a failure while opening: a damaged or foreign file, an unusable path, or something else.
    private static func openError(_ error: any Error, path: String) -> PracticeLogError {
        guard let error = error as? DatabaseError else { return .cannotOpen(path: path, reason: "\(error)") }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .notAPracticeLog(path: path, reason: "the file is not an SQLite database, or it is damaged")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH, .SQLITE_IOERR:
            return .cannotOpen(path: path, reason: Self.reason(path))
        default:
            return .cannotOpen(path: path, reason: error.message ?? "\(error)")
        }
    }

    /// Why a path cannot be opened, in words.
    private static func reason(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        let directory = (path as NSString).deletingLastPathComponent
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return "it is a directory" }
        if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) { return "the directory \(directory) does not exist" }
        return "permission denied, or the file cannot be created there"
    }

    // MARK: Appending

    /// Appends one answer and returns its id.
    @discardableResult
    public func append(_ entry: PracticeEntry) throws(PracticeLogError) -> Int64 {
        try append(contentsOf: [entry])[0]
    }

    /// Appends answers in one transaction (all or none) and returns their ids.
    @discardableResult
    public func append(contentsOf entries: [PracticeEntry]) throws(PracticeLogError) -> [Int64] {
        for entry in entries {
            do { try entry.validate() } catch { throw .invalidEntry(error) }
        }
        do {
            return try writer.write { db in
                try entries.map { entry in
                    try db.execute(sql: """
                        INSERT INTO answer (item, kind, answered_at, correct, response_ms, rating, given, expected, reading,
                                            answered_interval, quiz_seed, question_number)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [
                            entry.item, entry.kind.rawValue, entry.answeredAt.milliseconds, entry.correct,
                            entry.responseMilliseconds, entry.rating.rawValue, entry.given, entry.expected, entry.reading,
                            entry.answeredInterval, entry.quizSeed.map { Int64(bitPattern: $0) }, entry.questionNumber,
                        ])
                    return db.lastInsertedRowID
                }
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw .invalidEntry(.invalidDocument(what: "practice entry", reason: error.message ?? "a constraint failed"))
        } catch {
            throw .failed(reason: "cannot append: \(error)")
        }
    }

    // MARK: Reading

    /// Every answer, oldest first (by time, then by id).
    public func entries() throws(PracticeLogError) -> [PracticeEntry] {
        try fetch("SELECT * FROM answer ORDER BY answered_at, id", arguments: [])
    }

    /// The answers of one item, oldest first.
    public func entries(item: String) throws(PracticeLogError) -> [PracticeEntry] {
        try fetch("SELECT * FROM answer WHERE item = ? ORDER BY answered_at, id", arguments: [item])
    }

    /// How many answers the log holds.
    public func count() throws(PracticeLogError) -> Int {
        do { return try writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM answer") ?? 0 } } catch {
            throw .failed(reason: "cannot read: \(error)")
        }
    }

    private func fetch(_ sql: String, arguments: StatementArguments) throws(PracticeLogError) -> [PracticeEntry] {
        let rows: [Row]
        do { rows = try writer.read { db in try Row.fetchAll(db, sql: sql, arguments: arguments) } } catch {
            throw .failed(reason: "cannot read: \(error)")
        }
        return try rows.map { (row: Row) throws(PracticeLogError) -> PracticeEntry in try Self.entry(row) }
    }

    /// An entry from a row; a row the model cannot hold is `corruptRow` (written by another tool).
    static func entry(_ row: Row) throws(PracticeLogError) -> PracticeEntry {
        let id: Int64? = try? row.decode(forColumn: "id")
        do {
            let kindName: String = try row.decode(forColumn: "kind")
            guard let kind = QuizKind(rawValue: kindName) else { throw PracticeLogError.corruptRow(id: id, reason: "unknown kind '\(kindName)'") }
            let ratingValue: Int = try row.decode(forColumn: "rating")
            guard let rating = PracticeRating(rawValue: ratingValue) else { throw PracticeLogError.corruptRow(id: id, reason: "rating \(ratingValue)") }
            let seed: Int64? = try row.decode(forColumn: "quiz_seed")
            return PracticeEntry(
                id: id, item: try row.decode(forColumn: "item"), kind: kind,
                answeredAt: PracticeTime(milliseconds: try row.decode(forColumn: "answered_at")),
                correct: try row.decode(forColumn: "correct"), responseMilliseconds: try row.decode(forColumn: "response_ms"),
                rating: rating, given: try row.decode(forColumn: "given"), expected: try row.decode(forColumn: "expected"),
                reading: try row.decode(forColumn: "reading"), answeredInterval: try row.decode(forColumn: "answered_interval"),
                quizSeed: seed.map { UInt64(bitPattern: $0) }, questionNumber: try row.decode(forColumn: "question_number"))
        } catch let error as PracticeLogError {
            throw error
        } catch {
            throw .corruptRow(id: id, reason: "\(error)")
        }
    }
}
