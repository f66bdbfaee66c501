import RecordingProtocol
import ScoreLayout
import Storage

/// The served session in memory: the session as stored, with what the queries need, followed edit by edit.
///
/// Each edit of the server changes a row or two (`SessionDatabase.Delta`): `apply` puts those rows in place
/// (by take number and mark id, through dictionaries) and appends or removes history entries, so an edit costs
/// the same whatever the size of the session. What is derived from the whole session — the reading's warnings
/// and the coverage index — is kept until an edit makes it stale: a changed mark only makes its take's entry of
/// the index stale (rebuilt for that take alone), a changed take the whole index.
struct LiveSession: Sendable {
    /// The session as stored (repaired where the reading repaired it).
    private(set) var session: Session
    /// The warnings of reading the rows (damaged rows), which only a new full reading changes.
    let rowWarnings: [SessionWarning]
    /// The `action` ids of `session.history`, in the same order; nil when they are not known (then an undo reloads).
    private(set) var actionIDs: [Int]?
    /// When each entry of `session.history` was made (nil: unknown), in the same order.
    private(set) var actionTimes: [String?]
    /// The reading's repairs that changed the session in memory only (snapped bars, a range turned around …): checking
    /// the repaired session again no longer finds them, but the file still holds what was repaired, so they are kept
    /// until the session is read again (or the layout, or the mark they name, is written anew).
    private var repairs: [SessionWarning]
    private var takeIndex: [Int: Int] = [:]
    private var markIndex: [Int: Int] = [:]
    private var marksOfTake: [Int: [Int]] = [:]
    /// The warnings of checking the session (`Session.checked`), while no edit made them stale.
    private var checkedWarnings: [SessionWarning]?
    /// The coverage index and the takes whose marks changed since it was built.
    private var index: CoverageIndex?
    private var staleTakes: Set<Int> = []

    /// The session of a full reading with its stored history entries (ids and devices).
    init(reading: SessionReading, history: [SessionDatabase.StoredAction]) {
        session = reading.session
        let checked = reading.warnings.filter { $0.kind != .damagedRow }
        rowWarnings = reading.warnings.filter { $0.kind == .damagedRow }
        checkedWarnings = checked
        let again = checked.isEmpty ? [] : Set((try? reading.session.checked(.lenient).warnings) ?? [])
        repairs = checked.filter { !again.contains($0) }
        let matches = history.map(\.action) == reading.session.history
        actionIDs = matches ? history.map(\.id) : nil
        // The devices by history index (`session.historyDevices`, as long as the history from here on).
        session.historyDevices = matches ? history.map(\.device) : reading.session.history.indices.map { reading.session.deviceOfHistory($0) }
        actionTimes = matches ? history.map(\.time) : Array(repeating: nil, count: reading.session.history.count)
        for (i, take) in session.takes.enumerated() { takeIndex[take.number] = i }
        for (i, mark) in session.marks.enumerated() {
            markIndex[mark.id] = i
            marksOfTake[mark.take, default: []].append(i)
        }
    }

    /// The id of the newest history entry this state knows (0 for none).
    var newestActionID: Int { actionIDs?.last ?? 0 }

    /// The mark with this id (deleted or not).
    func mark(_ id: Int) -> Mark? { markIndex[id].map { session.marks[$0] } }

    /// The take with this number (deleted or not).
    func take(_ number: Int) -> Take? { takeIndex[number].map { session.takes[$0] } }

    /// Puts the rows of an edit in place and appends its history entries.
    mutating func apply(_ delta: SessionDatabase.Delta) {
        for take in delta.takes {
            if let i = takeIndex[take.number] {
                session.takes[i] = take
            } else {
                takeIndex[take.number] = session.takes.count
                session.takes.append(take)
            }
            index = nil
        }
        for mark in delta.marks {
            if let i = markIndex[mark.id] {
                let old = session.marks[i]
                if old.take != mark.take {
                    marksOfTake[old.take]?.removeAll { $0 == i }
                    marksOfTake[mark.take, default: []].append(i)
                    staleTakes.insert(old.take)
                }
                session.marks[i] = mark
            } else {
                markIndex[mark.id] = session.marks.count
                marksOfTake[mark.take, default: []].append(session.marks.count)
                session.marks.append(mark)
            }
            staleTakes.insert(mark.take)
        }
        for entry in delta.actions {
            session.history.append(entry.action)
            actionIDs?.append(entry.id)
            session.historyDevices.append(entry.device)
            actionTimes.append(entry.time)
            if case .markMoved(let id, _, _) = entry.action { repairs.removeAll { $0.mark == id } }
        }
        checkedWarnings = nil
    }

    /// Removes an undone history entry; false when its place is not known (the caller reads the session again).
    mutating func remove(action id: Int) -> Bool {
        guard let i = actionIDs?.firstIndex(of: id) else { return false }
        session.history.remove(at: i)
        actionIDs?.remove(at: i)
        session.historyDevices.remove(at: i)
        actionTimes.remove(at: i)
        checkedWarnings = nil
        return true
    }

    /// Remembers a new layout (a layout edit; the takes and marks are unchanged).
    mutating func setLayout(_ layout: ScoreLayout?) {
        session.layout = layout
        repairs.removeAll { [.barsSnapped, .systemsSnapped, .stavesSnapped].contains($0.kind) }
        index = nil
        checkedWarnings = nil
    }

    /// The warnings a full reading would give now (the checking is redone only after an edit).
    mutating func warnings() -> [SessionWarning] {
        if let checkedWarnings { return rowWarnings + checkedWarnings }
        let checked = (try? session.checked(.lenient).warnings) ?? []
        let kept = repairs.filter { !checked.contains($0) }
        checkedWarnings = kept + checked
        return rowWarnings + kept + checked
    }

    /// The newest `limit` history entries, newest first, with their ids (0 when not known), devices and times.
    func newestActions(_ limit: Int) -> [(id: Int, action: SessionAction, device: String?, time: String?)] {
        let history = session.history
        return history.indices.reversed().prefix(max(0, limit)).map { i in
            (actionIDs?[i] ?? 0, history[i], session.historyDevices[i], actionTimes[i])
        }
    }

    /// The reading a full reading would give now.
    mutating func reading() -> SessionReading {
        SessionReading(session: session, warnings: warnings())
    }

    /// The coverage index of the session now: built once, then updated per take whose marks changed.
    ///
    /// - Throws: the errors of `CoverageIndex(session:)` (no layout, an invalid session).
    mutating func coverageIndex() throws -> CoverageIndex {
        if var index {
            for take in staleTakes {
                index.replaceMarks(ofTake: take, with: (marksOfTake[take] ?? []).map { session.marks[$0] },
                                   defaultRating: session.defaultRating)
            }
            staleTakes = []
            self.index = index
            return index
        }
        let built = try CoverageIndex(session: session)
        index = built
        staleTakes = []
        return built
    }
}
