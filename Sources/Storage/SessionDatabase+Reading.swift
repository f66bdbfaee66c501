import Foundation
import GRDB
import RecordingProtocol
import ScoreLayout

/// Opening a session database for reading only, recognising what a file holds, and reading damaged rows leniently.
///
/// Reading never writes: a read-only command opens the file with `SQLITE_OPEN_READONLY` and runs no migration, so
/// its bytes stay as they were. A database of an older schema is copied into memory and migrated there; only a
/// command that writes upgrades the file itself. A SQLite file that is not a Tonmeister session is refused
/// without being touched.
extension SessionDatabase {
    /// What an SQLite file holds, as far as opening it as a session is concerned.
    enum Contents: Equatable {
        /// No table at all (a new file).
        case empty
        /// A Tonmeister session; `pending` names the migrations its schema lacks (an older schema).
        case session(pending: [String])
        /// Tables of some other program.
        case foreign(tables: [String])
    }

    /// How long every connection waits for another process's lock before reporting the file busy.
    static let busyTimeout: TimeInterval = 10

    /// What the open database holds.
    static func contents(of db: Database) throws -> Contents {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        if tables.isEmpty { return .empty }
        let migrator = SessionSchema.migrator
        guard tables.contains("grdb_migrations"), tables.contains("session"), let first = migrator.migrations.first,
              try migrator.appliedIdentifiers(db).contains(first) else {
            return .foreign(tables: tables)
        }
        let applied = try migrator.appliedIdentifiers(db)
        return .session(pending: migrator.migrations.filter { !applied.contains($0) })
    }

