import Foundation
import ScoreLayout
import TonmeisterSupport

/// Reading the session JSON (`"format": "tonmeister-session/1"`, DESIGN §6).
extension Session {
    /// Reads a session document and validates it.
    ///
    /// Required: `format` (exactly `tonmeister-session/1`), `title`, `score.file`; per piece
    /// `title`, `firstBar`, `lastBar`; per take `number` and `start`; per mark `take`, `kind`,
    /// `at`, and `value` for ratings and `problem` for problems. Everything else may be omitted
    /// (or `null`): `history` defaults to empty, `numbering` defaults to 1, 2, 3… continuous without prefixes, a take's `label`
    /// to its number and `note` to "", a mark's `id` to its 1-based position in `marks`. Unknown
    /// members of the document, pieces, takes and marks are kept in `extra` and written back;
    /// unknown members inside `score`, `numbering`, positions and `layout` are dropped.
    ///
    /// - Throws: `ProtocolError.invalidJSON` naming the field path and what was expected (or "not
    ///   valid JSON"), `.unsupportedFormat` naming the format, or the errors of `validate()`.
    public init(json: Data) throws {
        try self.init(unvalidatedJSON: json)
        try validate()
    }

    /// Reads a session document without `validate()` (the structure and types are still checked).
    ///
    /// - Throws: `ProtocolError.invalidJSON` or `.unsupportedFormat`.
    public init(unvalidatedJSON json: Data) throws {
        let tree: JSONValue
        do { tree = try JSONReader.parse(json) } catch { throw ProtocolError.invalidJSON(path: "top level", reason: error.description) }
        do { try self.init(tree: tree) } catch let error as JSONFieldError {
            throw ProtocolError.invalidJSON(path: error.path.isEmpty ? "top level" : error.path, reason: error.reason)
        }
    }

    /// Reads a parsed session document; errors in its members are ``JSONFieldError``s.
    private init(tree: JSONValue) throws {
        var top = try JSONObject(tree)
        let format = try top.required("format", JSONValue.string)
        guard format == Self.format else { throw ProtocolError.unsupportedFormat(format) }
        let title = try top.required("title", JSONValue.string)
        let listed = try top.optional("scores", JSONValue.array(Self.scoreEntry))
        if let listed, listed.isEmpty { throw JSONFieldError("a session needs at least one score", at: [.key("scores")]) }
        if listed != nil, top.has("score") || top.has("layout") {
            throw JSONFieldError("give either \"scores\" (each with its layout) or \"score\" and \"layout\", not both", at: [.key("scores")])
        }
        let score: ScoreReference
        if let listed { score = listed[0].score } else { score = try top.required("score") { value in try Self.scoreEntry(value, index: 0).score } }
        var layout = try top.optional("layout", ScoreLayout.init(jsonTree:))
        var pageMap: ScorePages?
        if let listed {
            let pages = ScorePages(counts: listed.map { $0.score.pages ?? $0.layout?.pages.map(\.page).max() })
            layout = Self.combinedLayout(listed.map { $0.layout }, pages: pages)
            if listed.count > 1 { pageMap = pages }
        }
        let numbering = try top.optional("numbering") { value in
            var m = try JSONObject(value)
            var numbering = TakeNumbering()
            numbering.first = try m.optional("first", JSONValue.int) ?? numbering.first
            numbering.prefixPerPiece = try m.optional("prefixPerPiece", JSONValue.bool) ?? numbering.prefixPerPiece
            numbering.continuous = try m.optional("continuous", JSONValue.bool) ?? numbering.continuous
            return numbering
        } ?? TakeNumbering()
        let (pieces, takes, marks, entries) = try ScorePageContext.$current.withValue(pageMap) {
            (try top.optional("pieces", JSONValue.array(Self.piece)) ?? [], try top.optional("takes", JSONValue.array(Self.take)) ?? [],
             try top.optional("marks", JSONValue.array(Self.mark)) ?? [], try top.optional("history", JSONValue.array(Self.action)) ?? [])
        }
        let history = entries.map(\.action)
        let clockOffset = try top.optional("clockOffset", JSONValue.double)
        let crossfade = try top.optional("crossfade", JSONValue.double)
        let defaultRating = try top.optional("defaultRating", JSONValue.int)
        self.init(title: title, score: score, layout: layout, numbering: numbering, pieces: pieces,
                  takes: takes, marks: marks, history: history, extra: ExtraFields(top.unread))
        if let listed {
            scores = listed.map { $0.score }
            if pageMap != nil { for index in scores.indices where scores[index].pages == nil { scores[index].pages = pageMap?.counts[index] } }
        }
        (self.clockOffset, self.crossfade, self.defaultRating) = (clockOffset, crossfade, defaultRating)
        if entries.contains(where: { $0.device != nil }) { historyDevices = entries.map(\.device) }
    }

