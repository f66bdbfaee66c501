import Foundation
import ScoreLayout
import TonmeisterSupport

/// Writing the session JSON (`"format": "tonmeister-session/1"`, DESIGN §6) with a stable key order.
extension Session {
    /// The session JSON document.
    ///
    /// Keys in order: `format`, `title`, `score`, `layout` (when known) — with several scores `scores` instead, each
    /// `{"file","sha256","music"?,"pages","layout"?}` and every position `{"score","page",…}` — `numbering`, `pieces`,
    /// `takes`, `marks`, `history` (when not empty), `clockOffset`, `crossfade`, `defaultRating` (when set), then unknown
    /// top-level members. Takes: `number`, `label`, `start`, `end`,
    /// `source`, `recordStart`, `fps`, `tabletOffset`, `startedAt`, `media`, `placed`, `note`, `deleted` (only when true). Marks: `take`, `kind`,
    /// `value` (ratings), `problem` (problems), `at`, `to`, `text`, `time`, `colour`, `id` (only
    /// when it differs from the mark's 1-based position, the id a reader assumes without it),
    /// `deleted` (only when true). Absent optionals are omitted; unknown members follow the known
    /// keys in their original order. A whole-number frame rate is written as an integer (`25`).
    /// Reading the output and writing it again gives the same bytes.
    public func jsonData(pretty: Bool = false) -> Data {
        Data(jsonText(pretty: pretty).utf8)
    }

    /// The session JSON as text (see `jsonData(pretty:)`).
    public func jsonText(pretty: Bool = false) -> String {
        jsonTree.serialized(pretty: pretty)
    }

    var jsonTree: JSONValue {
        ScorePageContext.$current.withValue(hasSeveralScores ? scorePages : nil) { documentTree }
    }

    /// A score: `{"file","sha256","music"?,"pages"?}`.
    private static func tree(_ score: ScoreReference) -> [(String, JSONValue)] {
        [("file", .string(score.file)), ("sha256", .string(score.sha256))]
            + (score.music.map { [("music", JSONValue.string($0))] } ?? []) + (score.pages.map { [("pages", JSONValue.int($0))] } ?? [])
    }

    private var documentTree: JSONValue {
        var members: [(String, JSONValue)] = [("format", .string(Self.format)), ("title", .string(title))]
        if hasSeveralScores {
            members.append(("scores", .array(scores.indices.map { index in
                .object(Self.tree(scores[index]) + (layout(ofScore: index).map { [("layout", $0.jsonTree)] } ?? []))
            })))
        } else {
            members.append(("score", .object(Self.tree(score))))
            if let layout { members.append(("layout", layout.jsonTree)) }
        }
        members.append(("numbering", .object([
            ("first", .int(numbering.first)),
            ("prefixPerPiece", .bool(numbering.prefixPerPiece)),
            ("continuous", .bool(numbering.continuous)),
        ])))
        members.append(("pieces", .array(pieces.map(Self.tree))))
        members.append(("takes", .array(takes.map(Self.tree))))
        members.append(("marks", .array(marks.enumerated().map { Self.tree($1, position: $0 + 1) })))
        if !history.isEmpty {
            members.append(("history", .array(history.indices.map { Self.tree(history[$0], device: deviceOfHistory($0)) })))
        }
        if let clockOffset { members.append(("clockOffset", .double(clockOffset))) }
        if let crossfade { members.append(("crossfade", .double(crossfade))) }
        if let defaultRating { members.append(("defaultRating", .int(defaultRating))) }
        return .object(members + Self.tree(extra))
    }

    /// A position; in a session of several scores (while its JSON is written) `{"score","page",…}` with the page in its score.
    static func tree(_ position: ScorePosition) -> JSONValue {
        guard let pages = ScorePageContext.current, case .object(let members) = position.jsonTree else { return position.jsonTree }
        let (score, page) = pages.scorePage(position.page)
        return .object([("score", .int(score))] + members.map { ($0.0, $0.0 == "page" ? JSONValue.int(page) : $0.1) })
    }

