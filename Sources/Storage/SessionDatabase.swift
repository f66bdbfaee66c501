import Foundation
import GRDB
import RecordingProtocol
import ScoreLayout

/// A recording session stored in SQLite through GRDB: whole-session save and load, fast appends, JSON import and export.
///
/// A file database opens as a `DatabasePool` in WAL mode, so readers never block the writer; an
/// in-memory database (for tests) is a `DatabaseQueue`. Foreign keys are on and the schema is
/// managed by `SessionSchema.migrator`. Every user action is one write transaction: `save` and
/// `importJSON` replace the whole content; `startTake`, `appendTake`, `endTake`, `setNote`,
/// `appendMark`, `deleteMark`, `deleteTake` change a row or two and append to the history, and
/// `undo` reverts the newest history entry (see `SessionDatabase+Appending.swift`,
/// `SessionDatabase+Undo.swift`).
///
/// Everything written is checked against the recording-protocol model first; invalid input
/// throws `StorageError.invalid` and leaves the database untouched. The SQL constraints are a
/// second line of defence against rows written by other tools.
public final class SessionDatabase: Sendable {
    /// The GRDB connection (pool for files, queue in memory).
    let writer: any DatabaseWriter
    /// The layout and revision last read by an append on this instance.
    let cache = LayoutCache()
    /// The device the edits are made by now (see `acting(as:_:)`).
    let acting = ActingDevice()

    /// Creates or opens a session database file in WAL mode and migrates it to the current schema.
    ///
    /// - Throws: GRDB's `DatabaseError` when the file cannot be opened or migrated.
    /// A file that is not a Tonmeister session (tables of another program) is refused untouched; an older schema is
    /// upgraded (this opening is for commands that write; reading commands use `init(readingAt:)`).
    ///
    /// - Throws: `StoreError.notASession` for a foreign file; GRDB's `DatabaseError` when the file cannot be opened or migrated.
    public init(path: String) throws {
        if FileManager.default.fileExists(atPath: path) {
            let contents = try DatabaseQueue(path: path, configuration: Self.readOnlyConfiguration()).read(Self.contents)
            if case .foreign(let tables) = contents { throw StoreError.notASession(path: path, reason: Self.foreignReason(tables)) }
            if case .session(let pending) = contents, !pending.isEmpty {
                FileHandle.standardError.write(Data("note: \(path): upgrading the session schema (\(pending.joined(separator: "; ")))\n".utf8))
            }
        }
        writer = try DatabasePool(path: path, configuration: Self.configuration())
        try SessionSchema.migrate(writer)
    }

    /// A session database on a connection opened elsewhere (see `init(readingAt:)`).
    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `body` with its edits recorded as made by `device` (on the history entries, takes and marks they create).
    ///
    /// The device belongs to this instance while `body` runs: callers that edit from several threads serialise their edits.
    public func acting<T>(as device: String?, _ body: () throws -> T) rethrows -> T {
        let previous = acting.device
        acting.device = device
        defer { acting.device = previous }
        return try body()
    }

    /// True when `text` is a device id: 1 to 64 characters of A–Z, a–z, 0–9, `.`, `_` and `-`.
    public static func isValidDevice(_ text: String) -> Bool { ActingDevice.isValid(text) }

    /// Creates an empty in-memory session database (for tests and scratch work).
    ///
    /// The name is only a label; every instance is a separate database.
    public init(inMemory name: String = "session") throws {
        writer = try DatabaseQueue(named: nil, configuration: Self.configuration(label: name))
        try SessionSchema.migrate(writer)
    }

