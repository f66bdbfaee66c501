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
    private let reads = DispatchQueue(label: "tonmeister.session.reads", attributes: .concurrent)

    /// Opens the database at `path` (migrating it to the current schema).
    init(path: String) throws {
        self.path = path
        database = try SessionDatabase(path: path)
        cachedLayout = LockedValue(try database.load().layout)
    }

    /// The session's layout as last loaded or saved by this server (for drawing answers without a load).
    var layout: ScoreLayout? { cachedLayout.value }

    /// Remembers the layout after a layout edit.
    func remember(_ layout: ScoreLayout?) { cachedLayout.value = layout }

    /// Runs an edit on the write queue.
    func write<T: Sendable>(_ body: @escaping @Sendable (SessionDatabase) throws -> T) async throws -> T {
        try await run(on: writes, body)
    }

    /// Runs a read on the read queue.
    func read<T: Sendable>(_ body: @escaping @Sendable (SessionDatabase) throws -> T) async throws -> T {
        try await run(on: reads, body)
    }

    /// The whole session, validated.
    func load() async throws -> Session {
        try await read { try $0.load() }
    }

    private func run<T: Sendable>(on queue: DispatchQueue, _ body: @escaping @Sendable (SessionDatabase) throws -> T) async throws -> T {
        let database = self.database
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body(database) }) }
        }
    }
}
