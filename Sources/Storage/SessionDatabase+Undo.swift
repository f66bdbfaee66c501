import GRDB
import RecordingProtocol

/// Undoing the newest action of a stored session.
extension SessionDatabase {
    /// Reverts the newest entry of the history in one transaction, removes it and returns it.
    ///
    /// The effect is that of `Session.undo()`: a started take or added mark is soft-deleted (its
    /// number or id is not reused), an end or note gets its previous value back, a deleted take or
    /// mark comes back. Whichever process made the action, the newest one is undone.
    ///
    /// - Throws: `StorageError.invalid(.nothingToUndo)` for an empty history, `.noSession` for an
    ///   empty database, `.corruptRow` when the action's take or mark is missing.
    @discardableResult
    public func undo() throws -> SessionAction {
        try writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM session WHERE id = 1") != nil else { throw StorageError.noSession }
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM action ORDER BY id DESC LIMIT 1") else {
                throw StorageError.invalid(.nothingToUndo)
            }
            let action = try SessionRows.action(row)
            let (sql, arguments): (String, StatementArguments)
            switch action {
            case .takeStarted(let take): (sql, arguments) = ("UPDATE take SET deleted = 1 WHERE number = ?", [take])
            case .takeDeleted(let take): (sql, arguments) = ("UPDATE take SET deleted = 0 WHERE number = ?", [take])
            case .takeEnded(let take, let end):
                (sql, arguments) = ("UPDATE take SET end_page = ?, end_x = ?, end_y = ? WHERE number = ?",
                                    [end?.page, end?.x, end?.y, take])
            case .noteChanged(let take, let note): (sql, arguments) = ("UPDATE take SET note = ? WHERE number = ?", [note, take])
            case .markAdded(let mark): (sql, arguments) = ("UPDATE mark SET deleted = 1 WHERE id = ?", [mark])
            case .markDeleted(let mark): (sql, arguments) = ("UPDATE mark SET deleted = 0 WHERE id = ?", [mark])
            }
            try db.execute(sql: sql, arguments: arguments)
            guard db.changesCount == 1 else {
                throw StorageError.corruptRow(table: "action", reason: "\(action.name) names a take or mark that is not stored")
            }
            try db.execute(sql: "DELETE FROM action WHERE id = ?", arguments: [row["id"] as Int])
            return action
        }
    }
}
