import RecordingProtocol

/// An error raised by `SessionDatabase`: invalid input, a database without a session, or a row it cannot read.
///
/// Invalid input never changes the database: the model check runs before anything is written,
/// inside the same transaction, and the transaction is rolled back when it throws.
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The session, take or mark breaks a rule of the recording protocol (the model's error).
    case invalid(ProtocolError)
    /// The database holds no session yet (save or import one first).
    case noSession
    /// A row of the database cannot be turned back into the model; `table` and `reason` say which and why.
    case corruptRow(table: String, reason: String)

    public var description: String {
        switch self {
        case .invalid(let error):
            return "rejected: \(error.description)"
        case .noSession:
            return "the database holds no session yet: save or import one first"
        case .corruptRow(let table, let reason):
            return "unreadable row in table '\(table)': \(reason)"
        }
    }

    /// Runs `body`, turning a thrown `ProtocolError` into `StorageError.invalid`.
    static func checking<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ProtocolError { throw StorageError.invalid(error) }
    }
}
