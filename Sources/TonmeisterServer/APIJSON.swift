import RecordingProtocol
import ScoreDocument
import ScoreLayout
import TonmeisterSupport

/// The JSON the API answers with: takes, marks, actions, the session summary and layout.
///
/// Takes and marks are written as in the session document (DESIGN §6) plus what a client needs
/// to draw them: a mark's `id`, a take's `open` flag and the bars it spans, and `deleted` only
/// when true (the events carry deleted takes and marks so that clients drop them).
enum APIJSON {
    /// `{"page","x","y"}`, with `"pass"` when the position carries one.
    static func position(_ p: ScorePosition) -> JSONValue {
        p.jsonTree
    }

    /// The bar containing (or nearest to) a position, when the layout knows bars there.
    static func bar(_ p: ScorePosition, layout: ScoreLayout?) -> JSONValue {
        guard let layout, let bar = try? layout.resolve(p).bar else { return .null }
        return .string(bar.description)
    }

    /// `{"number","label","start","end"?,"open","fromBar","toBar","note","source"?,"recordStart"?,"fps"?,"tabletOffset"?,
    /// "startedAt"?,"deleted"?}`.
    static func take(_ take: Take, layout: ScoreLayout?) -> JSONValue {
        var members: [(String, JSONValue)] = [("number", .int(take.number)), ("label", .string(take.label)),
                                              ("start", position(take.start))]
        if let end = take.end { members.append(("end", position(end))) }
        members += [("open", .bool(take.isOpen)), ("fromBar", bar(take.start, layout: layout)),
                    ("toBar", take.end.map { bar($0, layout: layout) } ?? .null), ("note", .string(take.note))]
        if let source = take.source { members.append(("source", .string(source))) }
        if let recordStart = take.recordStart { members.append(("recordStart", .string(recordStart))) }
        if let fps = take.fps { members.append(("fps", .double(fps))) }
        if let offset = take.tabletOffset { members.append(("tabletOffset", .double(offset))) }
        if let startedAt = take.startedAt { members.append(("startedAt", .string(startedAt))) }
        if let device = take.device { members.append(("device", .string(device))) }
        if let placement = take.placement { members.append(("placed", placement.jsonTree)) }
        if take.deleted { members.append(("deleted", .bool(true))) }
        return .object(members)
    }

