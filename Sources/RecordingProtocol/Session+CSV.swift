import ScoreLayout
import TonmeisterSupport

/// CSV export of a session's takes and marks for spreadsheets (RFC 4180).
///
/// Two tables, each with a header row and CRLF line ends:
/// - `takesCSV()`: `number,label,start_page,start_x,start_y,end_page,end_x,end_y,open,from_bar,to_bar,source,record_start,fps,note`,
///   one row per live take in session order. `to_bar` and the end columns are empty for an open take.
/// - `marksCSV()`: `id,take,kind,value,problem,page,x,y,to_page,to_x,to_y,bar,time,text,colour,deleted,points,device`,
///   one row per mark of a live take in session order, soft-deleted marks included (`deleted` is `true`).
///   `value` is the rating, `problem` the problem name; `bar` is the bar at the mark's start; `points` an ink mark's
///   stroke as `x y` pairs separated by `;`; `device` the device that made the mark.
///
/// Bars are resolved through the layout when the session has one (empty otherwise, or when a
/// position falls outside it). Numbers are written in their shortest form (`25`, `386.4`), booleans
/// as `true`/`false`, missing values as empty fields. A field holding a comma, a double quote, CR or
/// LF is quoted, with its quotes doubled.
extension Session {
    /// The header of `takesCSV()`.
    public static let takesCSVHeader = [
        "number", "label", "start_page", "start_x", "start_y", "end_page", "end_x", "end_y", "open",
        "from_bar", "to_bar", "source", "record_start", "fps", "note",
    ]

    /// The header of `marksCSV()`.
    public static let marksCSVHeader = [
        "id", "take", "kind", "value", "problem", "page", "x", "y", "to_page", "to_x", "to_y",
        "bar", "time", "text", "colour", "deleted", "points", "device",
    ]

    /// The live takes as CSV (header row first).
    public func takesCSV() -> String {
        var text = Self.csvRow(Self.takesCSVHeader)
        for take in liveTakes {
            text += Self.csvRow([
                String(take.number), take.label,
                String(take.start.page), Self.csvNumber(take.start.x), Self.csvNumber(take.start.y),
                take.end.map { String($0.page) } ?? "", take.end.map { Self.csvNumber($0.x) } ?? "",
                take.end.map { Self.csvNumber($0.y) } ?? "", String(take.isOpen),
                barName(at: take.start) ?? "", take.end.flatMap(barName(at:)) ?? "",
                take.source ?? "", take.recordStart ?? "", take.fps.map(Self.csvNumber) ?? "", take.note,
            ])
        }
        return text
    }

    /// The marks of live takes as CSV (header row first), soft-deleted marks included.
    public func marksCSV() -> String {
        let live = Set(liveTakes.map(\.number))
        var text = Self.csvRow(Self.marksCSVHeader)
        for mark in marks where live.contains(mark.take) {
            text += Self.csvRow([
                String(mark.id), String(mark.take), mark.kind.name,
                mark.kind.rating.map { String($0) } ?? "", mark.kind.problem?.name ?? "",
                String(mark.at.page), Self.csvNumber(mark.at.x), Self.csvNumber(mark.at.y),
                mark.to.map { String($0.page) } ?? "", mark.to.map { Self.csvNumber($0.x) } ?? "",
                mark.to.map { Self.csvNumber($0.y) } ?? "",
                barName(at: mark.at) ?? "", mark.time.map(Self.csvSeconds) ?? "",
                mark.text ?? "", mark.colour ?? "", String(mark.deleted),
                mark.points.map { Self.csvNumber($0.x) + " " + Self.csvNumber($0.y) }.joined(separator: ";"), mark.device ?? "",
            ])
        }
        return text
    }

    /// One CSV record: the fields quoted as needed, joined by commas, ended by CRLF.
    public static func csvRow(_ fields: [String]) -> String {
        fields.map(csvField).joined(separator: ",") + "\r\n"
    }

    /// A field as RFC 4180 writes it: quoted (with `"` doubled) when it holds `,`, `"`, CR or LF; else as is.
    public static func csvField(_ field: String) -> String {
        let needsQuotes = field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard needsQuotes else { return field }
        var quoted = "\""
        for character in field {
            if character == "\"" { quoted.append("\"") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// A number in its shortest form: integral values without a fraction (`25`), others as Swift prints them (`386.4`).
    /// A coordinate or rate with the precision it has (six decimals at most: `202.53`, not `202.52999999999997`).
    static func csvNumber(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        return PlainNumber.text(value, places: 6)
    }

    /// Seconds to the millisecond (`3.2`, `12.345`).
    static func csvSeconds(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        return PlainNumber.text(value, places: 3)
    }
}
