import Foundation
import RecordingProtocol
import ScoreLayout
import Storage

/// The served session: a SQLite database written on one serial queue and read on a concurrent one.
///
/// GRDB's calls block their thread; running them on dispatch queues keeps Swift's cooperative
/// threads (which also carry the server's connections and event streams) free. Writes are one
/// transaction each (see `SessionDatabase`), so every acknowledged edit is on disk when its answer
/// is sent. Other processes may edit the same file; `fingerprint()` lets the server notice.
final class SessionService: Sendable {
    /// The database file.
    let path: String
    let database: SessionDatabase
    private let writes = DispatchQueue(label: "tonmeister.session.writes")
    private let cachedLayout: LockedValue<ScoreLayout?>
    private let watcher: SessionChangeWatcher
    /// The watcher's version after this server's newest write (touched only on the write queue).
    private let seenVersion: LockedValue<Int>
    private let reads = DispatchQueue(label: "tonmeister.session.reads", attributes: .concurrent)

    /// Opens the database at `path` (migrating it to the current schema).
    init(path: String) throws {
        self.path = path
        // A damaged database is never opened for writing (it could change its bytes): serve refuses it.
        if let reason = try SessionDatabase.damage(at: path) { throw StoreError.damagedReadOnly(path: path, reason: reason) }
        database = try SessionDatabase(path: path)
        cachedLayout = LockedValue(try database.load().layout)
        watcher = try SessionChangeWatcher(path: path)
        seenVersion = LockedValue(try watcher.version())
    }

    /// The session's layout as last loaded or saved by this server (for drawing answers without a load).
    var layout: ScoreLayout? { cachedLayout.value }

    /// Remembers the layout after a layout edit.
    func remember(_ layout: ScoreLayout?) { cachedLayout.value = layout }

    /// Runs an edit on the write queue (and remembers the database's version after it, see `changedElsewhere`).
    func write<T: Sendable>(_ body: @escaping @Sendable (SessionDatabase) throws -> T) async throws -> T {
        let watcher = self.watcher, seen = self.seenVersion
        return try await run(on: writes) { database in
            defer { if let version = try? watcher.version() { seen.value = version } }
            return try body(database)
        }
    }

    /// True when another connection committed a change since this server's last write or the last call.
    ///
    /// Runs on the write queue, so this server's own writes are never taken for someone else's.
    func changedElsewhere() async -> Bool {
        let watcher = self.watcher, seen = self.seenVersion
        return (try? await run(on: writes) { _ in
            let version = try watcher.version()
            defer { seen.value = version }
            return version != seen.value
        }) ?? false
    }

    /// Runs a read on the read queue.
    func read<T: Sendable>(_ body: @escaping @Sendable (SessionDatabase) throws -> T) async throws -> T {
        try await run(on: reads, body)
    }

    /// The whole session, repaired where a repair is unambiguous (DESIGN §6).
    func load() async throws -> Session {
        try await reading().session
    }

    /// The whole session, repaired, with the warnings for what was repaired or kept.
    func reading() async throws -> SessionReading {
        try await read { try $0.reading(.lenient) }
    }

    private func run<T: Sendable>(on queue: DispatchQueue, _ body: @escaping @Sendable (SessionDatabase) throws -> T) async throws -> T {
        let database = self.database, path = self.path
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try StoreError.translating(path: path) { try body(database) } }) }
        }
    }
}