    static func configuration(label: String? = nil) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = label
        return configuration
    }

    /// The journal mode SQLite reports (`wal` for a file database).
    public func journalMode() throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// Replaces the whole content with `session`, in one transaction.
    ///
    /// Checked leniently (`Session.validate(.lenient)`): marks a producer tapped outside their take are kept.
    ///
    /// - Throws: `StorageError.invalid` when `session.validate(.lenient)` fails (nothing is written).
    public func save(_ session: Session) throws {
        try StorageError.checking { try session.validate(.lenient) }
        try writer.write { db in try Self.replace(with: session, in: db) }
    }

    /// Reads the whole session back: `load()` after `save(s)` equals `s` (damaged rows as in `loadReading()`, without the warnings).
    ///
    /// - Throws: `StorageError.noSession` for an empty database, `.corruptRow` for a session row the model cannot hold.
    public func load() throws -> Session {
        try loadReading().session
    }

    /// Reads the whole session inside a transaction (see `load()`).
    static func load(in db: Database) throws -> Session {
        try loadReading(in: db).session
    }

    /// Reads a `tonmeister-session/1` document leniently (or strictly), repairs it and replaces the whole content with it.
    ///
    /// - Returns: the warnings for what was repaired or kept (DESIGN §6).
    /// - Throws: `StorageError.invalid` with the model's error (bad JSON, unknown format, a session that
    ///   cannot be repaired, or with `.strict` one that needs a repair); the database is untouched.
    @discardableResult
    public func importJSON(_ data: Data, mode: ReadingMode = .lenient) throws -> [SessionWarning] {
        let reading = try StorageError.checking { try Session.read(json: data, mode: mode) }
        try save(reading.session)
        return reading.warnings
    }

    /// The stored session as a `tonmeister-session/1` document (stable: export, import, export gives the same bytes).
    ///
    /// - Throws: the errors of `load()`.
    public func exportJSON(pretty: Bool = false) throws -> Data {
        try load().jsonData(pretty: pretty)
    }

    /// Deletes every row and writes `session`, bumping the session revision.
    ///
    /// A history entry's device is the session's (`historyDevices`) when it knows one; else entries that were stored
    /// already (the same action in the same place) keep their device, and entries after the stored ones are recorded
    /// as made by `device`.
    /// Entries after the stored ones are made now when `edit` (an edit's whole-session write), else of unknown time (an import).
    static func replace(with session: Session, in db: Database, device: String? = nil, edit: Bool = false) throws {
        let stored = (try? Row.fetchAll(db, sql: "SELECT * FROM action ORDER BY id").map(storedAction)) ?? []
        let revision = try Int.fetchOne(db, sql: "SELECT revision FROM session WHERE id = 1") ?? 0
        try db.execute(sql: "DELETE FROM action; DELETE FROM mark; DELETE FROM take; DELETE FROM piece; DELETE FROM session;")
        try db.execute(sql: """
            INSERT INTO session (id, title, score_file, score_sha256, layout_json, numbering_json, extra_json, revision)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [
                session.title, session.score.file, session.score.sha256, session.layout.map { $0.jsonText() },
                SessionRows.numberingJSON(session.numbering), SessionRows.extraJSON(session.extra), revision + 1,
            ])
        try SessionRows.insertScores(of: session, in: db)
        for (seq, piece) in session.pieces.enumerated() { try SessionRows.insert(piece, seq: seq + 1, in: db) }
        for (seq, take) in session.takes.enumerated() { try SessionRows.insert(take, seq: seq + 1, in: db) }
        for (seq, mark) in session.marks.enumerated() { try SessionRows.insert(mark, seq: seq + 1, in: db) }
        for (i, action) in session.history.enumerated() {
            let same = i < stored.count && stored[i].action == action
            let kept = session.deviceOfHistory(i) ?? (i < stored.count ? (same ? stored[i].device : nil) : device)
            try SessionRows.insert(action, device: kept, time: same ? stored[i].time : i >= stored.count && edit ? SessionSchema.actionTime() : nil, in: db)
        }
        try db.execute(sql: "UPDATE session SET clock_offset = ?, crossfade = ?, default_rating = ?, score_music = ? WHERE id = 1",
                       arguments: [session.clockOffset, session.crossfade, session.defaultRating, session.score.music])
    }

    /// The layout stored as `layout_json` (read without validation: it was validated when saved).
    static func layout(_ text: String?) throws -> ScoreLayout? {
        guard let text else { return nil }
        do {
            return try ScoreLayout(json: Data(text.utf8), validate: false)
        } catch {
            throw StorageError.corruptRow(table: "session", reason: "layout_json: \(error)")
        }
    }
}
