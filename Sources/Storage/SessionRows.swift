import Foundation
import GRDB
import RecordingProtocol
import ScoreLayout

/// Converting pieces, takes, marks and their parts to and from rows of the session schema.
///
/// Inserts go through cached statements, so an append prepares its SQL once per connection.
enum SessionRows {
    // MARK: Small values

    /// Unknown JSON members as a JSON array of `[key, json text]` pairs; nil when there are none.
    static func extraJSON(_ extra: ExtraFields) -> String? {
        guard !extra.isEmpty else { return nil }
        return JSONValue.array(extra.members.map { [.string($0.key), .string($0.json)] }).serialized()
    }

    /// Reads `extraJSON(_:)` text back.
    static func extra(_ text: String?, table: String) throws -> ExtraFields {
        guard let text else { return ExtraFields() }
        do {
            let pairs = try JSONValue.array { value, _ in try JSONValue.strings(value) }(JSONReader.parse(text.utf8))
            guard pairs.allSatisfy({ $0.count == 2 }) else { throw JSONFieldError("a pair is not [key, json]") }
            return ExtraFields(pairs.map { ExtraFields.Member(key: $0[0], json: $0[1]) })
        } catch {
            throw StorageError.corruptRow(table: table, reason: "extra_json is not a list of [key, json] pairs: \(text)")
        }
    }

    /// The numbering scheme as compact JSON with sorted keys.
    static func numberingJSON(_ numbering: TakeNumbering) -> String {
        JSONValue.object([("continuous", .bool(numbering.continuous)), ("first", .int(numbering.first)),
                          ("prefixPerPiece", .bool(numbering.prefixPerPiece))]).serialized()
    }

    /// Reads `numberingJSON(_:)` text back.
    static func numbering(_ text: String) throws -> TakeNumbering {
        do {
            var row = try JSONObject(JSONReader.parse(text.utf8))
            return TakeNumbering(first: try row.required("first", JSONValue.int),
                                 prefixPerPiece: try row.required("prefixPerPiece", JSONValue.bool),
                                 continuous: try row.required("continuous", JSONValue.bool))
        } catch {
            throw StorageError.corruptRow(table: "session", reason: "numbering_json is not a numbering scheme: \(text)")
        }
    }

    /// The position in columns `prefix_page/x/y`, nil when the page is NULL.
    static func position(_ row: Row, _ prefix: String) -> ScorePosition? {
        guard let page: Int = row["\(prefix)_page"] else { return nil }
        return ScorePosition(page: page, x: row["\(prefix)_x"], y: row["\(prefix)_y"])
    }

    // MARK: Pieces

    /// Inserts a piece at position `seq` of the programme.
    static func insert(_ piece: Piece, seq: Int, in db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO piece (seq, title, first_bar, last_bar, key, prefix, extra_json) VALUES (?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [seq, piece.title, piece.firstBar.description, piece.lastBar.description,
                                     piece.key, piece.prefix, extraJSON(piece.extra)])
    }

    /// The pieces in programme order.
    static func pieces(in db: Database) throws -> [Piece] {
        try Row.fetchAll(db, sql: "SELECT * FROM piece ORDER BY seq").map { row in
            do {
                return Piece(title: row["title"], firstBar: try BarNumber(row["first_bar"] as String),
                             lastBar: try BarNumber(row["last_bar"] as String), key: row["key"], prefix: row["prefix"],
                             extra: try extra(row["extra_json"], table: "piece"))
            } catch let error as LayoutError {
                throw StorageError.corruptRow(table: "piece", reason: error.description)
            }
        }
    }

    // MARK: Takes

    /// Inserts a take made at position `seq`.
    static func insert(_ take: Take, seq: Int, in db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO take (seq, number, label, start_page, start_x, start_y, end_page, end_x, end_y,
                              source, record_start, fps, note, deleted, extra_json, tablet_offset, started_at, media_json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                seq, take.number, take.label, take.start.page, take.start.x, take.start.y,
                take.end?.page, take.end?.x, take.end?.y, take.source, take.recordStart, take.fps,
                take.note, take.deleted, extraJSON(take.extra), take.tabletOffset, take.startedAt, take.media?.jsonText,
            ])
    }

    /// A take from a `take` row.
    static func take(_ row: Row) throws -> Take {
        guard let start = position(row, "start") else {
            throw StorageError.corruptRow(table: "take", reason: "take \(row["number"] ?? "?") has no start")
        }
        return Take(number: row["number"], label: row["label"], start: start, end: position(row, "end"),
                    source: row["source"], recordStart: row["record_start"], fps: row["fps"], note: row["note"],
                    deleted: row["deleted"], extra: try extra(row["extra_json"], table: "take"),
                    tabletOffset: row["tablet_offset"], startedAt: row["started_at"], media: try media(row["media_json"]))
    }

    /// The linked media stored as `media_json`.
    static func media(_ text: String?) throws -> RecordingMedia? {
        guard let text else { return nil }
        do { return try RecordingMedia(json: text) } catch {
            throw StorageError.corruptRow(table: "take", reason: "media_json is not a recording's media: \(text)")
        }
    }

    /// Every take in the order they were made.
    static func takes(in db: Database) throws -> [Take] {
        try Row.fetchAll(db, sql: "SELECT * FROM take ORDER BY seq").map(take)
    }

    // MARK: Marks

    /// Inserts a mark made at position `seq`.
    static func insert(_ mark: Mark, seq: Int, in db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO mark (id, seq, take, kind, value, problem, at_page, at_x, at_y, to_page, to_x, to_y,
                              time, colour, text, deleted, extra_json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                mark.id, seq, mark.take, mark.kind.name, mark.kind.rating, mark.kind.problem?.name,
                mark.at.page, mark.at.x, mark.at.y, mark.to?.page, mark.to?.x, mark.to?.y,
                mark.time, mark.colour, mark.text, mark.deleted, extraJSON(mark.extra),
            ])
    }

    /// A mark from a `mark` row.
    static func mark(_ row: Row) throws -> Mark {
        let id: Int = row["id"]
        let kindName: String = row["kind"]
        let kind: MarkKind
        switch kindName {
        case "rating":
            guard let value: Int = row["value"] else { throw StorageError.corruptRow(table: "mark", reason: "rating mark \(id) has no value") }
            kind = .rating(value)
        case "problem":
            guard let problem: String = row["problem"] else { throw StorageError.corruptRow(table: "mark", reason: "problem mark \(id) has no problem") }
            kind = .problem(ProblemKind(problem))
        case "edit-point": kind = .editPoint
        case "text": kind = .text
        default: throw StorageError.corruptRow(table: "mark", reason: "mark \(id) has unknown kind '\(kindName)'")
        }
        guard let at = position(row, "at") else { throw StorageError.corruptRow(table: "mark", reason: "mark \(id) has no position") }
        return Mark(id: id, take: row["take"], kind: kind, at: at, to: position(row, "to"), time: row["time"],
                    colour: row["colour"], text: row["text"], deleted: row["deleted"],
                    extra: try extra(row["extra_json"], table: "mark"))
    }

    /// Every mark in the order they were made.
    static func marks(in db: Database) throws -> [Mark] {
        try Row.fetchAll(db, sql: "SELECT * FROM mark ORDER BY seq").map(mark)
    }
}
