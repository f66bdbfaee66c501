import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreLayout
import Storage

/// The SESSION argument of the session commands: a `.json` session document or a `.sqlite` database.
struct SessionFile: ParsableArguments {
    @Argument(help: "The session: a .json document (tonmeister-session/1) or a .sqlite database.")
    var session: String

    @Flag(help: "Refuse a session that needs a repair (touching bars, marks outside their take, backward ranges) instead of repairing it with a warning.")
    var strict = false

    /// The session on disk.
    func store() throws -> SessionStore { try SessionStore(path: session) }

    /// The reading mode `--strict` asks for.
    var mode: ReadingMode { strict ? .strict : .lenient }

    /// Reads the session, repairing it with warnings (recorded for the answer) unless `--strict`.
    func load() throws -> Session { try Self.load(session, mode: mode) }

    /// Reads the session at `path`, recording the warnings of its repairs in `WarningLog`.
    static func load(_ path: String, mode: ReadingMode = .lenient) throws -> Session {
        let reading = try SessionStore(path: path).read(mode: mode)
        WarningLog.shared.record(reading.warnings)
        return reading.session
    }
}

/// A position on the score given as `--page`, `--x`, `--y` (PDF points from the top-left of the page).
struct PositionOptions: ParsableArguments {
    @Option(help: "The page (1-based).")
    var page: Int

    @Option(help: "x in PDF points from the left edge.")
    var x: Double

    @Option(help: "y in PDF points from the top edge.")
    var y: Double

    var position: ScorePosition { ScorePosition(page: page, x: x, y: y) }

    func validate() throws {
        if page < 1 { throw ValidationError("--page must be 1 or more") }
        if !x.isFinite || !y.isFinite { throw ValidationError("--x and --y must be numbers") }
    }
}

/// JSON of a take and of a mark, as the session document writes them.
extension Take {
    var summaryJSON: JSONValue {
        var fields: [(String, JSONValue)] = [("number", .int(number)), ("label", .string(label)),
                                             ("start", Self.json(start))]
        if let end { fields.append(("end", Self.json(end))) }
        fields.append(("open", .bool(end == nil)))
        return .object(fields)
    }

    static func json(_ p: ScorePosition) -> JSONValue { ["page": .int(p.page), "x": .double(p.x), "y": .double(p.y)] }
}