    /// A score: `{"file","sha256"?,"music"?,"pages"?,"layout"?}` (`layout` only inside `scores`, in the score's own pages).
    private static func scoreEntry(_ value: JSONValue, index: Int) throws -> (score: ScoreReference, layout: ScoreLayout?) {
        var m = try JSONObject(value)
        let score = ScoreReference(file: try m.required("file", JSONValue.string), sha256: try m.optional("sha256", JSONValue.string) ?? "",
                                   music: try m.optional("music", JSONValue.string), pages: try m.optional("pages", JSONValue.int))
        if let pages = score.pages, pages < 1 { throw JSONFieldError("a score has at least 1 page, not \(pages)", at: [.key("pages")]) }
        return (score, try m.optional("layout", ScoreLayout.init(jsonTree:)))
    }

    static func piece(_ value: JSONValue, index: Int) throws -> Piece {
        var m = try JSONObject(value)
        return Piece(
            title: try m.required("title", JSONValue.string),
            firstBar: try m.required("firstBar", JSONValue.barNumber),
            lastBar: try m.required("lastBar", JSONValue.barNumber),
            key: try m.optional("key", JSONValue.string),
            prefix: try m.optional("prefix", JSONValue.string),
            order: try m.optional("order", JSONValue.array { value, _ in try JSONValue.barSpan(value) }),
            score: try m.optional("score", JSONValue.int),
            extra: ExtraFields(m.unread))
    }

    private static func take(_ value: JSONValue, index: Int) throws -> Take {
        var m = try JSONObject(value)
        let number = try m.required("number", JSONValue.int)
        let tabletOffset = try m.optional("tabletOffset", JSONValue.double), startedAt = try m.optional("startedAt", JSONValue.string)
        let media = try m.optional("media", RecordingMedia.init(jsonTree:))
        let device = try m.optional("device", JSONValue.string)
        let placement = try m.optional("placed", AudioPlacement.init(jsonTree:))
        var take = Take(
            number: number,
            label: try m.optional("label", JSONValue.string),
            start: try m.required("start", JSONValue.position),
            end: try m.optional("end", JSONValue.position),
            source: try m.optional("source", JSONValue.string),
            recordStart: try m.optional("recordStart", JSONValue.string),
            fps: try m.optional("fps", JSONValue.double),
            note: try m.optional("note", JSONValue.string) ?? "",
            deleted: try m.optional("deleted", JSONValue.bool) ?? false,
            extra: ExtraFields(m.unread), tabletOffset: tabletOffset, startedAt: startedAt, media: media, device: device)
        take.placement = placement
        return take
    }

    private static func mark(_ value: JSONValue, index: Int) throws -> Mark {
        var m = try JSONObject(value)
        let take = try m.required("take", JSONValue.int)
        let kindName = try m.required("kind", JSONValue.string)
        let kind: MarkKind
        switch kindName {
        case "rating": kind = .rating(try m.required("value", JSONValue.int))
        case "problem": kind = .problem(ProblemKind(try m.required("problem", JSONValue.string)))
        case "edit-point": kind = .editPoint
        case "text": kind = .text
        case "ink": kind = .ink
        default:
            throw JSONFieldError("unknown mark kind '\(kindName)' (expected rating, problem, edit-point, text or ink)", at: [.key("kind")])
        }
        let points = try m.optional("points", JSONValue.array(Self.inkPoint)) ?? []
        let device = try m.optional("device", JSONValue.string)
        return Mark(
            id: try m.optional("id", JSONValue.int) ?? index + 1,
            take: take, kind: kind,
            at: try m.required("at", JSONValue.position),
            to: try m.optional("to", JSONValue.position),
            time: try m.optional("time", JSONValue.double),
            colour: try m.optional("colour", JSONValue.string),
            text: try m.optional("text", JSONValue.string),
            deleted: try m.optional("deleted", JSONValue.bool) ?? false,
            extra: ExtraFields(m.unread), points: points, device: device)
    }

