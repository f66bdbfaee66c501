import Foundation
import ScoreLayout
import TonmeisterSupport

/// Going back from a rescore (`session rescore --undo`): the backup `session rescore` writes is the session as it
/// was, with a `rescoredTo` member saying which edition it was moved to and how its bars were matched.
extension Session {
    /// The key of the backup's member that records the rescore.
    static let rescoredToKey = "rescoredTo"

    /// This session (as it was before the rescore) as a backup document: the session JSON with a `rescoredTo` member
    /// `{"file","sha256","bars"}` naming the edition `after` is on and, for each old bar, the new bar's global index
    /// (null when the new edition lacks it).
    public func rescoreBackup(to after: Session, report: RescoreReport) -> Data {
        var backup = self
        let record: JSONValue = [
            "file": .string(after.score.file), "sha256": .string(after.score.sha256),
            "bars": .array(report.matches.map { $0.map(JSONValue.int) ?? .null }),
        ]
        backup.extra.members.removeAll { $0.key == Self.rescoredToKey }
        backup.extra.members.append(.init(key: Self.rescoredToKey, json: record.serialized()))
        return backup.jsonData(pretty: true)
    }

    /// Moves a rescored session back onto the edition `before` (the backup `rescoreBackup(to:report:)` wrote) was on.
    ///
    /// Every take and mark whose place the rescore set and nothing changed since gets its place from before back
    /// exactly (ink strokes included); one added or moved after the rescore is moved back bar by bar as a rescore
    /// would, and reported when its bar is not in the old edition (it stays where it is). The layout, score
    /// reference and pieces' bars of `before` come back; takes, marks, ratings and history made since are kept.
    ///
    /// - Throws: `ProtocolError.cannotUndoRescore` when `before` is not such a backup or the session is no longer
    ///   on the edition the rescore moved it to.
    @discardableResult
    public mutating func undoRescore(from before: Session) throws -> RescoreReport {
        guard let text = before.extra[Self.rescoredToKey], let record = try? JSONReader.parse(Array(text.utf8)),
              case .object(let members) = record,
              case .string(let sha256)? = members.first(where: { $0.0 == "sha256" })?.1,
              case .array(let bars)? = members.first(where: { $0.0 == "bars" })?.1 else {
            throw ProtocolError.cannotUndoRescore(reason: "the backup does not record a rescore (it has no '\(Self.rescoredToKey)' member)")
        }
        guard sha256 == score.sha256 else {
            throw ProtocolError.cannotUndoRescore(reason: "the session is no longer on the edition the rescore moved it to (its score's SHA-256 changed since)")
        }
        guard let oldLayout = before.layout, let nowLayout = layout else {
            throw ProtocolError.cannotUndoRescore(reason: "the session or its backup has no layout")
        }
        let forwardPairs: [Int?] = bars.map { value -> Int? in
            if case .int(let j) = value { return j }
            return nil
        }
        var backwardPairs = [Int?](repeating: nil, count: nowLayout.barCount)
        for (i, j) in forwardPairs.enumerated() { if let j, backwardPairs.indices.contains(j) { backwardPairs[j] = i } }
        let forward = BarMap(old: oldLayout, new: nowLayout, matches: forwardPairs)
        let now = self
        var report = try rescore(matching: nowLayout, to: oldLayout, score: before.score, matches: backwardPairs)
        // What the rescore placed and nothing moved since goes back exactly where it was.
        func same(_ a: ScorePosition?, _ b: ScorePosition?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return a.page == b.page && a.pass == b.pass && abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6
        }
        func untouched(_ old: ScorePosition?, _ current: ScorePosition?) -> Bool {
            guard let old else { return current == nil }
            return same(forward.place(old) ?? old, current)
        }
        var restored = Set<String>()
        for (t, take) in now.takes.enumerated() {
            guard let old = before.takes.first(where: { $0.number == take.number }),
                  untouched(old.start, take.start), untouched(old.end, take.end) else { continue }
            takes[t].start = old.start
            takes[t].end = old.end
            restored.insert("take \(take.number)")
        }
        for (m, mark) in now.marks.enumerated() {
            guard let old = before.marks.first(where: { $0.id == mark.id }), untouched(old.at, mark.at), untouched(old.to, mark.to) else { continue }
            marks[m].at = old.at
            marks[m].to = old.to
            marks[m].points = old.points
            restored.insert("mark \(mark.id)")
        }
        // The history the rescore moved (the same actions, in the same places) comes back as it was.
        for (i, action) in now.history.enumerated() where before.history.indices.contains(i) {
            let old = before.history[i]
            if old.name == action.name && old.take == action.take && old.mark == action.mark { history[i] = old }
        }
        report.unplaced.removeAll { u in restored.contains(u.mark.map { "mark \($0)" } ?? "take \(u.take)") }
        for (index, piece) in before.pieces.enumerated() where pieces.indices.contains(index) && pieces[index].title == piece.title {
            pieces[index].firstBar = piece.firstBar
            pieces[index].lastBar = piece.lastBar
        }
        layout = oldLayout
        scores = before.scores
        return report
    }
}
