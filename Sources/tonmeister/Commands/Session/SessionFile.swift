import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreDocument
import ScoreLayout
import Storage
import TonmeisterSupport

/// The SESSION argument of the session commands: a `.json` session document or a `.sqlite` database.
struct SessionFile: ParsableArguments {
    @Argument(help: "The session: a .json document (tonmeister-session/1) or a .sqlite database.")
    var session: String

    @Flag(help: "Refuse a session that needs a repair (touching bars, marks outside their take, backward ranges) instead of repairing it with a warning.")
    var strict = false

    /// The session on disk (its score checked: see `scoreWarning(_:sessionPath:)`).
    func store() throws -> SessionStore {
        let store = try SessionStore(path: session)
        if let reference = store.scoreReference(), let warning = Self.scoreWarning(reference, sessionPath: session) {
            WarningLog.shared.record([warning])
        }
        return store
    }

    /// JSON built with positions written as the session JSON writes them: with several scores, each with its
    /// `score` and its page in that score (the session is read again, quietly; as built when it cannot be read).
    func positionsByScore(_ build: () -> JSONValue) -> JSONValue {
        guard let loaded = try? SessionStore(path: session).load(), loaded.hasSeveralScores else { return build() }
        return loaded.withScorePages(build)
    }

    /// The reading mode `--strict` asks for.
    var mode: ReadingMode { strict ? .strict : .lenient }

    /// Reads the session, repairing it with warnings (recorded for the answer) unless `--strict`.
    func load() throws -> Session { try Self.load(session, mode: mode) }

    /// Reads the session at `path`, recording the warnings of its repairs in `WarningLog`.
    static func load(_ path: String, mode: ReadingMode = .lenient) throws -> Session {
        let reading = try SessionStore(path: path).read(mode: mode)
        WarningLog.shared.record(reading.warnings + scoreWarnings(reading.session, sessionPath: path))
        return reading.session
    }

    /// The `score-changed` warning when the session's score file (found beside the session, or as written) is not
    /// the one it was made on (its SHA-256 differs); nil when it is, when the session records no SHA-256 or when
    /// the file is not found.
    static func scoreWarning(_ score: ScoreReference, sessionPath: String) -> SessionWarning? {
        guard !score.sha256.isEmpty, let path = scorePath(score, sessionPath: sessionPath),
              let data = FileManager.default.contents(atPath: path), SHA256.hex(data) != score.sha256 else { return nil }
        return .scoreChanged(path: path)
    }

    /// The `score-changed` warnings of every score of the session (see `scoreWarning(_:sessionPath:)`).
    static func scoreWarnings(_ session: Session, sessionPath: String) -> [SessionWarning] {
        session.scores.compactMap { scoreWarning($0, sessionPath: sessionPath) }
    }

    /// Where the session's score file is: beside the session file, else (older sessions) as written.
    static func scorePath(_ score: ScoreReference, sessionPath: String) -> String? {
        let beside = URL(fileURLWithPath: sessionPath).deletingLastPathComponent().appendingPathComponent(score.file).standardized.path
        let candidates = score.file.hasPrefix("/") ? [score.file] : [beside, score.file]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}

/// `--device ID`: the device an edit of the command line is recorded as made by, as the server records its
/// `X-Tonmeister-Device` header (on the history entry and on the take or mark it makes); without it, none.
struct DeviceOption: ParsableArguments {
    @Option(help: "The device this edit is made by (1 to 64 of A-Z a-z 0-9 . _ -), recorded on its history entry, take or mark as the server records a tablet's; undo undoes this device's newest action.")
    var device: String?

    func validate() throws {
        if let device, !Session.isValidDevice(device) {
            throw ValidationError("--device must be a device id: 1 to 64 of A-Z a-z 0-9 . _ -, not \"\(device)\"")
        }
    }

    /// The session on disk, edited as made by this device.
    func store(_ file: SessionFile) throws -> SessionStore {
        var store = try file.store()
        store.device = device
        return store
    }

