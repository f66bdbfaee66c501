import GRDB
import RecordingProtocol
import ScoreLayout

/// Rows of the `action` table: the session's history of user actions.
extension SessionRows {
    /// Appends an action to the history (its id is one more than the highest so far).
    static func insert(_ action: SessionAction, in db: Database) throws {
        var previousEnd: ScorePosition?
        var previousNote: String?
        switch action {
        case .takeEnded(_, let end): previousEnd = end
        case .noteChanged(_, let note): previousNote = note
        default: break
        }
        try db.cachedStatement(sql: """
            INSERT INTO action (kind, take, mark, previous_end_page, previous_end_x, previous_end_y, previous_note)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                action.name, action.take, action.mark, previousEnd?.page, previousEnd?.x, previousEnd?.y, previousNote,
            ])
    }

    /// An action from an `action` row.
    static func action(_ row: Row) throws -> SessionAction {
        do {
            return try SessionAction(name: row["kind"], take: row["take"], mark: row["mark"],
                                     previousEnd: position(row, "previous_end"), previousNote: row["previous_note"])
        } catch let error as ProtocolError {
            throw StorageError.corruptRow(table: "action", reason: "action \(row["id"] as Int? ?? 0): \(error.description)")
        }
    }

    /// The whole history, oldest first.
    static func history(in db: Database) throws -> [SessionAction] {
        try Row.fetchAll(db, sql: "SELECT * FROM action ORDER BY id").map(action)
    }
}
