import GRDB
import RecordingProtocol

/// Reading back what one edit changed, so that a server keeping the session in memory can follow it row by row.
extension SessionDatabase {
    /// An entry of the stored history: its id, the action and the device that made it.
    public struct StoredAction: Sendable, Hashable {
        /// The action's id in the `action` table (growing with each action).
        public var id: Int
        /// The action.
        public var action: SessionAction
        /// The device that made the action; nil when unknown.
        public var device: String?
        /// When the action was made (ISO 8601 UTC); nil when unknown (made before schema v8).
        public var time: String? = nil
    }

    /// The rows an edit changed: takes and marks as stored now, and the history entries after an id.
    public struct Delta: Sendable {
        /// The takes asked for that exist, as stored now.
        public var takes: [Take]
        /// The marks asked for that exist, as stored now.
        public var marks: [Mark]
        /// The history entries with an id above the one given, oldest first.
        public var actions: [StoredAction]
    }

    /// The takes `numbers`, the marks `ids` and the history entries after `actionID`, read in one transaction.
    ///
    /// - Throws: `StorageError.corruptRow` for a row the model cannot hold.
    public func delta(takes numbers: [Int], marks ids: [Int], actionsAfter actionID: Int) throws -> Delta {
        try writer.read { db in
            let takes = try numbers.compactMap { number in
                try Row.fetchOne(db, sql: "SELECT * FROM take WHERE number = ?", arguments: [number]).map(SessionRows.take)
            }
            let marks = try ids.compactMap { id in
                try Row.fetchOne(db, sql: "SELECT * FROM mark WHERE id = ?", arguments: [id]).map(SessionRows.mark)
            }
            let actions = try Row.fetchAll(db, sql: "SELECT * FROM action WHERE id > ? ORDER BY id", arguments: [actionID]).map(Self.storedAction)
            return Delta(takes: takes, marks: marks, actions: actions)
        }
    }

    /// Every history entry with its id and device, oldest first.
    public func storedHistory() throws -> [StoredAction] {
        try writer.read { db in try Row.fetchAll(db, sql: "SELECT * FROM action ORDER BY id").map(Self.storedAction) }
    }

    static func storedAction(_ row: Row) throws -> StoredAction {
        StoredAction(id: row["id"], action: try SessionRows.action(row), device: row["device"],
                     time: row.hasColumn("made_at") ? row["made_at"] as String? : nil)
    }

    /// SQLite's `data_version` on the writing connection: it changes when another connection (another process) commits.
    ///
    /// The connection's own commits leave it unchanged, so a caller that reads it before and after its own edits
    /// knows whether anyone else wrote in between.
    public func externalVersion() throws -> Int {
        try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
