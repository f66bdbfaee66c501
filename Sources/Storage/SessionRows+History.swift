import GRDB
import RecordingProtocol
import ScoreLayout
import TonmeisterSupport

/// Rows of the `action` table: the session's history of user actions.
extension SessionRows {
    /// Appends an action made by `device` at `time` (default now) to the history (its id is one more than the highest so far).
    static func insert(_ action: SessionAction, device: String?, time: String? = SessionSchema.actionTime(), in db: Database) throws {
        var previousEnd: ScorePosition?
        var previousNote: String?
        switch action {
        case .takeEnded(_, let end): previousEnd = end
        case .noteChanged(_, let note): previousNote = note
        default: break
        }
        let previous = action.previousState
        try db.cachedStatement(sql: """
            INSERT INTO action (kind, take, mark, previous_end_page, previous_end_x, previous_end_y, previous_note,
                                previous_number, previous_label, previous_at_page, previous_at_x, previous_at_y,
                                previous_to_page, previous_to_x, previous_to_y, previous_kind, previous_value, previous_problem, previous_text,
                                previous_json, previous_end_pass, previous_at_pass, previous_to_pass, device, made_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                action.name, action.take, action.mark, previousEnd?.page, previousEnd?.x, previousEnd?.y, previousNote,
                previous.number, previous.label, previous.at?.page, previous.at?.x, previous.at?.y,
                previous.to?.page, previous.to?.x, previous.to?.y, previous.kind, previous.value, previous.problem, previous.text,
                previous.clock?.jsonTree.serialized() ?? previous.programme?.jsonTree.serialized(), previousEnd?.pass, previous.at?.pass, previous.to?.pass, device, time,
            ])
    }

    /// An action from an `action` row.
    static func action(_ row: Row) throws -> SessionAction {
        let reader = RowReader(row: row, table: "action")
        do {
            let kind = try reader.string("kind"), json = try reader.optionalString("previous_json")
            let previous = SessionAction.PreviousState(
                number: try reader.optionalInt("previous_number"), label: try reader.optionalString("previous_label"),
                at: try reader.optionalPosition("previous_at"), to: try reader.optionalPosition("previous_to"),
                kind: try reader.optionalString("previous_kind"), value: try reader.optionalInt("previous_value"),
                problem: try reader.optionalString("previous_problem"), text: try reader.optionalString("previous_text"),
                clock: try kind == "programme" ? nil : clockChange(json), programme: try kind == "programme" ? programmeChange(json) : nil)
            return try SessionAction(name: kind, take: try reader.optionalInt("take"), mark: try reader.optionalInt("mark"),
                                     previousEnd: try reader.optionalPosition("previous_end"),
                                     previousNote: try reader.optionalString("previous_note"), previous: previous)
        } catch let error as ProtocolError {
            throw StorageError.corruptRow(table: "action", reason: "action \((try? reader.optionalInt("id")).flatMap { $0 } ?? 0): \(error.description)")
        } catch let error as RowDamage {
            throw StorageError.corruptRow(table: "action", reason: error.description)
        }
    }

    /// A clock action's previous clocks from `previous_json`.
    static func clockChange(_ text: String?) throws -> ClockChange? {
        guard let text else { return nil }
        do { return try ClockChange(jsonTree: try JSONReader.parse(text.utf8)) } catch {
            throw ProtocolError.invalidHistory(reason: "previous_json is not a clock change: \(error)")
        }
    }

    /// A programme action's previous pieces and numbering from `previous_json`.
    static func programmeChange(_ text: String?) throws -> ProgrammeChange? {
        guard let text else { return nil }
        do { return try ProgrammeChange(jsonTree: try JSONReader.parse(text.utf8)) } catch {
            throw ProtocolError.invalidHistory(reason: "previous_json is not a programme change: \(error)")
        }
    }

    /// The session's clock offset, crossfade and default rating from its row.
    ///
    /// A damaged value is left unset and noted in `repairs`.
    static func readClockSettings(_ reader: RowReader, into session: inout Session, repairs: inout [String]) {
        session.clockOffset = repairing(&repairs, nil, "read without a clock offset") { try reader.optionalDouble("clock_offset") }
        session.crossfade = repairing(&repairs, nil, "read without a crossfade") { try reader.optionalDouble("crossfade") }
        session.defaultRating = repairing(&repairs, nil, "read without a default rating") { try reader.optionalInt("default_rating") }
        session.score.music = repairing(&repairs, nil, "read without the score's notes") { try reader.optionalString("score_music") }
    }

    /// The whole history, oldest first, with the device of each entry (nil when unknown).
    static func history(in db: Database) throws -> (actions: [SessionAction], devices: [String?]) {
        let rows = try Row.fetchAll(db, sql: "SELECT rowid AS rowid, * FROM action ORDER BY id")
        return (try rows.map(action), rows.map { $0["device"] as String? })
    }
}
