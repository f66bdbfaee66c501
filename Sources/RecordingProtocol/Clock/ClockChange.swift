import ScoreLayout
import TonmeisterSupport

/// A change of the recorder's clock of one or more takes (or of the session), as the history keeps it for `undo`.
///
/// `link-audio`, setting a take's record start or offset by hand, a session-wide clock offset and moving
/// the media (`--relocate`) are each one action: undoing it gives every take it changed its previous
/// source, record start, frame rate, offset and media back, and the session its previous clock offset.
public struct ClockChange: Hashable, Sendable {
    /// What made the change.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        case linkAudio = "link-audio", takeClock = "take-clock", sessionClock = "session-clock", relocate = "relocate"
        /// Takes placed from their audio (`session place`): their start, end and downbeats.
        case place
        /// The score's notes named or forgotten (`session music`): the session's previous `score.music`.
        case music
    }

    /// A take's start, end and placement from audio before a `place` change.
    public struct PlacedState: Hashable, Sendable {
        public var start: ScorePosition
        public var end: ScorePosition?
        public var placement: AudioPlacement?
    }

    /// The clock of one take before the change.
    public struct TakeState: Hashable, Sendable {
        public var take: Int
        public var source: String?
        public var recordStart: String?
        public var fps: Double?
        public var tabletOffset: Double?
        public var media: RecordingMedia?
        /// The take's start, end and placement (kept by `place` changes only).
        public var placed: PlacedState?

        /// The clock parts of `take` as they are now; with `placing`, also its start, end and placement.
        public init(_ take: Take, placing: Bool = false) {
            (self.take, source, recordStart, fps, tabletOffset, media) =
                (take.number, take.source, take.recordStart, take.fps, take.tabletOffset, take.media)
            if placing { placed = PlacedState(start: take.start, end: take.end, placement: take.placement) }
        }

        /// Gives `take` the parts this state holds.
        func restore(_ take: inout Take) {
            (take.source, take.recordStart, take.fps, take.tabletOffset, take.media) = (source, recordStart, fps, tabletOffset, media)
            if let placed { (take.start, take.end, take.placement) = (placed.start, placed.end, placed.placement) }
        }
    }

    public var reason: Reason
    /// The changed takes' previous clocks.
    public var takes: [TakeState]
    /// The session's previous clock offset, when the change set it (`sessionClock`); nil inside means it had none.
    public var sessionOffset: Double??
    /// The session's previous score notes (`score.music`), when the change set them (`music`); nil inside means it had none.
    public var music: String??
    /// The index of the score whose notes the change set (`music`): 0, the first, unless the session has several.
    public var musicScore = 0

    public init(reason: Reason, takes: [TakeState], sessionOffset: Double?? = nil, music: String?? = nil, musicScore: Int = 0) {
        (self.reason, self.takes, self.sessionOffset, self.music, self.musicScore) = (reason, takes, sessionOffset, music, musicScore)
    }

    /// The same change with take `number` called `newNumber`.
    func renamingTake(_ number: Int, to newNumber: Int) -> ClockChange {
        var copy = self
        for i in copy.takes.indices where copy.takes[i].take == number { copy.takes[i].take = newNumber }
        return copy
    }
}

extension ClockChange {
    /// `{"reason","takes":[{"take","source"?,"recordStart"?,"fps"?,"tabletOffset"?,"media"?,"start"?,"end"?,"placed"?}],"clockOffset"?,"music"?}`
    /// (`start`, `end` and `placed` for `place` changes: `placed` is `null` for a take that had no placement)
    /// (`clockOffset` is `null` when the session had none before a session-wide change; `music`, for a `music` change,
    /// `null` when the session named no notes before; `musicScore`, the 0-based score whose notes they were, when not
    /// the first).
    package var jsonTree: JSONValue {
        var members: [(String, JSONValue)] = [("reason", .string(reason.rawValue))]
        members.append(("takes", .array(takes.map { state in
            var fields: [(String, JSONValue)] = [("take", .int(state.take))]
            if let source = state.source { fields.append(("source", .string(source))) }
            if let recordStart = state.recordStart { fields.append(("recordStart", .string(recordStart))) }
            if let fps = state.fps { fields.append(("fps", Session.number(fps))) }
            if let offset = state.tabletOffset { fields.append(("tabletOffset", .double(offset))) }
            if let media = state.media { fields.append(("media", media.jsonTree)) }
            if let placed = state.placed {
                fields.append(("start", Session.tree(placed.start)))
                if let end = placed.end { fields.append(("end", Session.tree(end))) }
                fields.append(("placed", placed.placement?.jsonTree ?? .null))
            }
            return .object(fields)
        })))
        if let offset = sessionOffset { members.append(("clockOffset", offset.map(JSONValue.double) ?? .null)) }
        if let music { members.append(("music", music.map(JSONValue.string) ?? .null)) }
        if musicScore != 0 { members.append(("musicScore", .int(musicScore))) }
        return .object(members)
    }

    /// Reads `jsonTree` back.
    package init(jsonTree value: JSONValue) throws {
        var m = try JSONObject(value)
        let name = try m.required("reason", JSONValue.string)
        guard let reason = Reason(rawValue: name) else {
            throw JSONFieldError("unknown clock change '\(name)' (expected \(Reason.allCases.map(\.rawValue).joined(separator: ", ")))", at: [.key("reason")])
        }
        let takes = try m.required("takes", JSONValue.array { value, _ in
            var t = try JSONObject(value)
            var state = TakeState(Take(number: try t.required("take", JSONValue.int), start: ScorePosition(page: 1, x: 0, y: 0)))
            state.source = try t.optional("source", JSONValue.string)
            state.recordStart = try t.optional("recordStart", JSONValue.string)
            state.fps = try t.optional("fps", JSONValue.double)
            state.tabletOffset = try t.optional("tabletOffset", JSONValue.double)
            state.media = try t.optional("media", RecordingMedia.init(jsonTree:))
            if let start = try t.optional("start", JSONValue.position) {
                state.placed = PlacedState(start: start, end: try t.optional("end", JSONValue.position),
                                           placement: try t.optional("placed", AudioPlacement.init(jsonTree:)))
            }
            return state
        })
        var offset: Double?? = nil
        if m.has("clockOffset") { offset = .some(try m.optional("clockOffset", JSONValue.double)) }
        var music: String?? = nil
        if m.has("music") { music = .some(try m.optional("music", JSONValue.string)) }
        let musicScore = try m.optional("musicScore", JSONValue.int) ?? 0
        guard musicScore >= 0 else { throw JSONFieldError("a score index is 0 or more, not \(musicScore)", at: [.key("musicScore")]) }
        self.init(reason: reason, takes: takes, sessionOffset: offset, music: music, musicScore: musicScore)
    }
}