    static func tree(_ piece: Piece) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("title", .string(piece.title)),
            ("firstBar", .string(piece.firstBar.description)),
            ("lastBar", .string(piece.lastBar.description)),
        ]
        if let key = piece.key { members.append(("key", .string(key))) }
        if let prefix = piece.prefix { members.append(("prefix", .string(prefix))) }
        if let order = piece.order { members.append(("order", .strings(order))) }
        if let score = piece.score { members.append(("score", .int(score))) }
        return .object(members + tree(piece.extra))
    }

    static func tree(_ take: Take) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("number", .int(take.number)),
            ("label", .string(take.label)),
            ("start", tree(take.start)),
        ]
        if let end = take.end { members.append(("end", tree(end))) }
        if let source = take.source { members.append(("source", .string(source))) }
        if let recordStart = take.recordStart { members.append(("recordStart", .string(recordStart))) }
        if let fps = take.fps { members.append(("fps", number(fps))) }
        if let offset = take.tabletOffset { members.append(("tabletOffset", .double(offset))) }
        if let startedAt = take.startedAt { members.append(("startedAt", .string(startedAt))) }
        if let media = take.media { members.append(("media", media.jsonTree)) }
        if let placement = take.placement { members.append(("placed", placement.jsonTree)) }
        members.append(("note", .string(take.note)))
        if let device = take.device { members.append(("device", .string(device))) }
        if take.deleted { members.append(("deleted", .bool(true))) }
        return .object(members + tree(take.extra))
    }

    static func tree(_ mark: Mark, position: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [("take", .int(mark.take)), ("kind", .string(mark.kind.name))]
        switch mark.kind {
        case .rating(let value): members.append(("value", .int(value)))
        case .problem(let kind): members.append(("problem", .string(kind.name)))
        case .editPoint, .text, .ink: break
        }
        members.append(("at", tree(mark.at)))
        if let to = mark.to { members.append(("to", tree(to))) }
        if let text = mark.text { members.append(("text", .string(text))) }
        if let time = mark.time { members.append(("time", .double(time))) }
        if let colour = mark.colour { members.append(("colour", .string(colour))) }
        if !mark.points.isEmpty { members.append(("points", inkTree(mark.points))) }
        if let device = mark.device { members.append(("device", .string(device))) }
        if mark.id != position { members.append(("id", .int(mark.id))) }
        if mark.deleted { members.append(("deleted", .bool(true))) }
        return .object(members + tree(mark.extra))
    }

    /// An ink stroke as `[[x, y], …]`.
    package static func inkTree(_ points: [InkPoint]) -> JSONValue {
        .array(points.map { .array([.double($0.x), .double($0.y)]) })
    }

    /// A history entry; `device`, when known, is its last member.
    static func tree(_ action: SessionAction, device: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("action", .string(action.name))]
        if let take = action.take { members.append(("take", .int(take))) }
        if let mark = action.mark { members.append(("mark", .int(mark))) }
        switch action {
        case .takeEnded(_, let previousEnd?): members.append(("previousEnd", tree(previousEnd)))
        case .noteChanged(_, let previousNote): members.append(("previousNote", .string(previousNote)))
        case .takeRenumbered(_, let number, let label):
            members += [("previousNumber", .int(number)), ("previousLabel", .string(label))]
        case .markMoved(_, let at, let to):
            members.append(("previousAt", tree(at)))
            if let to { members.append(("previousTo", tree(to))) }
        case .markChanged(_, let kind, let text):
            members.append(("previousKind", .string(kind.name)))
            if let value = kind.rating { members.append(("previousValue", .int(value))) }
            if let problem = kind.problem { members.append(("previousProblem", .string(problem.name))) }
            if let text { members.append(("previousText", .string(text))) }
        case .clockChanged(let change): members.append(("previous", change.jsonTree))
        case .programmeChanged(let change): members.append(("previous", change.jsonTree))
        default: break
        }
        if let device { members.append(("device", .string(device))) }
        return .object(members)
    }

    /// Unknown members as JSON values (text that does not parse is kept as a string).
    static func tree(_ extra: ExtraFields) -> [(String, JSONValue)] {
        extra.members.map { member in
            (member.key, (try? JSONReader.parse(member.json.utf8)) ?? .string(member.json))
        }
    }

    /// A whole number within ±2⁵³ as an integer, anything else as a double.
    static func number(_ value: Double) -> JSONValue {
        if value.isFinite, value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return .int(Int(value)) }
        return .double(value)
    }
}
