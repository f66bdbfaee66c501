import Foundation
import GRDB
import RecordingProtocol
import ScoreLayout

/// Small write transactions for the producer's taps: append a take, end it, append a mark, delete a mark.
///
/// Validation approach: inside the write transaction each action reads only what its check needs
/// (the layout, cached per session revision by `LayoutCache`; the take's row; for `endTake` the
/// take's live marks), builds a partial `Session` from them and runs the model's own editing
/// method on it (`endTake` or `addMark`), so the rules are exactly those of `RecordingProtocol`.
/// Nothing is kept in memory apart from the layout, so several processes may append to one file.
/// A thrown error rolls the transaction back: the database is unchanged.
extension SessionDatabase {
    /// Appends a take with its own number and label.
    ///
    /// - Throws: `StorageError.invalid` with `.duplicateTake` when the number is used, or the take
    ///   errors of the model (position off the layout, end before start, bad timecode or frame rate);
    ///   `StorageError.noSession` for an empty database.
    public func appendTake(_ take: Take) throws {
        try writer.write { db in
            var partial = try self.partialSession(db)
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM take WHERE number = ?", arguments: [take.number]) != nil {
                throw StorageError.invalid(.duplicateTake(number: take.number))
            }
            var live = take
            live.deleted = false
            partial.takes = [live]
            try StorageError.checking { try partial.endTake(take.number, at: take.end) }
            let seq = try Int.fetchOne(db, sql: "SELECT coalesce(max(seq), 0) + 1 FROM take") ?? 1
            try SessionRows.insert(take, seq: seq, in: db)
        }
    }

    /// Ends a live take at `end` (or reopens it with nil); its live marks must stay inside it.
    ///
    /// - Throws: `StorageError.invalid` with `.takeNotFound`, `.takeDeleted`, `.takeEndsBeforeStart`,
    ///   `.invalidPosition` or `.markOutsideTake`.
    public func endTake(number: Int, at end: ScorePosition?) throws {
        try writer.write { db in
            var partial = try self.partialSession(db)
            partial.takes = [try Self.takeRow(number, in: db)]
            partial.marks = try Row.fetchAll(db, sql: "SELECT * FROM mark WHERE take = ? AND deleted = 0 ORDER BY seq",
                                             arguments: [number]).map(SessionRows.mark)
            try StorageError.checking { try partial.endTake(number, at: end) }
            try db.cachedStatement(sql: "UPDATE take SET end_page = ?, end_x = ?, end_y = ? WHERE number = ?")
                .execute(arguments: [end?.page, end?.x, end?.y, number])
        }
    }

    /// Appends a mark to a live take and returns its id (one more than the highest id so far).
    ///
    /// The mark's own `id` and `deleted` are ignored; its kind, positions, time, colour, text and
    /// unknown members are stored.
    ///
    /// - Throws: `StorageError.invalid` with `.takeNotFound`, `.takeDeleted`, `.ratingOutOfRange`,
    ///   `.invalidProblem`, `.invalidPosition`, `.markRangeReversed`, `.markOutsideTake` or `.invalidMarkTime`.
    @discardableResult
    public func appendMark(_ mark: Mark) throws -> Int {
        try writer.write { db in
            var partial = try self.partialSession(db)
            let take = try Self.takeRow(mark.take, in: db)
            partial.takes = [take]
            let row = try Row.fetchOne(db, sql: "SELECT coalesce(max(id), 0) AS id, coalesce(max(seq), 0) AS seq FROM mark")
            let highestID: Int = row?["id"] ?? 0
            let highestSeq: Int = row?["seq"] ?? 0
            if highestID > 0 {
                // Stands in for the other marks so that addMark picks the next id (it is not checked).
                partial.marks = [Mark(id: highestID, take: take.number, kind: .text, at: take.start, deleted: true)]
            }
            var added = try StorageError.checking {
                try partial.addMark(take: mark.take, kind: mark.kind, at: mark.at, to: mark.to,
                                    time: mark.time, colour: mark.colour, text: mark.text)
            }
            added.extra = mark.extra
            try SessionRows.insert(added, seq: highestSeq + 1, in: db)
            return added.id
        }
    }

    /// Soft-deletes a mark: it stays in the database with its id, and no other mark is renumbered.
    ///
    /// - Throws: `StorageError.invalid` with `.markNotFound`.
    public func deleteMark(id: Int) throws {
        try writer.write { db in
            try db.cachedStatement(sql: "UPDATE mark SET deleted = 1 WHERE id = ?").execute(arguments: [id])
            if db.changesCount == 0 { throw StorageError.invalid(.markNotFound(id: id)) }
        }
    }

    /// An empty session with the stored layout (cached per revision).
    private func partialSession(_ db: Database) throws -> Session {
        guard let revision = try Int.fetchOne(db, sql: "SELECT revision FROM session WHERE id = 1") else {
            throw StorageError.noSession
        }
        let layout: ScoreLayout?
        if let cached = cache.layout(forRevision: revision) {
            layout = cached
        } else {
            layout = try Self.layout(try String.fetchOne(db, sql: "SELECT layout_json FROM session WHERE id = 1"))
            cache.store(layout, revision: revision)
        }
        return Session(title: "", score: ScoreReference(file: ""), layout: layout)
    }

    /// The take with this number, deleted or not.
    private static func takeRow(_ number: Int, in db: Database) throws -> Take {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM take WHERE number = ?", arguments: [number]) else {
            throw StorageError.invalid(.takeNotFound(number: number))
        }
        return try SessionRows.take(row)
    }
}
