import ScoreLayout

/// Moving a session onto a new edition of its score (`session rescore`).
extension Session {
    /// Moves every take and mark to the same musical place on a new edition: the same bar (matched by its number,
    /// and for a number that occurs several times by its occurrence: the second bar 1 on the second) and the same
    /// fraction through it, at the same height relative to its system. The new layout and score reference replace
    /// the old ones; the pieces keep their bars; the undo history's positions move too.
    ///
    /// A position whose bar the new edition lacks, or that lies on a page or system without bars, is left as it
    /// was and reported; nothing is removed.
    ///
    /// - Parameters:
    ///   - old: the session's layout numbered as the old edition prints it (the session's own layout when the
    ///     old PDF is not at hand); it must have the same bars as `layout`.
    ///   - new: the new edition's layout, numbered as it prints it.
    ///   - score: the new edition's file and SHA-256.
    ///   - matches: for each old bar (by global index) the new bar it is (nil: the new edition lacks it), as
    ///     matching the pages' content found; nil matches the bars by their numbers alone.
    /// - Throws: `ProtocolError.noLayout` when the session has no layout.
    @discardableResult
    public mutating func rescore(matching old: ScoreLayout, to new: ScoreLayout, score: ScoreReference,
                                 matches: [Int?]? = nil) throws -> RescoreReport {
        guard layout != nil else { throw ProtocolError.noLayout(reason: "rescoring moves bars, which the session's layout gives") }
        let map = BarMap(old: old, new: new, matches: matches)
        var report = RescoreReport()
        report.missingBars = map.missing
        report.newBars = map.added
        report.matches = map.pairs
        var copy = self
        for (t, take) in takes.enumerated() {
            var ok = true
            if let start = map.place(take.start) { copy.takes[t].start = start } else {
                ok = false
                report.unplaced.append(.init(take: take.number, position: "start", bar: map.bar(take.start), reason: map.reason(take.start)))
            }
            if let end = take.end {
                if let moved = map.place(end) { copy.takes[t].end = moved } else {
                    ok = false
                    report.unplaced.append(.init(take: take.number, position: "end", bar: map.bar(end), reason: map.reason(end)))
                }
            }
            if ok && !take.deleted { report.moved += 1 }
        }
        for (m, mark) in marks.enumerated() {
            var ok = true
            if let at = map.place(mark.at) {
                copy.marks[m].at = at
                copy.marks[m].points = mark.points.map { map.move($0, like: mark.at) ?? $0 }
            } else {
                ok = false
                report.unplaced.append(.init(take: mark.take, mark: mark.id, position: "at", bar: map.bar(mark.at), reason: map.reason(mark.at)))
            }
            if let to = mark.to {
                if let moved = map.place(to) { copy.marks[m].to = moved } else {
                    ok = false
                    report.unplaced.append(.init(take: mark.take, mark: mark.id, position: "to", bar: map.bar(to), reason: map.reason(to)))
                }
            }
            if ok && !mark.deleted { report.moved += 1 }
        }
        copy.history = history.map { action in
            switch action {
            case .takeEnded(let take, let end?): return .takeEnded(take: take, previousEnd: map.place(end) ?? end)
            case .markMoved(let mark, let at, let to):
                return .markMoved(mark: mark, previousAt: map.place(at) ?? at, previousTo: to.map { map.place($0) ?? $0 })
            default: return action
            }
        }
        let ranges = pieceBarRanges()
        for (index, range) in ranges.enumerated() {
            guard let range, let first = map.newBar(forOld: range.lowerBound), let last = map.newBar(forOld: range.upperBound) else { continue }
            copy.pieces[index].firstBar = first.number
            copy.pieces[index].lastBar = last.number
        }
        copy.layout = new
        copy.score = score
        self = copy
        return report
    }
}

