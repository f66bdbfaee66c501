import GRDB
import RecordingProtocol

/// Whole-session edits of a stored session: the clock changes (`link-audio`, a take's record start, the session's offset).
extension SessionDatabase {
    /// Applies a change made through the session model to the stored session, in one transaction: read, changed,
    /// checked leniently and written back; nothing is written when `change` or the check throws.
    ///
    /// - Throws: `StorageError.invalid` with the model's error, `.noSession` for an empty database.
    @discardableResult
    public func edit<T>(_ change: (inout Session) throws -> T) throws -> T {
        try writer.write { db in
            var session = try Self.load(in: db).checked(.lenient).session
            let result = try StorageError.checking { try change(&session) }
            try StorageError.checking { try session.validate(.lenient) }
            try Self.replace(with: session, in: db)
            return result
        }
    }
}
