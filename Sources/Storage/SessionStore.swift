import Foundation
import GRDB
import RecordingProtocol
import ScoreLayout
import TonmeisterSupport

/// A session on disk, as a `.json` document or a `.sqlite` database, with the edits a producer makes.
///
/// Every edit is checked by the session model first; a JSON document is then rewritten through a temporary
/// file and a rename (never left half-written), a database changes in one transaction. A rejected edit leaves
/// the file as it was.
public struct SessionStore {
    /// Where the session lives.
    public enum Kind: Sendable { case json, sqlite }

    public let path: String
    public let kind: Kind
    /// The device the edits are recorded as made by (`--device`, as the server's `X-Tonmeister-Device`): on the
    /// history entries, takes and marks they create; nil records none. `undo()` then undoes this device's newest action.
    public var device: String?

    /// Opens an existing session file, chosen by its extension (`.json`, or `.sqlite`/`.db`).
    public init(path: String, device: String? = nil) throws(StoreError) {
        self.device = device
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "json": kind = .json
        case "sqlite", "db": kind = .sqlite
        default: throw .unsupportedFile(path: path)
        }
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        self.path = path
    }

    /// Reads the whole session leniently: repaired, with the warnings dropped (see `read(mode:)`).
    public func load() throws -> Session {
        try read(mode: .lenient).session
    }

    /// Reads the whole session, repaired with warnings (`.lenient`) or refusing what needs a repair (`.strict`).
    ///
    /// A database written by another program is repaired in memory the same way; the file is not changed.
    public func read(mode: ReadingMode) throws -> SessionReading {
        switch kind {
        case .json: return try Session.read(json: try read(), mode: mode)
        case .sqlite: return try readDatabase(mode: mode)
        }
    }

    /// The session's score file and SHA-256, read cheaply (a database's session row alone); nil when it does not read.
    public func scoreReference() -> ScoreReference? {
        switch kind {
        case .json: return try? read(mode: .lenient).session.score
        case .sqlite: return (try? SessionDatabase(readingAt: path))?.scoreReference()
        }
    }

    /// Reads a database read-only (see `SessionDatabase.init(readingAt:)`): the file is never written.
    ///
    /// A damaged database is only ever opened read-only (opening it for writing could change its bytes): what
    /// SQLite can still read is kept, with a `damaged` warning; it is refused when not even the session row reads.
    private func readDatabase(mode: ReadingMode) throws -> SessionReading {
        do {
            if let reason = try SessionDatabase.damage(at: path) {
                guard mode == .lenient, let reading = try? SessionDatabase.salvage(path: path, reason: reason) else {
                    throw StoreError.damagedDatabase(path: path, reason: reason)
                }
                return reading
            }
            return try SessionDatabase(readingAt: path).reading(mode)
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT].contains(error.resultCode) {
            throw StoreError.damagedDatabase(path: path, reason: error.message ?? "\(error.resultCode)")
        } catch let error as DatabaseError {
            throw StoreError(error, path: path)
        }
    }

    /// Starts a take at `start`, numbered by the session's scheme, and returns it.
    ///
    /// `clock` gives the new take's record start, frame rate, tablet offset and start time (`startedAt`); its other parts are ignored.
    @discardableResult
    public func startTake(at start: ScorePosition, piece: Int? = nil, source: String? = nil, note: String = "",
                          clock: Take? = nil) throws -> Take {
        switch kind {
        case .json:
            return try editDocument {
                try $0.addTake(start: start, piece: piece, source: source, recordStart: clock?.recordStart, fps: clock?.fps,
                               note: note, tabletOffset: clock?.tabletOffset, startedAt: clock?.startedAt)
            }
        case .sqlite:
            return try editDatabase { try $0.startTake(at: start, piece: piece, source: source, note: note, clock: clock) }
        }
    }

    /// Ends take `number` at `end`.
    public func endTake(_ number: Int, at end: ScorePosition) throws {
        switch kind {
        case .json:
            try editDocument { try $0.endTake(number, at: end) }
        case .sqlite:
            try editDatabase { try $0.endTake(number: number, at: end) }
        }
    }

    /// Replaces the note of take `number`.
    public func setNote(ofTake number: Int, to note: String) throws {
        switch kind {
        case .json: try editDocument { try $0.setNote(ofTake: number, to: note) }
        case .sqlite: try editDatabase { try $0.setNote(ofTake: number, to: note) }
        }
    }

    /// Soft-deletes take `number` (it keeps its number; queries ignore it).
    public func deleteTake(_ number: Int) throws {
        switch kind {
        case .json: try editDocument { try $0.deleteTake(number) }
        case .sqlite: try editDatabase { try $0.deleteTake(number: number) }
        }
    }

    /// Soft-deletes mark `id` (no other mark is renumbered).
    public func deleteMark(_ id: Int) throws {
        switch kind {
        case .json: try editDocument { try $0.deleteMark(id) }
        case .sqlite: try editDatabase { try $0.deleteMark(id: id) }
        }
    }

    /// Reverts the newest action of the session's history made by `device` (nil: of anyone) and returns it.
    ///
    /// An action of `device` that a newer action of another device changed since (the same take or mark) is refused.
    @discardableResult
    public func undo() throws -> SessionAction {
        let device = self.device
        switch kind {
        case .json:
            return try editDocument { try $0.undo(device: device) }
        case .sqlite: return try editDatabase { try $0.undo(device: device).action }
        }
    }

    /// Adds a mark to take `take` and returns it with its id.
    @discardableResult
    public func addMark(take: Int, kind markKind: MarkKind, at: ScorePosition, to: ScorePosition? = nil,
                        time: Double? = nil, text: String? = nil) throws -> Mark {
        switch kind {
        case .json:
            return try editDocument { try $0.addMark(take: take, kind: markKind, at: at, to: to, time: time, text: text) }
        case .sqlite:
            var mark = Mark(id: 0, take: take, kind: markKind, at: at, to: to, time: time, text: text, device: device)
            mark.id = try editDatabase { try $0.appendMark(mark) }
            return mark
        }
    }

    /// Gives take `number` another number (and label); its marks follow it.
    @discardableResult
    public func renumberTake(_ number: Int, to newNumber: Int, label: String? = nil) throws -> Take {
        switch kind {
        case .json: return try editDocument { try $0.renumberTake(number, to: newNumber, label: label) }
        case .sqlite: return try editDatabase { try $0.renumberTake(number: number, to: newNumber, label: label) }
        }
    }

    /// Moves mark `id` to `at` (and `to` for a range).
    @discardableResult
    public func moveMark(_ id: Int, at: ScorePosition, to: ScorePosition? = nil) throws -> Mark {
        switch kind {
        case .json: return try editDocument { try $0.moveMark(id, at: at, to: to) }
        case .sqlite: return try editDatabase { try $0.moveMark(id: id, at: at, to: to) }
        }
    }

    /// Changes what mark `id` says: its kind and text (nil clears it).
    @discardableResult
    public func changeMark(_ id: Int, kind markKind: MarkKind, text: String?) throws -> Mark {
        switch kind {
        case .json: return try editDocument { try $0.changeMark(id, kind: markKind, text: text) }
        case .sqlite: return try editDatabase { try $0.changeMark(id: id, kind: markKind, text: text) }
        }
    }

    /// Links the takes to their recordings (`tonmeister session link-audio`): one write, one undoable action.
    public func link(_ links: [AudioLink]) throws {
        try edit { try $0.link(links) }
    }

    /// Sets a take's record start, frame rate and tablet offset (nil keeps each); undoable.
    public func setClock(ofTake number: Int, recordStart: String? = nil, fps: Double? = nil, tabletOffset: Double? = nil) throws {
        try edit { try $0.setClock(ofTake: number, recordStart: recordStart, fps: fps, tabletOffset: tabletOffset) }
    }

    /// Moves a take's tablet offset by `seconds`; undoable.
    public func adjustClock(ofTake number: Int, by seconds: Double) throws {
        try edit { try $0.adjustClock(ofTake: number, by: seconds) }
    }

    /// Sets the session's clock offset (recorder minus tablet, seconds); undoable.
    public func setClockOffset(_ offset: Double?) throws {
        try edit { try $0.setClockOffset(offset) }
    }

    /// Moves the media of the takes under `old` to `new`; undoable. Returns the takes moved.
    @discardableResult
    public func relocateMedia(from old: String, to new: String) throws -> [Int] {
        try edit { $0.relocateMedia(from: old, to: new) }
    }

    /// Sets the session's crossfade (seconds) and default rating (nil keeps each); settings, not producer actions.
    public func setOptions(crossfade: Double?, defaultRating: Int?) throws {
        try edit { session in
            var copy = session
            if let crossfade { copy.crossfade = crossfade }
            if let defaultRating { copy.defaultRating = defaultRating }
            try copy.validate(.lenient)
            session = copy
        }
    }

    /// Sets (nil: clears) a piece's playing order (see `Session.setOrder(_:ofPiece:)`) and returns the piece's index.
    @discardableResult
    public func setOrder(_ order: [BarSpan]?, ofPiece index: Int?) throws -> Int {
        try edit { session in try session.recordingProgramme(.order) { try $0.setOrder(order, ofPiece: index) } }
    }

    /// Applies a change made through the session model and writes the whole session (a JSON document, or one
    /// database transaction).
    @discardableResult
    func edit<T>(_ change: (inout Session) throws -> T) throws -> T {
        switch kind {
        case .json: return try editDocument(change)
        case .sqlite:
            return try editDatabase { database in
                // The whole session is written back: rows a reading had to leave out would be lost, so it refuses.
                try database.edit(change, refusingDamage: { reason in
                    StoreError.unwritable(path: path, reason: "it has damaged rows, which writing the whole session would lose (\(reason))")
                })
            }
        }
    }

    /// The database for an edit, after SQLite has checked read-only that every page of it reads: a damaged
    /// database is never opened for writing (it opens read-only with what can be read, see `read(mode:)`).
    private func writableDatabase() throws -> SessionDatabase {
        do {
            if let reason = try SessionDatabase.damage(at: path) { throw StoreError.damagedReadOnly(path: path, reason: reason) }
            return try SessionDatabase(path: path)
        } catch let error as DatabaseError {
            throw StoreError(error, path: path)
        }
    }

    /// Runs an edit of the database, turning SQLite's "busy" and other raw errors into a `StoreError` that says
    /// what happened. Each edit is one transaction: when it throws, nothing of it was committed.
    private func editDatabase<T>(_ change: (SessionDatabase) throws -> T) throws -> T {
        let database = try writableDatabase()
        do { return try database.acting(as: device) { try change(database) } } catch let error as DatabaseError {
            throw StoreError(error, path: path)
        }
    }

    /// Loads the JSON document, applies `change` and writes it back (not at all when `change` throws).
    @discardableResult
    ///
    /// The whole read-modify-write holds an exclusive lock on the document (`SessionFileLock`), so commands and
    /// servers editing one document at once take turns and no acknowledged edit is lost.
    private func editDocument<T>(_ change: (inout Session) throws -> T) throws -> T {
        try SessionFileLock.exclusive(path) {
            let reading = try read(mode: .lenient)
            if let damage = reading.damage { throw StoreError.damaged(path: path, damage: damage) }
            var session = reading.session
            let counts = (history: session.history.count, takes: session.takes.count, marks: session.marks.count)
            let result = try change(&session)
            if let device {
                // What the edit made is recorded as made by this device, as the database records it.
                session.recordDevice(device, ofHistoryFrom: counts.history)
                for i in session.takes.indices.dropFirst(counts.takes) where session.takes[i].device == nil { session.takes[i].device = device }
                for i in session.marks.indices.dropFirst(counts.marks) where session.marks[i].device == nil { session.marks[i].device = device }
            }
            try write(session)
            return result
        }
    }

    private func read() throws(StoreError) -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }

    private func write(_ session: Session) throws(StoreError) {
        try Self.writeAtomically(session.jsonData(pretty: true), to: path)
    }

    /// Writes bytes to a temporary file beside `path` and renames it into place (see `AtomicFile`).
    public static func writeAtomically(_ data: Data, to path: String) throws(StoreError) {
        if let reason = AtomicFile.write(data, to: path) { throw .unwritable(path: path, reason: reason) }
    }
}