    /// The configuration of a read-only connection (the damage check, salvage and the reading commands).
    static func readOnlyConfiguration() -> Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        return configuration
    }

    /// Opens the session database at `path` for reading only: no migration, nothing written.
    ///
    /// An older schema is copied into memory and migrated there (the file is left as it is).
    ///
    /// - Throws: `StoreError.notASession` for a file of another program or without tables; GRDB's
    ///   `DatabaseError` when the file cannot be opened.
    public convenience init(readingAt path: String) throws {
        let file = try DatabaseQueue(path: path, configuration: Self.readOnlyConfiguration())
        switch try file.read(Self.contents) {
        case .empty: throw StoreError.notASession(path: path, reason: "it holds no tables")
        case .foreign(let tables): throw StoreError.notASession(path: path, reason: Self.foreignReason(tables))
        case .session(let pending) where pending.isEmpty:
            self.init(writer: file)
        case .session:
            let memory = try DatabaseQueue(named: nil, configuration: Self.configuration())
            try file.backup(to: memory)
            try SessionSchema.migrator.migrate(memory)
            self.init(writer: memory)
        }
    }

    static func foreignReason(_ tables: [String]) -> String {
        "its tables (\(tables.prefix(6).joined(separator: ", "))\(tables.count > 6 ? ", …" : "")) are not those of a Tonmeister session"
    }

    /// The session's score file and SHA-256 alone (nil when the session row or its columns do not read), without
    /// reading the rest.
    public func scoreReference() -> ScoreReference? {
        try? writer.read { db in
            try Row.fetchOne(db, sql: "SELECT score_file, score_sha256 FROM session WHERE id = 1").flatMap { row -> ScoreReference? in
                guard let file = row["score_file"] as String? else { return nil }
                return ScoreReference(file: file, sha256: (row["score_sha256"] as String?) ?? "")
            }
        }
    }

    /// Reads the whole session with the rows that hold damaged values: a value that can be done without (an end,
    /// a frame rate, a time, a deleted flag…) is repaired, a row without its number, id or start is left out
    /// (with the marks of a take left out), each with a `damaged-row` warning naming table, row and column.
    /// When a row was left out the undo history is left out too (it may name it).
    ///
    /// - Throws: `StorageError.noSession` for an empty database; `.corruptRow` when the session row cannot be read.
    public func loadReading() throws -> (session: Session, warnings: [SessionWarning]) {
        try writer.read { db in try Self.loadReading(in: db) }
    }

    /// Reads the whole session with its damaged rows inside a transaction (see `loadReading()`).
    static func loadReading(in db: Database) throws -> (session: Session, warnings: [SessionWarning]) {
        guard let row = try Row.fetchOne(db, sql: "SELECT rowid AS rowid, * FROM session WHERE id = 1") else { throw StorageError.noSession }
        var notes: [String] = []
        let reader = RowReader(row: row, table: "session")
        var warnings: [SessionWarning] = []
        var takes: [Take] = [], marks: [Mark] = [], skipped = 0
        for takeRow in try Row.fetchAll(db, sql: "SELECT rowid AS rowid, * FROM take ORDER BY seq") {
            var repairs: [String] = []
            do {
                let take = try SessionRows.take(takeRow, repairs: &repairs)
                takes.append(take)
                warnings += repairs.map { Self.rowWarning($0, take: take.number) }
            } catch {
                skipped += 1
                warnings.append(Self.rowWarning("\(error); the take is left out"))
            }
        }
        let readTakes = Set(takes.map(\.number))
        for markRow in try Row.fetchAll(db, sql: "SELECT rowid AS rowid, * FROM mark ORDER BY seq") {
            var repairs: [String] = []
            do {
                let mark = try SessionRows.mark(markRow, repairs: &repairs)
                if skipped > 0, !readTakes.contains(mark.take) {
                    skipped += 1
                    warnings.append(Self.rowWarning("mark \(mark.id): its take \(mark.take) could not be read; the mark is left out",
                                                    take: mark.take, mark: mark.id))
                    continue
                }
                marks.append(mark)
                warnings += repairs.map { Self.rowWarning($0, take: mark.take, mark: mark.id) }
            } catch {
                skipped += 1
                warnings.append(Self.rowWarning("\(error); the mark is left out"))
            }
        }
        var history: [SessionAction] = [], devices: [String?] = []
        do { (history, devices) = try SessionRows.history(in: db) } catch {
            warnings.append(Self.rowWarning("\(error); the undo history is left out"))
        }
        if skipped > 0, !history.isEmpty {
            history = []
            warnings.append(Self.rowWarning("rows were left out, so the undo history (which may name them) is left out too"))
        }
        var session = Session(
            title: SessionRows.repairing(&notes, "", "read as an empty title") { try reader.string("title") },
            score: ScoreReference(
                file: SessionRows.repairing(&notes, "", "read as no score file") { try reader.string("score_file") },
                sha256: SessionRows.repairing(&notes, "", "read without a checksum") { try reader.optionalString("score_sha256") ?? "" }),
            layout: try Self.layout(try Self.sessionColumn(reader, "layout_json")),
            numbering: try SessionRows.numbering(try Self.sessionColumn(reader, "numbering_json") ?? "{}"),
            pieces: try SessionRows.pieces(in: db), takes: takes, marks: marks, history: history,
            extra: try SessionRows.extra(try Self.sessionColumn(reader, "extra_json"), table: "session"))
        if !history.isEmpty, devices.contains(where: { $0 != nil }) { session.historyDevices = devices }
        SessionRows.readClockSettings(reader, into: &session, repairs: &notes)
        try SessionRows.readScores(reader, in: db, into: &session, repairs: &notes)
        return (session, notes.map { Self.rowWarning($0) } + warnings)
    }

    /// The reading of the whole session: damaged rows as in `loadReading()`, then repaired (`.lenient`) or refused
    /// (`.strict`, with `ProtocolError.strictWarning` for the first damaged row).
    public func reading(_ mode: ReadingMode) throws -> SessionReading {
        let (session, rowWarnings) = try loadReading()
        if mode == .strict, let first = rowWarnings.first { throw ProtocolError.strictWarning(kind: first.kind.rawValue, message: first.message) }
        var reading = try session.checked(mode)
        reading.warnings = rowWarnings + reading.warnings
        return reading
    }

    private static func sessionColumn(_ reader: RowReader, _ column: String) throws -> String? {
        do { return try reader.optionalString(column) } catch {
            throw StorageError.corruptRow(table: "session", reason: "\(error)")
        }
    }

    private static func rowWarning(_ message: String, take: Int? = nil, mark: Int? = nil) -> SessionWarning {
        SessionWarning(kind: .damagedRow, message: message, take: take, mark: mark)
    }
}