    /// `{"id","take","kind","value"?,"problem"?,"at","to"?,"segments"?,"points"?,"bar","text"?,"time"?,"colour"?,"device"?,"deleted"?}`:
    /// a range has its `segments` along the systems it crosses (`{"page","left","right","top","bottom"}`), an ink stroke its `points`.
    static func mark(_ mark: Mark, layout: ScoreLayout?) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .int(mark.id)), ("take", .int(mark.take)), ("kind", .string(mark.kind.name))]
        if let value = mark.kind.rating { members.append(("value", .int(value))) }
        if let problem = mark.kind.problem { members.append(("problem", .string(problem.name))) }
        members.append(("at", position(mark.at)))
        if let to = mark.to {
            members.append(("to", position(to)))
            members.append(("segments", .array(ScoreAnnotation.rangeSegments(mark, layout: layout).map { s in
                ["page": .int(s.page), "left": .double(s.left), "right": .double(s.right), "top": .double(s.top), "bottom": .double(s.bottom)]
            })))
        }
        if !mark.points.isEmpty { members.append(("points", Session.inkTree(mark.points))) }
        members.append(("bar", bar(mark.at, layout: layout)))
        if let text = mark.text { members.append(("text", .string(text))) }
        if let time = mark.time { members.append(("time", .double(time))) }
        if let colour = mark.colour { members.append(("colour", .string(colour))) }
        if let device = mark.device { members.append(("device", .string(device))) }
        if mark.deleted { members.append(("deleted", .bool(true))) }
        return .object(members)
    }

    /// `{"action","take"?,"mark"?,"description","device"?}`: an undone action, what undoing it did and the device that made it.
    static func action(_ action: SessionAction, device: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("action", .string(action.name))]
        if let take = action.take { members.append(("take", .int(take))) }
        if let mark = action.mark { members.append(("mark", .int(mark))) }
        members.append(("description", .string(action.undoDescription)))
        if let device { members.append(("device", .string(device))) }
        return .object(members)
    }

    /// An entry of `GET /api/history`: the action as undo answers it, with its `id`, `time` (ISO 8601 UTC, when known)
    /// and `did`, what it did in words ("added a rating 4 to take 31").
    static func historyEntry(_ entry: (id: Int, action: SessionAction, device: String?, time: String?), in session: Session) -> JSONValue {
        guard case .object(var members) = action(entry.action, device: entry.device) else { return .null }
        members.insert(("id", .int(entry.id)), at: 0)
        if let time = entry.time { members.append(("time", .string(time))) }
        members.append(("did", .string(did(entry.action, in: session))))
        return .object(members)
    }

    /// What an action did, in words.
    static func did(_ action: SessionAction, in session: Session) -> String {
        let mark = action.mark.flatMap { session.mark($0) }
        let what = mark.map { "\($0.kind.summary) (mark \($0.id)) on take \($0.take)" } ?? action.mark.map { "mark \($0)" } ?? ""
        switch action {
        case .takeStarted(let take): return "started take \(take)"
        case .takeEnded(let take, let previous): return previous == nil ? "ended take \(take)" : "moved the end of take \(take)"
        case .noteChanged(let take, _): return "set the note of take \(take)"
        case .takeDeleted(let take): return "deleted take \(take)"
        case .takeRenumbered(let take, let previous, _): return "renumbered take \(previous) as \(take)"
        case .markAdded: return "added \(what)"
        case .markDeleted: return "deleted \(what)"
        case .markMoved: return "moved \(what)"
        case .markChanged(_, let previous, _): return "changed \(previous.summary) to \(what)"
        case .clockChanged: return "set the recorder's clock"
        case .programmeChanged(let change):
            switch change.reason {
            case .numbering: return "numbered the bars"
            case .order: return "set a playing order"
            case .pieces: return "changed the pieces"
            }
        }
    }

    /// `GET /api/session`: the summary, the score's pages, the layout and its bars, the live takes and marks.
    static func session(_ session: Session, pages: [PageSize], sha256: String, event: Int) -> JSONValue {
        let live = session.liveTakes
        let next = (try? session.nextTakeNumber()) ?? (number: 1, label: "1")
        let pageList: [JSONValue] = pages.enumerated().map { index, size in
            ["page": .int(index + 1), "width": .double(size.width), "height": .double(size.height)]
        }
        var scoreMembers: [(String, JSONValue)] = [("file", .string(session.score.file)), ("sha256", .string(sha256)), ("pages", .array(pageList))]
        // The score's notes (`session music`): with them the page offers to place a take whose file arrives.
        if let music = session.score.music { scoreMembers.append(("music", .string(music))) }
        let score = JSONValue.object(scoreMembers)
        // Every score with the session pages it spans (`pages` above lists them all, in that order).
        let scores: [JSONValue] = session.scores.indices.map { index in
            let range = session.scorePages.pages(ofScore: index)
            let count = session.scores[index].pages ?? max(0, pages.count - range.lowerBound + 1)
            var members: [(String, JSONValue)] = [("score", .int(index)), ("file", .string(session.scores[index].file)),
                                                  ("sha256", .string(session.scores[index].sha256)),
                                                  ("firstPage", .int(range.lowerBound)), ("pages", .int(count))]
            // Each score's notes: a take on any score with notes can be placed from its audio.
            if let music = session.scores[index].music { members.append(("music", .string(music))) }
            return .object(members)
        }
        let open: [JSONValue] = live.filter(\.isOpen).map { .int($0.number) }
        let summary: JSONValue = ["takes": .int(live.count), "open": .array(open), "marks": .int(session.liveMarks.count),
                                  "bars": .int(session.layout?.barCount ?? 0)]
        let pieces: [JSONValue] = session.pieces.map { p in
            var members: [(String, JSONValue)] = [("title", .string(p.title)), ("firstBar", .string(p.firstBar.description)),
                                                  ("lastBar", .string(p.lastBar.description)), ("key", .optional(p.key))]
            if let order = p.order { members.append(("order", .strings(order))) }
            if let score = p.score { members.append(("score", .int(score))) }
            return .object(members)
        }
        let takes: [JSONValue] = live.map { take($0, layout: session.layout) }
        let marks: [JSONValue] = session.liveMarks.map { mark($0, layout: session.layout) }
        let problems: [JSONValue] = ProblemKind.standard.map { .string($0.name) }
        let members: [(String, JSONValue)] = [
            ("title", .string(session.title)), ("score", score), ("scores", .array(scores)), ("summary", summary), ("pieces", .array(pieces)),
            ("nextTake", ["number": .int(next.number), "label": .string(next.label)]), ("problems", .array(problems)),
            ("layout", session.layout?.jsonTree ?? .null), ("bars", bars(session.layout)),
            ("takes", .array(takes)), ("marks", .array(marks)), ("history", .int(session.history.count)), ("event", .int(event)),
            ("clockOffset", session.clockOffset.map { .double($0) } ?? .null),
        ]
        // With a playing order: the bar indices (as in `bars`) in the order they are played, for the page's passes.
        guard session.pieces.contains(where: { $0.order != nil }), let order = try? session.playingOrder(), !order.isScoreOrder else {
            return .object(members)
        }
        return .object(members + [("playing", .array(order.slots.map { .int($0.bar) }))])
    }

    /// Every bar in score order: `{"bar","index","page","system","left","right","top","bottom"}` (system from 1).
    static func bars(_ layout: ScoreLayout?) -> JSONValue {
        guard let layout else { return [] }
        return .array(layout.allBars().map { b -> JSONValue in
            let system = layout.pages.first { $0.page == b.page }?.systems[b.system]
            let members: [(String, JSONValue)] = [
                ("bar", .string(b.number.description)), ("index", .int(b.globalIndex)), ("page", .int(b.page)),
                ("system", .int(b.system + 1)), ("left", .double(b.layout.left)), ("right", .double(b.layout.right)),
                ("top", .double(system?.top ?? 0)), ("bottom", .double(system?.bottom ?? 0)),
            ]
            return .object(members)
        })
    }
}