/// Why a session file could not be used.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case fileNotFound(path: String)
    case unsupportedFile(path: String)
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)
    /// The document is damaged: it was read up to the break and is not written over.
    case damaged(path: String, damage: SessionDamage)
    /// The SQLite file is damaged (truncated or corrupted) where SQLite cannot read it.
    case damagedDatabase(path: String, reason: String)
    /// The SQLite file is damaged: it opens read-only with what can be read, and is never written to.
    case damagedReadOnly(path: String, reason: String)
    /// The file is an SQLite database of another program (or has no tables): it is not opened as a session, nor changed.
    case notASession(path: String, reason: String)
    /// Another process held the file locked for longer than Tonmeister waits; nothing of this command was written.
    case busy(path: String, seconds: Int)
    /// SQLite failed (full disk, permissions, I/O); `reason` is SQLite's own message, kept for the log.
    case database(path: String, reason: String)

    /// The error for a raw GRDB error on `path`: "busy" and "locked" become `.busy`.
    public init(_ error: DatabaseError, path: String) {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy(path: path, seconds: Int(SessionDatabase.busyTimeout))
        default: self = .database(path: path, reason: error.message ?? "SQLite error \(error.resultCode.rawValue)")
        }
    }

    /// Runs `body`, turning a raw SQLite error on `path` into a `StoreError` (see `init(_:path:)`).
    public static func translating<T>(path: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as DatabaseError { throw StoreError(error, path: path) }
    }

    /// True for failures that are not the input's fault (busy, I/O): the command line exits 1 for them, not 2.
    public var isEnvironmental: Bool {
        switch self {
        case .busy, .database: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .fileNotFound(let path): return "no such session: \(path)"
        case .unsupportedFile(let path):
            return "\(path): a session is a .json document (tonmeister-session/1) or a .sqlite database"
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .unwritable(let path, let reason): return "cannot write \(path): \(reason)"
        case .damagedDatabase(let path, let reason):
            return "\(path): the database is damaged and cannot be read (\(reason)); it was not changed. Keep a copy of the file "
                + "and use a backup or the last exported .json"
        case .damagedReadOnly(let path, let reason):
            return "\(path): the database is damaged (\(reason)), so it is only read, never written; it was not changed. "
                + "Save what can still be read with `tonmeister session export \(path) -o NEW.json` and go on there"
        case .notASession(let path, let reason):
            return "\(path) is not a Tonmeister session: \(reason); it was not changed"
        case .busy(let path, let seconds):
            return "\(path) is busy: another program kept it locked for more than \(seconds) s; nothing was written, try again"
        case .database(let path, let reason):
            return "cannot use \(path): \(reason)"
        case .damaged(let path, let damage):
            return "\(path): \(damage); nothing was changed. Save what was kept with `tonmeister session export \(path) -o NEW.json`"
        }
    }
}
