import Foundation
import GRDB
import RecordingProtocol
import ScoreLayout

/// Small write transactions for the producer's taps: start, append, end, annotate and delete takes; append and delete marks.
///
/// Validation approach: inside the write transaction each action reads only what its check needs
/// (the layout, cached per session revision by `LayoutCache`; the take's row; for `endTake` the
/// take's live marks), builds a partial `Session` from them and runs the model's own editing
/// method on it (`endTake` or `addMark`), so the rules are exactly those of `RecordingProtocol`.
/// Nothing is kept in memory apart from the layout, so several processes may append to one file.
/// Each action also appends to the `action` table the history entry the model recorded, so that
/// `undo` can revert it. A thrown error rolls the transaction back: the database is unchanged.
extension SessionDatabase {
    /// Starts a new take at `start`, numbered by the session's scheme, and returns it.
    ///
    /// The number is computed inside the write transaction, so two processes starting takes at
    /// once get different numbers. Only what the numbering needs is read: the highest take number
    /// for continuous numbering, all takes for per-piece numbering.
    ///
    /// - Throws: `StorageError.invalid` with `.pieceNotFound` or the take errors of the model;
    ///   `StorageError.noSession` for an empty database.
    @discardableResult
    public func startTake(at start: ScorePosition, piece: Int? = nil, source: String? = nil, note: String = "",
                          clock: Take? = nil) throws -> Take {
        try writer.write { db in
            var partial = try self.partialSession(db)
            partial.numbering = try SessionRows.numbering(
                try String.fetchOne(db, sql: "SELECT numbering_json FROM session WHERE id = 1") ?? "{}")
            partial.pieces = try SessionRows.pieces(in: db)
            let piece = piece ?? partial.pieceForNewTake(at: start)
            if partial.numbering.continuous || piece == nil {
                if let highest = try Int.fetchOne(db, sql: "SELECT max(number) FROM take WHERE typeof(number) = 'integer' AND number BETWEEN ? AND ?",
                                                  arguments: [SessionLimits.takeNumbers.lowerBound, SessionLimits.takeNumbers.upperBound]) {
                    // Stands in for the other takes so that addTake picks the next number (it is not checked).
                    partial.takes = [Take(number: highest, label: "", start: start, deleted: true)]
                }
            } else {
                partial.takes = try SessionRows.takes(in: db)
            }
            let take = try StorageError.checking {
                try partial.addTake(start: start, piece: piece, source: source, recordStart: clock?.recordStart, fps: clock?.fps,
                                    note: note, tabletOffset: clock?.tabletOffset, startedAt: clock?.startedAt)
            }
            var made = take
            made.device = self.acting.device
            try SessionRows.insert(made, seq: try Self.nextSeq(in: "take", db), in: db)
            try self.record(partial, in: db)
            return made
        }
    }