    /// `[x, y]`: one point of an ink stroke.
    package static func inkPoint(_ value: JSONValue, index: Int) throws -> InkPoint {
        let pair = try JSONValue.array { value, _ in try JSONValue.double(value) }(value)
        guard pair.count == 2 else { throw JSONFieldError("a stroke point is [x, y], not \(pair.count) numbers") }
        return InkPoint(x: pair[0], y: pair[1])
    }
}

extension Session {
    /// A history entry and the device that made it (`device`, absent when unknown).
    private static func action(_ value: JSONValue, index: Int) throws -> (action: SessionAction, device: String?) {
        var m = try JSONObject(value)
        let name = try m.required("action", JSONValue.string)
        let device = try m.optional("device", JSONValue.string)
        if let device, !Session.isValidDevice(device) {
            throw JSONFieldError("device must be a device id (1 to 64 of A-Z a-z 0-9 . _ -), not \"\(device)\"")
        }
        do {
            return (try SessionAction(
                name: name, take: try m.optional("take", JSONValue.int), mark: try m.optional("mark", JSONValue.int),
                previousEnd: try m.optional("previousEnd", JSONValue.position),
                previousNote: try m.optional("previousNote", JSONValue.string),
                previous: SessionAction.PreviousState(
                    number: try m.optional("previousNumber", JSONValue.int), label: try m.optional("previousLabel", JSONValue.string),
                    at: try m.optional("previousAt", JSONValue.position), to: try m.optional("previousTo", JSONValue.position),
                    kind: try m.optional("previousKind", JSONValue.string), value: try m.optional("previousValue", JSONValue.int),
                    problem: try m.optional("previousProblem", JSONValue.string), text: try m.optional("previousText", JSONValue.string),
                    clock: try name == "programme" ? nil : m.optional("previous", ClockChange.init(jsonTree:)),
                    programme: try name == "programme" ? m.optional("previous", ProgrammeChange.init(jsonTree:)) : nil)), device)
        } catch ProtocolError.invalidHistory(let reason) {
            throw JSONFieldError(reason)
        }
    }
}

extension JSONValue {
    /// A position `{"page", "x", "y"}` with an optional `"pass"` (an integer; its range is checked by `validate()`)
    /// and, in a session of several scores, `"score"` (0-based; absent is 0): read as a session page.
    static func position(_ value: JSONValue) throws -> ScorePosition {
        var m = try JSONObject(value)
        let score = try m.optional("score", int)
        var position = ScorePosition(page: try m.required("page", int), x: try m.required("x", double), y: try m.required("y", double),
                                     pass: try m.optional("pass", int))
        let pages = ScorePageContext.current ?? ScorePages(counts: [nil])
        guard let score, score != 0 || pages.scoreCount > 1 else { return position }
        do { position.page = try pages.sessionPage(score: score, page: position.page) } catch let error as ProtocolError {
            throw JSONFieldError(error.description, at: [.key("score")])
        }
        return position
    }
}

extension JSONValue {
    /// A run of bars in a playing order: a string such as `"1-8"` or `"12"`.
    package static func barSpan(_ value: JSONValue) throws -> BarSpan {
        do { return try BarSpan(try string(value)) } catch let error as LayoutError { throw JSONFieldError(error.description) }
    }
}

extension ExtraFields {
    /// Unknown members as read, each kept as compact JSON text.
    init(_ members: [(key: String, value: JSONValue)]) {
        self.init(members.map { Member(key: $0.key, json: $0.value.serialized()) })
    }
}
