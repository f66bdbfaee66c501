import ScoreLayout

/// Revising what was noted: renumbering a take, moving a mark, changing what a mark says.
///
/// Like the other editing methods, each checks the change against the rest of the session,
/// records it in the history so that `undo()` reverts it, and leaves the session unchanged when
/// it throws.
extension Session {
    /// Gives a live take another number (and label), for when the producer's counter and the slate disagree.
    ///
    /// The take's marks and the history entries naming the take follow it to the new number, so
    /// undoing earlier actions still finds it. The label becomes `label` when given, else the new
    /// number when the old label was the old number, else it is kept (a per-piece label such as "B3").
    ///
    /// - Throws: `ProtocolError.takeNotFound`, `.takeDeleted`, or `.invalidRenumber` for a negative number,
    ///   a number another take has (deleted takes included: numbers are not given out twice), an empty
    ///   label, or no change at all.
    @discardableResult
    public mutating func renumberTake(_ number: Int, to newNumber: Int, label: String? = nil) throws -> Take {
        let index = try liveTakeIndex(number)
        let take = takes[index]
        guard newNumber >= 0 else { throw ProtocolError.invalidRenumber(take: number, reason: "a take number is 0 or more, not \(newNumber)") }
        guard SessionLimits.takeNumbers.contains(newNumber) else {
            throw ProtocolError.invalidRenumber(
                take: number, reason: "a take number is at most \(SessionLimits.grouped(SessionLimits.takeNumbers.upperBound)), not \(newNumber)")
        }
        if newNumber != number, let other = self.take(newNumber) {
            throw ProtocolError.invalidRenumber(
                take: number, reason: "take \(newNumber) exists already" + (other.deleted ? " (deleted; numbers are not given out twice)" : ""))
        }
        let newLabel = label ?? (take.label == String(number) ? String(newNumber) : take.label)
        guard !newLabel.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ProtocolError.invalidRenumber(take: number, reason: "the label is empty")
        }
        guard newNumber != number || newLabel != take.label else {
            throw ProtocolError.invalidRenumber(take: number, reason: "it is take \(number) labelled \(take.label) already")
        }
        renumber(number, to: newNumber, label: newLabel)
        history.append(.takeRenumbered(take: newNumber, previousNumber: number, previousLabel: take.label))
        return takes[index]
    }

    /// Moves a live mark to `at` (and `to` for a range; nil makes it a point); it must stay inside its take. An ink
    /// stroke moves whole: every point by the distance its first point (`at`) moves.
    ///
    /// - Throws: `ProtocolError.markNotFound`, `.markDeleted`, `.takeDeleted`, `.invalidPosition`,
    ///   `.markRangeReversed` or `.markOutsideTake`.
    @discardableResult
    public mutating func moveMark(_ id: Int, at: ScorePosition, to: ScorePosition? = nil) throws -> Mark {
        let index = try liveMarkIndex(id)
        var mark = marks[index]
        let range = Self.forwardRange(at: at, to: to, checker: PositionChecker(layout: layout, pieces: pieces))
        mark.move(to: range.at)
        mark.to = range.to
        try checkRevised(mark)
        history.append(.markMoved(mark: id, previousAt: marks[index].at, previousTo: marks[index].to))
        marks[index] = mark
        return mark
    }

    /// Changes what a live mark says: its kind (a rating's value, a problem's name) and its text (nil clears it).
    ///
    /// - Throws: `ProtocolError.markNotFound`, `.markDeleted`, `.takeDeleted`, `.ratingOutOfRange` or `.invalidProblem`.
    @discardableResult
    public mutating func changeMark(_ id: Int, kind: MarkKind, text: String?) throws -> Mark {
        let index = try liveMarkIndex(id)
        var mark = marks[index]
        mark.kind = kind
        mark.text = text
        try checkRevised(mark)
        history.append(.markChanged(mark: id, previousKind: marks[index].kind, previousText: marks[index].text))
        marks[index] = mark
        return mark
    }

    /// Renames take `number` to `newNumber` with `label` in the takes, the marks and the history.
    mutating func renumber(_ number: Int, to newNumber: Int, label: String) {
        if let index = takes.firstIndex(where: { $0.number == number }) {
            takes[index].number = newNumber
            takes[index].label = label
        }
        guard newNumber != number else { return }
        for index in marks.indices where marks[index].take == number { marks[index].take = newNumber }
        history = history.map { $0.renamingTake(number, to: newNumber) }
    }

    /// The index of a live mark of a live take.
    private func liveMarkIndex(_ id: Int) throws -> Int {
        guard let index = marks.firstIndex(where: { $0.id == id }) else { throw ProtocolError.markNotFound(id: id) }
        guard !marks[index].deleted else { throw ProtocolError.markDeleted(id: id) }
        _ = try liveTakeIndex(marks[index].take)
        return index
    }

    /// Checks a revised mark against its take.
    private func checkRevised(_ mark: Mark) throws {
        let checker = PositionChecker(layout: layout, pieces: pieces)
        let take = takes[try liveTakeIndex(mark.take)]
        try Self.checkMark(mark, in: try Self.checkTake(take, checker: checker), checker: checker, mode: .lenient)
    }
}

extension SessionAction {
    /// The same action with take `number` called `newNumber` (a renumbered take's history follows it).
    func renamingTake(_ number: Int, to newNumber: Int) -> SessionAction {
        switch self {
        case .takeStarted(number): return .takeStarted(take: newNumber)
        case .takeEnded(number, let end): return .takeEnded(take: newNumber, previousEnd: end)
        case .noteChanged(number, let note): return .noteChanged(take: newNumber, previousNote: note)
        case .takeDeleted(number): return .takeDeleted(take: newNumber)
        case .takeRenumbered(number, let previous, let label): return .takeRenumbered(take: newNumber, previousNumber: previous, previousLabel: label)
        case .clockChanged(let change): return .clockChanged(change.renamingTake(number, to: newNumber))
        default: return self
        }
    }
}
