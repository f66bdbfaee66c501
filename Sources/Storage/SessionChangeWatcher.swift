import GRDB

/// Notices commits to a session database: its own read-only connection reports SQLite's `data_version`.
///
/// `PRAGMA data_version` changes on a connection whenever another connection (in this process or
/// another) commits a change to the file. A server that remembers the version after each of its own
/// writes can tell from a later, different version that someone else — `tonmeister mark` on the same
/// database, another server — changed the session.
public final class SessionChangeWatcher: Sendable {
    private let queue: DatabaseQueue

    /// Opens a read-only connection to the database at `path`.
    ///
    /// - Throws: GRDB's `DatabaseError` when the file cannot be opened.
    public init(path: String) throws {
        queue = try DatabaseQueue(path: path, configuration: SessionDatabase.readOnlyConfiguration())
    }

    /// The current `data_version` of this connection.
    public func version() throws -> Int {
        try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