    /// Appends a take with its own number and label.
    ///
    /// - Throws: `StorageError.invalid` with `.duplicateTake` when the number is used, or the take
    ///   errors of the model (position off the layout, end before start, bad timecode or frame rate);
    ///   `StorageError.noSession` for an empty database.
    public func appendTake(_ take: Take) throws {
        try writer.write { db in
            guard SessionLimits.takeNumbers.contains(take.number) else {
                throw StorageError.invalid(.outOfRange(what: "take number", value: take.number, range: SessionLimits.takeNumbers))
            }
            var partial = try self.partialSession(db)
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM take WHERE number = ?", arguments: [take.number]) != nil {
                throw StorageError.invalid(.duplicateTake(number: take.number))
            }
            var live = take
            live.deleted = false
            partial.takes = [live]
            try StorageError.checking { try partial.endTake(take.number, at: take.end) }
            var made = take
            made.device = take.device ?? self.acting.device
            try SessionRows.insert(made, seq: try Self.nextSeq(in: "take", db), in: db)
            try SessionRows.insert(.takeStarted(take: take.number), device: self.acting.device, in: db)
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
            try db.cachedStatement(sql: "UPDATE take SET end_page = ?, end_x = ?, end_y = ?, end_pass = ? WHERE number = ?")
                .execute(arguments: [end?.page, end?.x, end?.y, end?.pass, number])
            try self.record(partial, in: db)
        }
    }

    /// Replaces the note of a live take.
    ///
    /// - Throws: `StorageError.invalid` with `.takeNotFound` or `.takeDeleted`.
    public func setNote(ofTake number: Int, to note: String) throws {
        try writer.write { db in
            var partial = try self.partialSession(db)
            partial.takes = [try Self.takeRow(number, in: db)]
            try StorageError.checking { try partial.setNote(ofTake: number, to: note) }
            try db.cachedStatement(sql: "UPDATE take SET note = ? WHERE number = ?").execute(arguments: [note, number])
            try self.record(partial, in: db)
        }
    }

    /// Soft-deletes a take: it keeps its number and marks, and queries ignore it.
    ///
    /// - Throws: `StorageError.invalid` with `.takeNotFound` or `.takeDeleted`.
    public func deleteTake(number: Int) throws {
        try writer.write { db in
            var partial = try self.partialSession(db)
            partial.takes = [try Self.takeRow(number, in: db)]
            try StorageError.checking { try partial.deleteTake(number) }
            try db.cachedStatement(sql: "UPDATE take SET deleted = 1 WHERE number = ?").execute(arguments: [number])
            try self.record(partial, in: db)
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
        try addMark(mark).id
    }

    /// Appends a mark to a live take and returns it as stored (see `appendMark(_:)`); the acting device is its device unless it names one.
    @discardableResult
    public func addMark(_ mark: Mark) throws -> Mark {
        try writer.write { db in
            var partial = try self.partialSession(db)
            let take = try Self.takeRow(mark.take, in: db)
            partial.takes = [take]
            let highestID = try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM mark WHERE id BETWEEN ? AND ?",
                                             arguments: [SessionLimits.markIDs.lowerBound, SessionLimits.markIDs.upperBound]) ?? 0
            if highestID > 0 {
                // Stands in for the other marks so that addMark picks the next id (it is not checked).
                partial.marks = [Mark(id: highestID, take: take.number, kind: .text, at: take.start, deleted: true)]
            }
            var added = try StorageError.checking {
                try partial.addMark(take: mark.take, kind: mark.kind, at: mark.at, to: mark.to, time: mark.time, colour: mark.colour,
                                    text: mark.text, points: mark.points, device: mark.device ?? self.acting.device)
            }
            added.extra = mark.extra
            try SessionRows.insert(added, seq: try Self.nextSeq(in: "mark", db), in: db)
            try self.record(partial, in: db)
            return added
        }
    }

    /// Soft-deletes a mark: it stays in the database with its id, and no other mark is renumbered.
    ///
    /// - Throws: `StorageError.invalid` with `.markNotFound`, or `.markDeleted` when it is deleted already.
    public func deleteMark(id: Int) throws {
        try writer.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM mark WHERE id = ?", arguments: [id]) else {
                throw StorageError.invalid(.markNotFound(id: id))
            }
            var partial = try self.partialSession(db)
            partial.marks = [try SessionRows.mark(row)]
            try StorageError.checking { try partial.deleteMark(id) }
            try db.cachedStatement(sql: "UPDATE mark SET deleted = 1 WHERE id = ?").execute(arguments: [id])
            try self.record(partial, in: db)
        }
    }

    /// Stores the history entry the model's editing method just recorded on `partial`, made by the acting device.
    func record(_ partial: Session, in db: Database) throws {
        guard let action = partial.history.last else { return }
        try SessionRows.insert(action, device: self.acting.device, in: db)
    }

    /// The `seq` after the highest of `table` (a damaged or foreign `seq` that is not a small integer is passed over).
    static func nextSeq(in table: String, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT coalesce(max(seq), 0) + 1 FROM \(table) WHERE typeof(seq) = 'integer' AND seq BETWEEN 0 AND ?",
                         arguments: [Int(Int32.max)]) ?? 1
    }

    /// An empty session with the stored layout (cached per revision).
    func partialSession(_ db: Database) throws -> Session {
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
        var session = Session(title: "", score: ScoreReference(file: ""), layout: layout)
        // Positions are placed in playing order: the pieces come along when one of them has an order.
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM piece WHERE order_json IS NOT NULL)") == true {
            session.pieces = try SessionRows.pieces(in: db)
            // A piece naming its score finds its bars on that score's pages: the scores come along too.
            if let row = try Row.fetchOne(db, sql: "SELECT score_pages FROM session WHERE id = 1") {
                var notes: [String] = []
                try SessionRows.readScores(RowReader(row: row, table: "session"), in: db, into: &session, repairs: &notes)
            }
        }
        return session
    }

    /// The take with this number, deleted or not.
    static func takeRow(_ number: Int, in db: Database) throws -> Take {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM take WHERE number = ?", arguments: [number]) else {
            throw StorageError.invalid(.takeNotFound(number: number))
        }
        return try SessionRows.take(row)
    }
}
