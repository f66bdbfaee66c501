import ScoreLayout

/// An error raised by RecordingProtocol when a session, a take, a mark or a session document is invalid.
///
/// Every description names the take (by number and label), the mark (by id) or the JSON field
/// (by path such as `takes[2].start.page`) and the offending value, so that a producer can find
/// the mistake in the session.
public enum ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The session document could not be read; `path` names the field (`top level` for the document itself).
    case invalidJSON(path: String, reason: String)
    /// The document's `format` is not `tonmeister-session/1`.
    case unsupportedFormat(String)
    /// The session's layout is invalid (the layout's own error text).
    case invalidLayout(reason: String)
    /// A piece of the programme is invalid (0-based index in `pieces`).
    case invalidPiece(index: Int, title: String, reason: String)
    /// The take-numbering scheme is invalid.
    case invalidNumbering(reason: String)
    /// Two takes share a number.
    case duplicateTake(number: Int)
    /// No take has this number.
    case takeNotFound(number: Int)
    /// The take is soft-deleted and cannot be changed or marked.
    case takeDeleted(number: Int)
    /// A take cannot be given that number or label.
    case invalidRenumber(take: Int, reason: String)
    /// A take's end comes before its start in score order.
    case takeEndsBeforeStart(take: Int, label: String, start: ScorePosition, end: ScorePosition)
    /// A position cannot be used: `what` names it (such as `take 3 (A3) start`).
    case invalidPosition(what: String, position: ScorePosition, reason: String)
    /// A take's record-start timecode is not `HH:MM:SS:FF`.
    case invalidTimecode(take: Int, text: String, reason: String)
    /// A take's frame rate is not a positive finite number up to 120.
    case invalidFrameRate(take: Int, fps: Double)
    /// A clock setting cannot be used: a take's offset or start time, the session's clock offset, crossfade or default rating.
    case invalidClock(what: String, reason: String)
    /// Two marks share an id.
    case duplicateMark(id: Int)
    /// No mark has this id.
    case markNotFound(id: Int)
    /// The mark is soft-deleted already.
    case markDeleted(id: Int)
    /// A mark refers to a take that does not exist.
    case markForUnknownTake(mark: Int, take: Int)
    /// A rating mark's value is outside 1…5.
    case ratingOutOfRange(mark: Int, take: Int, value: Int)
    /// A problem mark names no problem (an empty user symbol).
    case invalidProblem(mark: Int, reason: String)
    /// An ink mark's stroke is unusable (too few or too many points, a coordinate not finite or below 0, points on a non-ink mark).
    case invalidInk(mark: Int, reason: String)
    /// A mark's range ends (`to`) before it starts (`at`).
    case markRangeReversed(mark: Int, at: ScorePosition, to: ScorePosition)
    /// A mark lies before its take's start or after its end.
    case markOutsideTake(mark: Int, take: Int, label: String, position: ScorePosition, reason: String)
    /// A mark's time is negative, not finite or beyond `SessionLimits.maxSeconds`.
    case invalidMarkTime(mark: Int, time: Double)
    /// A number from outside (a take number, a mark id) lies outside the range Tonmeister accepts (`SessionLimits`).
    case outOfRange(what: String, value: Int, range: ClosedRange<Int>)
    /// The query needs a layout and the session has none.
    case noLayout(reason: String)
    /// No bar of the layout has this number.
    case barNotFound(String)
    /// The playing order goes through a bar fewer times than the pass asked for.
    case passNotFound(bar: String, pass: Int, passes: Int)
    /// A bar address (`12`, `12/2`) cannot be read; `reason` is the whole sentence, naming the text.
    case invalidBarAddress(String, reason: String)
    /// A bar range runs backwards in score order.
    case invalidBarRange(from: String, to: String)
    /// The piece index is not part of the programme.
    case pieceNotFound(index: Int, count: Int)
    /// The session's history of actions is inconsistent (an unknown action, or one naming a take or mark that does not exist).
    case invalidHistory(reason: String)
    /// `undo` was asked for and the history is empty.
    case nothingToUndo
    /// Undo was asked for the newest action of a device that has none left in the history.
    case nothingToUndoBy(device: String)
    /// A take cannot be placed in time: `reason` says what is missing (a timed mark, a timecode, a frame rate).
    case missingTiming(take: Int, label: String, reason: String)
    /// No piece of the programme has this number or title (`titles` lists the programme).
    case unknownPiece(String, titles: [String])
    /// An edit-plan option is out of range: `option` names it (such as `splice penalty`).
    case invalidPlanOption(option: String, reason: String)
    /// The layout has no bars, so there is nothing to split into segments.
    case noBars(reason: String)
    /// `--strict` was asked for and reading or exporting needed a repair (`kind` is the warning's kind).
    case strictWarning(kind: String, message: String)
    /// `session rescore --undo` cannot move the session back (no backup of a rescore, or the session moved on since).
    case cannotUndoRescore(reason: String)
    /// A score index (0-based) that the session does not have, or (`reason`) what is wrong with one it has, such as a
    /// page past its end.
    case scoreNotFound(index: Int, count: Int, reason: String)

    public var description: String {
        switch self {
        case .invalidJSON(let path, let reason):
            return "invalid session JSON: \(path): \(reason)"
        case .unsupportedFormat(let format):
            if format.hasPrefix("tonmeister-session/") {
                return "unsupported session format version '\(format)': this version reads tonmeister-session/1"
            }
            return "not a Tonmeister session: format is '\(format)', expected 'tonmeister-session/1'"
        case .invalidLayout(let reason):
            return "invalid session layout: \(reason)"
        case .invalidPiece(let index, let title, let reason):
            return "piece \(index + 1) ('\(title)'): \(reason)"
        case .invalidNumbering(let reason):
            return "invalid take numbering: \(reason)"
        case .duplicateTake(let number):
            return "take number \(number) is used more than once"
        case .takeNotFound(let number):
            return "there is no take \(number)"
        case .takeDeleted(let number):
            return "take \(number) is deleted"
        case .invalidRenumber(let take, let reason):
            return "take \(take) cannot be renumbered: \(reason)"
        case .takeEndsBeforeStart(let take, let label, let start, let end):
            return "take \(Self.name(take, label)) ends at \(end), before its start at \(start)"
        case .invalidPosition(let what, let position, let reason):
            return "\(what) at \(position): \(reason)"
        case .invalidTimecode(let take, let text, let reason):
            return "take \(take): record start '\(text)' is not a timecode HH:MM:SS:FF: \(reason)"
        case .invalidFrameRate(let take, let fps):
            return "take \(take): frame rate \(fps) must be a number above 0 and at most 120"
        case .invalidClock(let what, let reason):
            return "\(what): \(reason)"
        case .duplicateMark(let id):
            return "mark id \(id) is used more than once"
        case .markNotFound(let id):
            return "there is no mark \(id)"
        case .markDeleted(let id):
            return "mark \(id) is deleted"
        case .markForUnknownTake(let mark, let take):
            return "mark \(mark) belongs to take \(take), which does not exist"
        case .ratingOutOfRange(let mark, let take, let value):
            return "mark \(mark) on take \(take): rating \(value) is outside 1…5"
        case .invalidProblem(let mark, let reason), .invalidInk(let mark, let reason):
            return "mark \(mark): \(reason)"
        case .markRangeReversed(let mark, let at, let to):
            return "mark \(mark) runs backwards: it ends at \(to), before it starts at \(at)"
        case .markOutsideTake(let mark, let take, let label, let position, let reason):
            return "mark \(mark) at \(position) lies outside take \(Self.name(take, label)): \(reason)"
        case .invalidMarkTime(let mark, let time):
            return "mark \(mark): time \(time) must be a finite number of seconds from 0 to \(Int(SessionLimits.maxSeconds))"
        case .outOfRange(let what, let value, let range):
            return "\(what) \(value) is outside \(SessionLimits.describe(range))"
        case .noLayout(let reason):
            return "the session has no layout: \(reason)"
        case .invalidBarAddress(_, let reason):
            return reason
        case .passNotFound(let bar, let pass, let passes):
            let times = passes == 1 ? "once" : passes == 2 ? "twice" : "\(passes) times"
            return "bar \(bar) has no pass \(pass): the playing order goes through it \(times)"
        case .barNotFound(let bar):
            return "bar \(bar) is not in the layout"
        case .invalidBarRange(let from, let to):
            return "bar range \(from)…\(to) runs backwards in the score"
        case .pieceNotFound(let index, let count):
            return "there is no piece \(index + 1) (the programme has \(count) piece\(count == 1 ? "" : "s"))"
        case .invalidHistory(let reason):
            return "invalid session history: \(reason)"
        case .nothingToUndo:
            return "nothing to undo: the session's history is empty"
        case .nothingToUndoBy(let device):
            return "nothing to undo: device \(device) has no action left in the session's history"
        case .strictWarning(_, let message):
            return "--strict refuses what reading would repair or estimate: \(message)"
        case .cannotUndoRescore(let reason):
            return "cannot undo the rescore: \(reason)"
        case .scoreNotFound(let index, let count, let reason):
            if (0..<count).contains(index), !reason.isEmpty { return "score \(index): \(reason)" }
            return "there is no score \(index) (the session has \(count) score\(count == 1 ? "" : "s"), numbered from 0)"
                + (reason.isEmpty ? "" : ": \(reason)")
        case .missingTiming(let take, let label, let reason):
            return "take \(Self.name(take, label)) cannot be placed in time: \(reason)"
        case .unknownPiece(let name, let titles):
            if titles.isEmpty { return "there is no piece '\(name)': the session has no programme" }
            let list = titles.enumerated().map { "\($0.offset + 1) '\($0.element)'" }.joined(separator: ", ")
            return "there is no piece '\(name)' (the programme: \(list))"
        case .invalidPlanOption(let option, let reason):
            return "edit plan: \(option) \(reason)"
        case .noBars(let reason):
            return "the layout has no bars: \(reason)"
        }
    }

    /// `3` or `3 (A3)` when the label differs from the number.
    private static func name(_ number: Int, _ label: String) -> String {
        label == String(number) || label.isEmpty ? "\(number)" : "\(number) (\(label))"
    }
}
