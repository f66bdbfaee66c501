import ScoreLayout

extension Session {
    /// The session without the takes and marks that cannot stand: what a damaged file's pages give back may hold
    /// rows read from zeroed or overwritten pages (a take on page 0, a mark of a take that is gone, a second take
    /// with the same number). Each take and mark is checked on its own as `validate(.lenient)` would, and the
    /// ones that fail are left out and counted. A layout that does not validate is left out too (positions are
    /// then checked against pages only). The undo history is dropped when anything was left out, since it may
    /// name what is gone.
    public func sifted() -> (session: Session, droppedTakes: Int, droppedMarks: Int) {
        var session = self
        if let layout, (try? layout.validate()) == nil { session.layout = nil }
        let checker = PositionChecker(layout: session.layout, pieces: session.pieces)
        var spans: [Int: TakeSpanCheck] = [:]
        session.takes = takes.filter { take in
            guard spans[take.number] == nil, let span = try? Self.checkTake(take, checker: checker) else { return false }
            spans[take.number] = span
            return true
        }
        var ids = Set<Int>()
        session.marks = marks.filter { mark in
            guard let span = spans[mark.take], !ids.contains(mark.id),
                  (try? Self.checkMark(mark, in: span, checker: checker, mode: .lenient)) != nil else { return false }
            ids.insert(mark.id)
            return true
        }
        let droppedTakes = takes.count - session.takes.count, droppedMarks = marks.count - session.marks.count
        if droppedTakes + droppedMarks > 0 { session.history = []; session.historyDevices = [] }
        return (session, droppedTakes, droppedMarks)
    }
}
