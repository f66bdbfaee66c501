import GRDB
import RecordingProtocol
import ScoreLayout

/// Undoing the newest action of a stored session.
extension SessionDatabase {
    /// Reverts the newest entry of the history in one transaction, removes it and returns it.
    ///
    /// The effect is that of `Session.undo()`: a started take or added mark is soft-deleted (its
    /// number or id is not reused), an end or note gets its previous value back, a deleted take or
    /// mark comes back, a renumbered take gets its number and label back, a moved or changed mark its
    /// place or content. Whichever process made the action, the newest one is undone.
    ///
    /// - Throws: `StorageError.invalid(.nothingToUndo)` for an empty history, `.noSession` for an
    ///   empty database, `.corruptRow` when the action's take or mark is missing.
    @discardableResult
    public func undo() throws -> SessionAction {
        try undo(device: nil).action
    }

    /// Reverts the newest action made by `device` (nil: the newest of anyone) in one transaction, removes it from the
    /// history and returns it.
    ///
    /// An older action than the newest of all is refused when a newer action (of another device) changed the same
    /// take or mark since: undoing it first keeps the history consistent.
    ///
    /// - Throws: `StorageError.invalid(.nothingToUndo)` for an empty history, `.nothingToUndoBy` when `device` has no
    ///   action left, `.invalidHistory` for a newer change of the same take or mark; as `undo()` otherwise.
    @discardableResult
    public func undo(device: String?) throws -> StoredAction {
        try writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM session WHERE id = 1") != nil else { throw StorageError.noSession }
            let newest = device == nil ? try Row.fetchOne(db, sql: "SELECT * FROM action ORDER BY id DESC LIMIT 1")
                : try Row.fetchOne(db, sql: "SELECT * FROM action WHERE device = ? ORDER BY id DESC LIMIT 1", arguments: [device])
            guard let row = newest else { throw StorageError.invalid(device.map { .nothingToUndoBy(device: $0) } ?? .nothingToUndo) }
            let id: Int = row["id"], action = try SessionRows.action(row)
            if device != nil, let later = try Row.fetchOne(db, sql: """
                SELECT kind, device FROM action WHERE id > ? AND ((take IS NOT NULL AND take = ?) OR (mark IS NOT NULL AND mark = ?)) ORDER BY id DESC LIMIT 1
                """, arguments: [id, action.take, action.mark]) {
                let what = action.take.map { "take \($0)" } ?? action.mark.map { "mark \($0)" } ?? "it"
                let other: String? = later["device"]
                throw StorageError.invalid(.invalidHistory(reason: "\(action.name) of \(what) cannot be undone: a newer \(later["kind"] as String) by "
                    + "\(other.map { "device \($0)" } ?? "another device") changed \(what) since (undo that first)"))
            }
            try Self.revert(action, in: db)
            try db.execute(sql: "DELETE FROM action WHERE id = ?", arguments: [id])
            return StoredAction(id: id, action: action, device: row["device"])
        }
    }

    /// Reverts one action's change to the takes and marks (its history entry stays).
    private static func revert(_ action: SessionAction, in db: Database) throws {
        if case .takeRenumbered(let take, let previousNumber, let previousLabel) = action {
            _ = try takeRow(take, in: db)
            if previousNumber != take, try Bool.fetchOne(db, sql: "SELECT 1 FROM take WHERE number = ?", arguments: [previousNumber]) != nil {
                throw StorageError.invalid(.invalidHistory(
                    reason: "take \(take) cannot get its number \(previousNumber) back: another take has it now"))
            }
            try renumberRows(take, to: previousNumber, label: previousLabel, in: db)
        } else if case .clockChanged(let change) = action {
            try revertClock(change, in: db)
        } else if case .programmeChanged(let change) = action {
            try revertProgramme(change, in: db)
        } else {
            if case .markMoved(let id, let at, _) = action { try moveStrokeBack(id, to: at, in: db) }
            let (sql, arguments) = revertStatement(action)
            try db.execute(sql: sql, arguments: arguments)
            guard db.changesCount == 1 else {
                throw StorageError.corruptRow(table: "action", reason: "\(action.name) names a take or mark that is not stored")
            }
        }
    }

    /// Moves an ink mark's stroke with its first point back to `at` (other kinds have no stroke).
    private static func moveStrokeBack(_ id: Int, to at: ScorePosition, in db: Database) throws {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM mark WHERE id = ? AND kind = 'ink'", arguments: [id]) else { return }
        var mark = try SessionRows.mark(row)
        mark.move(to: at)
        try db.execute(sql: "UPDATE mark SET points_json = ? WHERE id = ?", arguments: [SessionRows.pointsJSON(mark.points), id])
    }

    /// Gives the takes of a clock change their previous clocks, and the session its previous offset and score notes.
    private static func revertClock(_ change: ClockChange, in db: Database) throws {
        for state in change.takes {
            try db.execute(sql: "UPDATE take SET source = ?, record_start = ?, fps = ?, tablet_offset = ?, media_json = ? WHERE number = ?",
                           arguments: [state.source, state.recordStart, state.fps, state.tabletOffset, state.media?.jsonText, state.take])
            guard db.changesCount == 1 else { throw StorageError.corruptRow(table: "action", reason: "clock names take \(state.take), which is not stored") }
            if let placed = state.placed {
                let (start, end) = (placed.start, placed.end)
                try db.execute(sql: """
                    UPDATE take SET start_page = ?, start_x = ?, start_y = ?, start_pass = ?, end_page = ?, end_x = ?, end_y = ?, end_pass = ?,
                                    placed_json = ? WHERE number = ?
                    """, arguments: [start.page, start.x, start.y, start.pass, end?.page, end?.x, end?.y, end?.pass,
                                     placed.placement?.jsonText, state.take])
            }
        }
        if let offset = change.sessionOffset { try db.execute(sql: "UPDATE session SET clock_offset = ? WHERE id = 1", arguments: [offset]) }
        if let music = change.music {
            if change.musicScore == 0 {
                try db.execute(sql: "UPDATE session SET score_music = ? WHERE id = 1", arguments: [music])
            } else {
                try db.execute(sql: "UPDATE score SET music = ? WHERE idx = ?", arguments: [music, change.musicScore])
                guard db.changesCount == 1 else {
                    throw StorageError.corruptRow(table: "action", reason: "music names score \(change.musicScore), which is not stored")
                }
            }
        }
    }

    /// Gives the session its previous pieces and bar numbers (`Session.revert(programme:)` on the stored session).
    private static func revertProgramme(_ change: ProgrammeChange, in db: Database) throws {
        var session = try load(in: db)
        try StorageError.checking { try session.revertProgramme(change) }
        try db.execute(sql: "UPDATE session SET layout_json = ? WHERE id = 1", arguments: [session.layout.map { $0.jsonText() }])
        try db.execute(sql: "DELETE FROM piece")
        for (seq, piece) in session.pieces.enumerated() { try SessionRows.insert(piece, seq: seq + 1, in: db) }
    }

    /// The one UPDATE that reverts an action (a renumbering is reverted by `renumberRows`).
    private static func revertStatement(_ action: SessionAction) -> (String, StatementArguments) {
        switch action {
        case .takeStarted(let take): return ("UPDATE take SET deleted = 1 WHERE number = ?", [take])
        case .takeDeleted(let take): return ("UPDATE take SET deleted = 0 WHERE number = ?", [take])
        case .takeEnded(let take, let end):
            return ("UPDATE take SET end_page = ?, end_x = ?, end_y = ?, end_pass = ? WHERE number = ?", [end?.page, end?.x, end?.y, end?.pass, take])
        case .noteChanged(let take, let note): return ("UPDATE take SET note = ? WHERE number = ?", [note, take])
        case .markAdded(let mark): return ("UPDATE mark SET deleted = 1 WHERE id = ?", [mark])
        case .markDeleted(let mark): return ("UPDATE mark SET deleted = 0 WHERE id = ?", [mark])
        case .markMoved(let mark, let at, let to):
            return ("UPDATE mark SET at_page = ?, at_x = ?, at_y = ?, at_pass = ?, to_page = ?, to_x = ?, to_y = ?, to_pass = ? WHERE id = ?",
                    [at.page, at.x, at.y, at.pass, to?.page, to?.x, to?.y, to?.pass, mark])
        case .markChanged(let mark, let kind, let text):
            return ("UPDATE mark SET kind = ?, value = ?, problem = ?, text = ? WHERE id = ?",
                    [kind.name, kind.rating, kind.problem?.name, text, mark])
        case .clockChanged, .programmeChanged: return ("SELECT 1", [])
        case .takeRenumbered(let take, let previousNumber, let previousLabel):
            return ("UPDATE take SET number = ?, label = ? WHERE number = ?", [previousNumber, previousLabel, take])
        }
    }
}