/// Old bars matched to new bars by number and occurrence.
struct BarMap {
    let old: ScoreLayout
    let new: ScoreLayout
    private let oldBars: [BarLocation]
    private let matches: [Int: BarLocation]
    /// For each old bar the global index of its new bar, nil when it has none.
    let pairs: [Int?]
    let missing: [BarNumber]
    let added: [BarNumber]

    /// Matches the bars by `matches` (old global index to new), or by their numbers when nil: an alignment in score
    /// order, so a number that occurs several times (each piece restarting at 1) is matched by where it occurs.
    init(old: ScoreLayout, new: ScoreLayout, matches given: [Int?]? = nil) {
        self.old = old
        self.new = new
        let olds = old.allBars(), newBars = new.allBars()
        oldBars = olds
        let pairs = given ?? BarAlignment(oldStarts: olds.map { $0.bar == 0 }, newStarts: newBars.map { $0.bar == 0 }) { i, j in
            olds[i].number == newBars[j].number ? 2 : -2
        }.matches
        var matches: [Int: BarLocation] = [:]
        var used = Set<Int>()
        var kept = [Int?](repeating: nil, count: oldBars.count)
        var missing: [BarNumber] = []
        for bar in oldBars {
            if bar.globalIndex < pairs.count, let j = pairs[bar.globalIndex], newBars.indices.contains(j), !used.contains(j) {
                matches[bar.globalIndex] = newBars[j]
                used.insert(j)
                kept[bar.globalIndex] = j
            } else {
                missing.append(bar.number)
            }
        }
        self.matches = matches
        self.pairs = kept
        self.missing = missing
        added = newBars.filter { !used.contains($0.globalIndex) }.map(\.number)
    }

    /// The old bar a position lies in (with its system), nil off the bars.
    private func locate(_ p: ScorePosition) -> (bar: BarLocation, system: SystemLayout)? {
        guard let page = old.page(p.page), let s = page.nearestSystem(to: p.y) else { return nil }
        let system = page.systems[s]
        guard let b = system.nearestBar(to: p.x), let first = old.globalIndexOfFirstBar(page: p.page, system: s) else { return nil }
        return (oldBars[first + b], system)
    }

    /// The bar number of the old bar a position lies in.
    func bar(_ p: ScorePosition) -> BarNumber? { locate(p)?.bar.number }

    /// The new bar matched to the old bar at this global index.
    func newBar(forOld index: Int) -> BarLocation? { matches[index] }

    /// The same musical place on the new edition, nil when it cannot be placed.
    func place(_ p: ScorePosition) -> ScorePosition? {
        guard let (bar, system) = locate(p), let target = matches[bar.globalIndex],
              let newSystem = new.page(target.page)?.systems[target.system] else { return nil }
        let fraction = bar.layout.fraction(atX: p.x)
        let height = max(system.height, 1)
        let relative = min(max((p.y - system.top) / height, -1), 2)
        var moved = p
        moved.page = target.page
        moved.x = target.layout.left + fraction * target.layout.width
        moved.y = max(0, newSystem.top + relative * newSystem.height)
        return moved
    }

    /// An ink point moved as the position `anchor` (the stroke's first point) moves: the same place relative to
    /// the anchor's bar and system, nil when the anchor cannot be placed.
    func move(_ point: InkPoint, like anchor: ScorePosition) -> InkPoint? {
        guard let (bar, system) = locate(anchor), let target = matches[bar.globalIndex],
              let newSystem = new.page(target.page)?.systems[target.system] else { return nil }
        let fraction = (point.x - bar.layout.left) / max(bar.layout.width, 1)
        let relative = (point.y - system.top) / max(system.height, 1)
        return InkPoint(x: max(0, target.layout.left + fraction * target.layout.width), y: max(0, newSystem.top + relative * newSystem.height))
    }

    /// Why a position cannot be placed.
    func reason(_ p: ScorePosition) -> String {
        guard let (bar, _) = locate(p) else { return "it lies on page \(p.page), where the old layout has no bars" }
        return "bar \(bar.number) is not in the new edition"
    }
}
