import GRDB
import RecordingProtocol
import ScoreLayout

/// Revising stored notes: renumbering a take, moving a mark, changing what a mark says.
///
/// As with the appends, each runs the model's own method (`Session.renumberTake`, `moveMark`,
/// `changeMark`) on a partial session read inside the write transaction, then writes the change
/// and the history entry; a rejected change rolls the transaction back.
extension SessionDatabase {
    /// Gives a live take another number (and label); its marks and history entries follow it. Returns the take.
    ///
    /// - Throws: `StorageError.invalid` with `.takeNotFound`, `.takeDeleted` or `.invalidRenumber`.
    @discardableResult
    public func renumberTake(number: Int, to newNumber: Int, label: String? = nil) throws -> Take {
        try writer.write { db in
            var partial = try self.partialSession(db)
            partial.takes = [try Self.takeRow(number, in: db)]
            if newNumber != number, let other = try Row.fetchOne(db, sql: "SELECT * FROM take WHERE number = ?", arguments: [newNumber]) {
                partial.takes.append(try SessionRows.take(other))
            }
            let take = try StorageError.checking { try partial.renumberTake(number, to: newNumber, label: label) }
            try Self.renumberRows(number, to: newNumber, label: take.label, in: db)
            try self.record(partial, in: db)
            return take
        }
    }

    /// Moves a live mark (`to` nil makes it a point); it must stay inside its take. Returns the mark.
    ///
    /// - Throws: `StorageError.invalid` with `.markNotFound`, `.markDeleted`, `.takeDeleted`, `.invalidPosition`,
    ///   `.markRangeReversed` or `.markOutsideTake`.
    @discardableResult
    public func moveMark(id: Int, at: ScorePosition, to: ScorePosition? = nil) throws -> Mark {
        try writer.write { db in
            var partial = try self.partial(withMark: id, in: db)
            let mark = try StorageError.checking { try partial.moveMark(id, at: at, to: to) }
            try db.cachedStatement(sql: """
                UPDATE mark SET at_page = ?, at_x = ?, at_y = ?, at_pass = ?, to_page = ?, to_x = ?, to_y = ?, to_pass = ?,
                                points_json = ? WHERE id = ?
                """).execute(arguments: [mark.at.page, mark.at.x, mark.at.y, mark.at.pass, mark.to?.page, mark.to?.x, mark.to?.y, mark.to?.pass,
                                         SessionRows.pointsJSON(mark.points), id])
            try self.record(partial, in: db)
            return mark
        }
    }

    /// Changes a live mark's kind and text (nil clears the text). Returns the mark.
    ///
    /// - Throws: `StorageError.invalid` with `.markNotFound`, `.markDeleted`, `.takeDeleted`, `.ratingOutOfRange`
    ///   or `.invalidProblem`.
    @discardableResult
    public func changeMark(id: Int, kind: MarkKind, text: String?) throws -> Mark {
        try writer.write { db in
            var partial = try self.partial(withMark: id, in: db)
            let mark = try StorageError.checking { try partial.changeMark(id, kind: kind, text: text) }
            try Self.updateContent(id, kind: kind, text: text, in: db)
            try self.record(partial, in: db)
            return mark
        }
    }

    /// Rewrites a mark's kind, value, problem and text.
    static func updateContent(_ id: Int, kind: MarkKind, text: String?, in db: Database) throws {
        try db.cachedStatement(sql: "UPDATE mark SET kind = ?, value = ?, problem = ?, text = ? WHERE id = ?")
            .execute(arguments: [kind.name, kind.rating, kind.problem?.name, text, id])
    }

    /// Renames take `number` to `newNumber` with `label` in the take, mark and action rows (foreign keys checked at commit).
    static func renumberRows(_ number: Int, to newNumber: Int, label: String, in db: Database) throws {
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        try db.execute(sql: "UPDATE take SET number = ?, label = ? WHERE number = ?", arguments: [newNumber, label, number])
        guard newNumber != number else { return }
        try db.execute(sql: "UPDATE mark SET take = ? WHERE take = ?", arguments: [newNumber, number])
        try db.execute(sql: "UPDATE action SET take = ? WHERE take = ?", arguments: [newNumber, number])
    }

    /// A partial session with the mark and its take, for checking a revision of the mark.
    private func partial(withMark id: Int, in db: Database) throws -> Session {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM mark WHERE id = ?", arguments: [id]) else {
            throw StorageError.invalid(.markNotFound(id: id))
        }
        var partial = try partialSession(db)
        let mark = try SessionRows.mark(row)
        partial.marks = [mark]
        partial.takes = [try Self.takeRow(mark.take, in: db)]
        return partial
    }
}
