import Foundation
import RecordingProtocol
import ScoreLayout
import Storage

/// The served session: a SQLite database written on one serial queue, and the session kept in memory beside it.
///
/// GRDB's calls block their thread; running them on dispatch queues keeps Swift's cooperative
/// threads (which also carry the server's connections and event streams) free. Writes are one
/// transaction each (see `SessionDatabase`), so every acknowledged edit is on disk when its answer
/// is sent. After each write, on the same queue, the rows it changed are read back and put in place in
/// the `LiveSession` (a tap costs the same at 5 000 takes as at 5); every query is answered from memory.
/// Other processes may edit the same file: SQLite's `data_version` on the writing connection tells, and the
/// session is then read again in full (and the clients told to reload, see `changedElsewhere`).
final class SessionService: Sendable {
    /// What an edit changed, for following it in memory.
    struct Change: Sendable {
        var takes: [Int] = []
        var marks: [Int] = []
        /// The history entry an undo removed.
        var undone: Int?
        /// True when the edit may have changed anything (a whole-session save): the session is read again.
        var whole = false

        static let nothing = Change()
        static let everything = Change(whole: true)
        static func marks(_ ids: Int...) -> Change { Change(marks: ids) }
        static func takes(_ numbers: Int...) -> Change { Change(takes: numbers) }
    }

    /// The database file.
    let path: String
    let database: SessionDatabase
    private let writes = DispatchQueue(label: "tonmeister.session.writes")
    private let reads = DispatchQueue(label: "tonmeister.session.reads", attributes: .concurrent)
    private let live: LockedValue<LiveSession>
    /// The writing connection's `data_version` after this server's newest write (touched only on the write queue).
    private let seenVersion: LockedValue<Int>
    /// True when a write found that another process had changed the database (the clients are told by `changedElsewhere`).
    private let noticedElsewhere = LockedValue(false)

    /// Opens the database at `path` (migrating it to the current schema) and reads the session.
    init(path: String) throws {
        self.path = path
        // A damaged database is never opened for writing (it could change its bytes): serve refuses it.
        if let reason = try SessionDatabase.damage(at: path) { throw StoreError.damagedReadOnly(path: path, reason: reason) }
        database = try SessionDatabase(path: path)
        live = LockedValue(try Self.readAll(database))
        seenVersion = LockedValue(try database.externalVersion())
    }

    private static func readAll(_ database: SessionDatabase) throws -> LiveSession {
        LiveSession(reading: try database.reading(.lenient), history: try database.storedHistory())
    }

    /// The session's layout now.
    var layout: ScoreLayout? { live.update { $0.session.layout } }

    /// Reads something of the session in memory (under its lock: keep it short).
    func inMemory<T>(_ body: (inout LiveSession) throws -> T) rethrows -> T {
        try live.update { state in try body(&state) }
    }

    /// Runs an edit on the write queue as made by `device`, then follows what `changed` says it changed in memory.
    func write<T: Sendable>(device: String? = nil, _ body: @escaping @Sendable (SessionDatabase) throws -> T,
                            changed: @escaping @Sendable (T) -> Change) async throws -> T {
        let live = self.live, seen = self.seenVersion, noticed = self.noticedElsewhere
        return try await run(on: writes) { database in
            let before = try database.externalVersion()
            let result = try database.acting(as: device) { try body(database) }
            let after = try database.externalVersion()
            let change = changed(result)
            let elsewhere = before != seen.value || after != before
            seen.value = after
            if elsewhere { noticed.value = true }
            if elsewhere || change.whole || live.update({ $0.actionIDs == nil }) {
                let state = try Self.readAll(database)
                live.update { $0 = state }
            } else {
                let delta = try database.delta(takes: change.takes, marks: change.marks, actionsAfter: live.update { $0.newestActionID })
                let followed = live.update { state -> Bool in
                    if let undone = change.undone, !state.remove(action: undone) { return false }
                    state.apply(delta)
                    return true
                }
                if !followed {
                    let state = try Self.readAll(database)
                    live.update { $0 = state }
                }
            }
            return result
        }
    }

    /// True when another connection committed a change since this server's last look (then the session was read
    /// again, here, by a query's `catchUp` or by a write that found it); the answer is given once per change.
    func changedElsewhere() async -> Bool {
        await catchUp()
        return noticedElsewhere.update { value in defer { value = false }; return value }
    }

    /// Reads the session again first when another process changed the database since the last look, so that a
    /// query right after a command-line edit answers as the command line would; the clients are still told to
    /// reload (by `changedElsewhere`). Costs one `PRAGMA data_version` when nothing changed.
    ///
    /// Runs on the write queue, so this server's own writes are never taken for someone else's.
    func catchUp() async {
        let live = self.live, seen = self.seenVersion, noticed = self.noticedElsewhere
        _ = try? await run(on: writes) { database in
            let version = try database.externalVersion()
            guard version != seen.value else { return }
            let state = try Self.readAll(database)
            live.update { $0 = state }
            seen.value = version
            noticed.value = true
        }
    }

    /// Runs a read of the database on the read queue.
    func read<T: Sendable>(_ body: @escaping @Sendable (SessionDatabase) throws -> T) async throws -> T {
        try await run(on: reads, body)
    }

    /// The whole session as stored now.
    func load() -> Session {
        live.update { $0.session }
    }

    /// The whole session with the warnings a full reading would give (checked on the read queue after an edit:
    /// the cooperative threads that carry the connections are never blocked by it).
    func reading() async throws -> SessionReading {
        await catchUp()
        let live = self.live
        return try await run(on: reads) { _ in live.update { $0.reading() } }
    }

    /// The coverage index of the session now, with the reading's warnings (built or updated on the read queue).
    func coverage() async throws -> (index: CoverageIndex, warnings: [SessionWarning]) {
        await catchUp()
        let live = self.live
        return try await run(on: reads) { _ in try live.update { state in (try state.coverageIndex(), state.warnings()) } }
    }

    private func run<T: Sendable>(on queue: DispatchQueue, _ body: @escaping @Sendable (SessionDatabase) throws -> T) async throws -> T {
        let database = self.database, path = self.path
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try StoreError.translating(path: path) { try body(database) } }) }
        }
    }
}
