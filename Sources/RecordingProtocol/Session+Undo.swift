import ScoreLayout

/// Undoing the last user action, and checking the history.
extension Session {
    /// Reverts the last action of the history, removes it from the history and returns it.
    ///
    /// A started take and an added mark are soft-deleted (their number and id are not reused), an
    /// ended take gets its previous end back (or is reopened), a note its previous text, a deleted
    /// take or mark comes back, a renumbered take gets its number and label back, a moved or changed
    /// mark its place or content. Undoing again reverts the action before, and so on.
    ///
    /// - Throws: `ProtocolError.nothingToUndo` for an empty history, `.invalidHistory` when the
    ///   action names a take or mark that does not exist; the session is then unchanged.
    @discardableResult
    public mutating func undo() throws -> SessionAction {
        guard let action = history.last else { throw ProtocolError.nothingToUndo }
        var copy = self
        try copy.revert(action)
        copy.history.removeLast()
        if copy.historyDevices.count > copy.history.count { copy.historyDevices.removeLast(copy.historyDevices.count - copy.history.count) }
        self = copy
        return action
    }

    /// Reverts the newest action of the history made by `device` (nil: the newest of anyone), removes it and returns it.
    ///
    /// As `SessionDatabase.undo(device:)`: an older action than the newest of all is refused when a newer action
    /// (of another device) changed the same take or mark since.
    ///
    /// - Throws: `ProtocolError.nothingToUndo`, `.nothingToUndoBy` when `device` has no action left, `.invalidHistory`.
    @discardableResult
    public mutating func undo(device: String?) throws -> SessionAction {
        guard let device else { return try undo() }
        guard let index = history.indices.last(where: { deviceOfHistory($0) == device }) else {
            throw ProtocolError.nothingToUndoBy(device: device)
        }
        let action = history[index]
        if let later = history.indices.last(where: { $0 > index && Self.touchSame(history[$0], action) }) {
            let what = action.take.map { "take \($0)" } ?? action.mark.map { "mark \($0)" } ?? "it"
            throw ProtocolError.invalidHistory(reason: "\(action.name) of \(what) cannot be undone: a newer \(history[later].name) by "
                + "\(deviceOfHistory(later).map { "device \($0)" } ?? "another device") changed \(what) since (undo that first)")
        }
        var copy = self
        try copy.revert(action)
        copy.history.remove(at: index)
        if index < copy.historyDevices.count { copy.historyDevices.remove(at: index) }
        self = copy
        return action
    }

    /// True when two actions changed the same take or the same mark.
    private static func touchSame(_ a: SessionAction, _ b: SessionAction) -> Bool {
        (a.take != nil && a.take == b.take) || (a.mark != nil && a.mark == b.mark)
    }

    private mutating func revert(_ action: SessionAction) throws {
        switch action {
        case .takeStarted(let number): takes[try takeIndex(number)].deleted = true
        case .takeEnded(let number, let previousEnd): takes[try takeIndex(number)].end = previousEnd
        case .noteChanged(let number, let previousNote): takes[try takeIndex(number)].note = previousNote
        case .takeDeleted(let number): takes[try takeIndex(number)].deleted = false
        case .markAdded(let id): marks[try markIndex(id)].deleted = true
        case .markDeleted(let id): marks[try markIndex(id)].deleted = false
        case .takeRenumbered(let number, let previousNumber, let previousLabel):
            _ = try takeIndex(number)
            if previousNumber != number, take(previousNumber) != nil {
                throw ProtocolError.invalidHistory(
                    reason: "take \(number) cannot get its number \(previousNumber) back: another take has it now")
            }
            renumber(number, to: previousNumber, label: previousLabel)
        case .markMoved(let id, let at, let to):
            let index = try markIndex(id)
            marks[index].move(to: at)
            marks[index].to = to
        case .markChanged(let id, let kind, let text):
            let index = try markIndex(id)
            marks[index].kind = kind
            marks[index].text = text
        case .clockChanged(let change):
            for state in change.takes {
                let index = try takeIndex(state.take)
                state.restore(&takes[index])
            }
            if let offset = change.sessionOffset { clockOffset = offset }
            if let music = change.music {
                guard scores.indices.contains(change.musicScore) else {
                    throw ProtocolError.invalidHistory(reason: "an action names the notes of score \(change.musicScore) (numbered from 0), which the session does not have")
                }
                scores[change.musicScore].music = music
            }
        case .programmeChanged(let change): try revertProgramme(change)
        }
    }

    private func takeIndex(_ number: Int) throws -> Int {
        guard let index = takes.firstIndex(where: { $0.number == number }) else {
            throw ProtocolError.invalidHistory(reason: "an action names take \(number), which does not exist")
        }
        return index
    }

    private func markIndex(_ id: Int) throws -> Int {
        guard let index = marks.firstIndex(where: { $0.id == id }) else {
            throw ProtocolError.invalidHistory(reason: "an action names mark \(id), which does not exist")
        }
        return index
    }

    /// Checks that every action of the history names an existing take or mark.
    ///
    /// - Throws: `ProtocolError.invalidHistory`.
    func validateHistory() throws {
        guard !history.isEmpty else { return }
        let numbers = Set(takes.map(\.number))
        let ids = Set(marks.map(\.id))
        for (index, action) in history.enumerated() {
            if let take = action.take, !numbers.contains(take) {
                throw ProtocolError.invalidHistory(reason: "history[\(index)] (\(action.name)) names take \(take), which does not exist")
            }
            if let mark = action.mark, !ids.contains(mark) {
                throw ProtocolError.invalidHistory(reason: "history[\(index)] (\(action.name)) names mark \(mark), which does not exist")
            }
            if case .clockChanged(let change) = action, let missing = change.takes.first(where: { !numbers.contains($0.take) }) {
                throw ProtocolError.invalidHistory(reason: "history[\(index)] (clock) names take \(missing.take), which does not exist")
            }
        }
    }
}
