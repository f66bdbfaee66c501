import Foundation
import GRDB
import RecordingProtocol
import ScoreLayout
import TonmeisterSupport

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

    /// The position in columns `prefix_page/x/y`, nil when they are NULL (see `RowReader`).
    static func position(_ row: Row, _ prefix: String, table: String = "action") throws -> ScorePosition? {
        try RowReader(row: row, table: table).optionalPosition(prefix)
    }

    /// `value` when reading it works, else `fallback`, noting the repair (`…; read as …`).
    static func repairing<T>(_ repairs: inout [String], _ fallback: T, _ what: String, _ value: () throws -> T) -> T {
        do { return try value() } catch {
            repairs.append("\(error); \(what)")
            return fallback
        }
    }

    // MARK: Pieces

    /// Inserts a piece at position `seq` of the programme.
    static func insert(_ piece: Piece, seq: Int, in db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO piece (seq, title, first_bar, last_bar, key, prefix, extra_json, order_json, score) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [seq, piece.title, piece.firstBar.description, piece.lastBar.description,
                                     piece.key, piece.prefix, extraJSON(piece.extra), orderJSON(piece.order), piece.score])
    }

    /// A playing order as a JSON array of runs (`["1-8","1-8","9-12"]`); nil for score order.
    static func orderJSON(_ order: [BarSpan]?) -> String? {
        order.map { JSONValue.strings($0).serialized() }
    }

    /// Reads `orderJSON(_:)` text back.
    static func order(_ text: String?) throws -> [BarSpan]? {
        guard let text else { return nil }
        do { return try JSONValue.array { value, _ in try JSONValue.barSpan(value) }(JSONReader.parse(text.utf8)) } catch {
            throw StorageError.corruptRow(table: "piece", reason: "order_json is not a list of bar runs: \(text)")
        }
    }

    /// The pieces in programme order.
    static func pieces(in db: Database) throws -> [Piece] {
        try Row.fetchAll(db, sql: "SELECT rowid AS rowid, * FROM piece ORDER BY seq").map { row in
            let reader = RowReader(row: row, table: "piece")
            do {
                return Piece(title: try reader.string("title"), firstBar: try BarNumber(try reader.string("first_bar")),
                             lastBar: try BarNumber(try reader.string("last_bar")), key: try reader.optionalString("key"),
                             prefix: try reader.optionalString("prefix"), order: try order(try reader.optionalString("order_json")),
                             score: try reader.optionalInt("score"),
                             extra: try extra(try reader.optionalString("extra_json"), table: "piece"))
            } catch let error as LayoutError {
                throw StorageError.corruptRow(table: "piece", reason: error.description)
            } catch let error as RowDamage {
                throw StorageError.corruptRow(table: "piece", reason: error.description)
            }
        }
    }

    // MARK: Takes

    /// Inserts a take made at position `seq`.
    static func insert(_ take: Take, seq: Int, in db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO take (seq, number, label, start_page, start_x, start_y, end_page, end_x, end_y,
                              source, record_start, fps, note, deleted, extra_json, tablet_offset, started_at, media_json,
                              start_pass, end_pass, device, placed_json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                seq, take.number, take.label, take.start.page, take.start.x, take.start.y,
                take.end?.page, take.end?.x, take.end?.y, take.source, take.recordStart, take.fps,
                take.note, take.deleted, extraJSON(take.extra), take.tabletOffset, take.startedAt, take.media?.jsonText,
                take.start.pass, take.end?.pass, take.device, take.placement?.jsonText,
            ])
    }

    /// A take from a `take` row; a damaged value that can be done without is repaired and noted in `repairs`.
    ///
    /// - Throws: `RowDamage` when the number or the start cannot be read.
    static func take(_ row: Row, repairs: inout [String]) throws -> Take {
        let reader = RowReader(row: row, table: "take")
        let number = try reader.int("number")
        let start = try reader.position("start")
        var take = Take(
            number: number, label: repairing(&repairs, String(number), "read as \(number)") { try reader.string("label") },
            start: start, end: repairing(&repairs, nil, "the take is read as open") { try reader.optionalPosition("end") },
            source: repairing(&repairs, nil, "read without a source") { try reader.optionalString("source") },
            recordStart: repairing(&repairs, nil, "read without a record start") { try reader.optionalString("record_start") },
            fps: repairing(&repairs, nil, "read without a frame rate") { try reader.optionalDouble("fps") },
            note: repairing(&repairs, "", "read without a note") { try reader.optionalString("note") ?? "" },
            deleted: repairing(&repairs, false, "the take is read as not deleted") { try reader.bool("deleted") },
            extra: repairing(&repairs, ExtraFields(), "its unknown members are left out") {
                try extra(try reader.optionalString("extra_json"), table: "take")
            },
            tabletOffset: repairing(&repairs, nil, "read without a tablet offset") { try reader.optionalDouble("tablet_offset") },
            startedAt: repairing(&repairs, nil, "read without a start time") { try reader.optionalString("started_at") },
            media: repairing(&repairs, nil, "read without its linked media") { try media(try reader.optionalString("media_json")) },
            device: repairing(&repairs, nil, "read without its device") { try reader.optionalString("device") })
        take.placement = repairing(&repairs, nil, "read without its placement from audio") { try placement(try reader.optionalString("placed_json")) }
        return take
    }

    /// The placement from audio stored as `placed_json`.
    static func placement(_ text: String?) throws -> AudioPlacement? {
        guard let text else { return nil }
        do { return try AudioPlacement(json: text) } catch {
            throw StorageError.corruptRow(table: "take", reason: "placed_json is not a placement from audio: \(error)")
        }
    }

    /// A take from a `take` row, for an edit: damage that `take(_:repairs:)` cannot mend is a `corruptRow`.
    static func take(_ row: Row) throws -> Take {
        var repairs: [String] = []
        do { return try take(row, repairs: &repairs) } catch let error as RowDamage {
            throw StorageError.corruptRow(table: "take", reason: error.description)
        }
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
        try Row.fetchAll(db, sql: "SELECT rowid AS rowid, * FROM take ORDER BY seq").map(take)
    }

    // MARK: Marks

    /// Inserts a mark made at position `seq`.
    static func insert(_ mark: Mark, seq: Int, in db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO mark (id, seq, take, kind, value, problem, at_page, at_x, at_y, to_page, to_x, to_y,
                              time, colour, text, deleted, extra_json, at_pass, to_pass, points_json, device)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                mark.id, seq, mark.take, mark.kind.name, mark.kind.rating, mark.kind.problem?.name,
                mark.at.page, mark.at.x, mark.at.y, mark.to?.page, mark.to?.x, mark.to?.y,
                mark.time, mark.colour, mark.text, mark.deleted, extraJSON(mark.extra), mark.at.pass, mark.to?.pass,
                pointsJSON(mark.points), mark.device,
            ])
    }

    /// A mark from a `mark` row; a damaged value that can be done without is repaired and noted in `repairs`.
    ///
    /// - Throws: `RowDamage` when the id, take, kind (with its value or problem) or position cannot be read.
    static func mark(_ row: Row, repairs: inout [String]) throws -> Mark {
        let reader = RowReader(row: row, table: "mark")
        let id = try reader.int("id")
        let kindName = try reader.string("kind")
        let kind: MarkKind
        switch kindName {
        case "rating":
            guard let value = try reader.optionalInt("value") else { throw reader.damage("value", "NULL where rating mark \(id) needs its value") }
            kind = .rating(value)
        case "problem":
            guard let problem = try reader.optionalString("problem") else { throw reader.damage("problem", "NULL where problem mark \(id) needs its problem") }
            kind = .problem(ProblemKind(problem))
        case "edit-point": kind = .editPoint
        case "text": kind = .text
        case "ink": kind = .ink
        default: throw reader.damage("kind", "mark \(id) has unknown kind '\(kindName.prefix(40))'")
        }
        let at = try reader.position("at")
        let stroke = try kind == .ink ? points(reader) : []
        return Mark(id: id, take: try reader.int("take"), kind: kind, at: at,
                    to: repairing(&repairs, nil, "the mark is read as a point") { try reader.optionalPosition("to") },
                    time: repairing(&repairs, nil, "read without a time") { try reader.optionalDouble("time") },
                    colour: repairing(&repairs, nil, "read without a colour") { try reader.optionalString("colour") },
                    text: repairing(&repairs, nil, "read without a text") { try reader.optionalString("text") },
                    deleted: repairing(&repairs, false, "the mark is read as not deleted") { try reader.bool("deleted") },
                    extra: repairing(&repairs, ExtraFields(), "its unknown members are left out") {
                        try extra(try reader.optionalString("extra_json"), table: "mark")
                    },
                    points: stroke,
                    device: repairing(&repairs, nil, "read without its device") { try reader.optionalString("device") })
    }

    /// An ink stroke as `[[x, y], …]` text; nil for no points.
    static func pointsJSON(_ points: [InkPoint]) -> String? {
        points.isEmpty ? nil : Session.inkTree(points).serialized()
    }

    /// An ink mark's stroke from `points_json` (a stroke that cannot be read leaves the mark out: it is nothing without it).
    static func points(_ reader: RowReader) throws -> [InkPoint] {
        guard let text = try reader.optionalString("points_json") else { throw reader.damage("points_json", "NULL where an ink mark needs its stroke") }
        do {
            return try JSONValue.array(Session.inkPoint)(JSONReader.parse(text.utf8))
        } catch {
            throw reader.damage("points_json", "not a stroke [[x, y], …]: \(error)")
        }
    }

    /// A mark from a `mark` row, for an edit: damage that `mark(_:repairs:)` cannot mend is a `corruptRow`.
    static func mark(_ row: Row) throws -> Mark {
        var repairs: [String] = []
        do { return try mark(row, repairs: &repairs) } catch let error as RowDamage {
            throw StorageError.corruptRow(table: "mark", reason: error.description)
        }
    }

    /// Every mark in the order they were made.
    static func marks(in db: Database) throws -> [Mark] {
        try Row.fetchAll(db, sql: "SELECT rowid AS rowid, * FROM mark ORDER BY seq").map(mark)
    }
}