    /// The answer `value` with `"device"` added (last) when one was given.
    func tagged(_ value: JSONValue) -> JSONValue {
        guard let device, case .object(let members) = value else { return value }
        return .object(members + [("device", .string(device))])
    }
}

/// A position on the score given as `--page`, `--x`, `--y` (PDF points from the top-left of the page), or as a bar:
/// `--bar 47` or `--bar 12/2` (its second pass), with `--at 0.5` for the point half way through it.
struct PositionOptions: ParsableArguments {
    @Option(help: "The page (1-based).")
    var page: Int?

    @Option(help: "x in PDF points from the left edge.")
    var x: Double?

    @Option(help: "y in PDF points from the top edge.")
    var y: Double?

    @Option(help: "With --page/--x/--y: the time through this point in the playing order (1-based; default 1).")
    var pass: Int?

    @Option(help: "Instead of --page/--x/--y: a bar, such as 47, or 12/2 for the second time through bar 12.")
    var bar: String?

    @Option(name: .customLong("at"), help: "With --bar: how far through the bar, from 0 (its left barline, the default) to 1.")
    var fraction: Double?

    @Option(help: "In a session of several scores: the score (0-based, default 0) whose --page is meant, or whose bars --bar looks in.")
    var score: Int?

    /// The position: the point given, or the bar's point found through the session's layout.
    ///
    /// - Throws: `ProtocolError` for a bar the layout does not have, a pass the playing order does not have, or a
    ///   score the session does not have (`--score`).
    func position(in session: () throws -> Session) throws -> ScorePosition {
        guard let bar else { return try Self.point(ScorePosition(page: page!, x: x!, y: y!, pass: pass), score: score, in: session) }
        return try session().position(of: try BarAddress(bar), fraction: fraction ?? 0, inScore: score)
    }

    /// The session position of a point on page `point.page` of score `score` (the point itself without a score).
    static func point(_ point: ScorePosition, score: Int?, in session: () throws -> Session) throws -> ScorePosition {
        guard let score else { return point }
        return try session().sessionPosition(point, score: score)
    }

    func validate() throws {
        try Self.check(page: page, x: x, y: y, bar: bar, fraction: fraction, pass: pass, prefix: "")
    }

    /// Checks one position's options: a whole point or a bar, not both, and `--at` only with a bar.
    static func check(page: Int?, x: Double?, y: Double?, bar: String?, fraction: Double?, pass: Int?, prefix: String) throws {
        let point = [page != nil, x != nil, y != nil]
        if bar != nil {
            if point.contains(true) || pass != nil {
                throw ValidationError("give --\(prefix)bar or --\(prefix)page/--\(prefix)x/--\(prefix)y, not both (a bar's pass is written --\(prefix)bar 12/2)")
            }
        } else {
            if !point.allSatisfy({ $0 }) { throw ValidationError("give a position: --\(prefix)page, --\(prefix)x and --\(prefix)y, or --\(prefix)bar") }
            if fraction != nil { throw ValidationError("--\(prefix)at goes with --\(prefix)bar") }
        }
        if let page, page < 1 { throw ValidationError("--\(prefix)page must be 1 or more") }
        if let x, !x.isFinite { throw ValidationError("--\(prefix)x must be a number") }
        if let y, !y.isFinite { throw ValidationError("--\(prefix)y must be a number") }
        if let pass, !(1...PlayingOrder.maxPasses).contains(pass) {
            throw ValidationError("--\(prefix)pass must be from 1 to \(PlayingOrder.maxPasses)")
        }
        if let fraction, !(fraction.isFinite && (0...1).contains(fraction)) {
            throw ValidationError("--\(prefix)at must be from 0 (the bar's start) to 1 (its end), not \(fraction)")
        }
        if let bar {
            do { _ = try BarAddress(bar) } catch { throw ValidationError("--\(prefix)bar: \(error)") }
        }
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

    /// A position as the session JSON writes it (with several scores, inside `Session.withScorePages`: its score and own page).
    static func json(_ p: ScorePosition) -> JSONValue { Session.positionTree(p) }
}
