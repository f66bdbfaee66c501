import GRDB
import RecordingProtocol

/// Whole-session edits of a stored session: the clock changes (`link-audio`, a take's record start, the session's offset).
extension SessionDatabase {
    /// Applies a change made through the session model to the stored session, in one transaction: read, changed,
    /// checked leniently and written back; nothing is written when `change` or the check throws.
    ///
    /// A session with damaged rows is not rewritten (a reading leaves such rows out, and writing it back would lose
    /// them): `refusingDamage` makes the error from the first damaged row's message.
    ///
    /// - Throws: `StorageError.invalid` with the model's error, `.noSession` for an empty database.
    @discardableResult
    public func edit<T>(
        _ change: (inout Session) throws -> T,
        refusingDamage: (String) -> Error = { StorageError.corruptRow(table: "session", reason: "damaged rows, which writing the whole session would lose: \($0)") }
    ) throws -> T {
        try writer.write { db in
            let (loaded, rowWarnings) = try Self.loadReading(in: db)
            if let damaged = rowWarnings.first(where: { $0.kind == .damagedRow }) { throw refusingDamage(damaged.message) }
            var session = try loaded.checked(.lenient).session
            let result = try StorageError.checking { try change(&session) }
            try StorageError.checking { try session.validate(.lenient) }
            try Self.replace(with: session, in: db, device: self.acting.device, edit: true)
            return result
        }
    }
}
