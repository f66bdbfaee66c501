import ScoreLayout

/// The edit planner: one take per bar, maximising Σ quality − splice costs, with exact tie-breaks.
extension CoverageIndex {
    /// The best edit plan for the bars of `options` (the whole score by default).
    ///
    /// Every bar gets one candidate take (fully covering, not excluded, quality at least the minimum
    /// rating); bars without one are uncovered, and the plan restarts after them without a splice.
    /// Plans are compared in integer thousandths by
    /// 1. the total Σ quality − splice costs (higher is better), then
    /// 2. the number of splices (fewer is better), then
    /// 3. the takes chosen bar by bar in score order: at the first bar where two plans differ, the
    ///    one using the higher take number wins.
    ///
    /// A backward dynamic program finds that plan exactly: for each bar and candidate it keeps the
    /// best continuation to the end of the covered run under the same order (the order survives a
    /// common prefix, so the best plan's tails are best tails). Changing take costs the splice
    /// penalty, or the edit-point cost when either take has an edit-point mark within half a bar of
    /// the barline; the best other take is found from the two best successors, so a bar costs
    /// O(candidates) and the plan O(bars × takes).
    ///
    /// - Throws: `ProtocolError.noBars` when the layout has no bars, `.invalidPlanOption` for bad options.
    public func plan(_ options: PlanOptions = PlanOptions()) throws(ProtocolError) -> EditPlan {
        guard !bars.isEmpty else {
            throw .noBars(reason: "the edit plan splits the programme at bar lines; add bars to the layout first")
        }
        try options.validate(barCount: bars.count)
        let range = options.bars ?? 0...(bars.count - 1)
        let candidates = PlanCandidates(index: self, bars: range, options: options)
        let chosen = PlanSearch(index: self, candidates: candidates, options: options).run()
        return assemble(chosen: chosen.cells, total: chosen.total, candidates: candidates, range: range, options: options)
    }

    /// Builds the plan's segments, splices and uncovered runs from the chosen cell of each bar.
    private func assemble(
        chosen: [PlanCandidates.Cell?], total: Int, candidates: PlanCandidates, range: ClosedRange<Int>, options: PlanOptions
    ) -> EditPlan {
        var segments: [PlanSegment] = [], splices: [PlanSplice] = [], uncovered: [UncoveredRun] = []
        var i = 0
        while i < chosen.count {
            let start = i
            if let cell = chosen[i] {
                var lowest = Int(cell.quality), sum = 0
                while i < chosen.count, let next = chosen[i], next.span == cell.span {
                    lowest = min(lowest, Int(next.quality))
                    sum += Int(next.quality)
                    i += 1
                }
                let span = spans[Int(cell.span)]
                let first = range.lowerBound + start, last = range.lowerBound + i - 1
                if start > 0, let previous = chosen[start - 1] {
                    let from = spans[Int(previous.span)]
                    let atEditPoint = candidates.editBarlines[Int(previous.span)].contains(first)
                        || candidates.editBarlines[Int(cell.span)].contains(first)
                    splices.append(PlanSplice(
                        index: first, bar: bars[first].number, fromTake: from.take, fromLabel: from.label,
                        toTake: span.take, toLabel: span.label, at: edge(of: first, fraction: 0), atEditPoint: atEditPoint,
                        costMillis: atEditPoint ? options.editPointSpliceMillis : options.splicePenaltyMillis))
                }
                segments.append(PlanSegment(
                    take: span.take, label: span.label, bars: first...last, fromBar: bars[first].number,
                    toBar: bars[last].number, from: edge(of: first, fraction: 0), to: edge(of: last, fraction: 1),
                    rating: lowest, quality: sum, open: span.open))
            } else {
                let reason = Self.uncoveredReason(candidates.bestFull[i])
                var best = candidates.bestFull[i]
                while i < chosen.count, chosen[i] == nil, Self.uncoveredReason(candidates.bestFull[i]).name == reason.name {
                    if let b = candidates.bestFull[i] { best = max(best ?? b, b) }
                    i += 1
                }
                let first = range.lowerBound + start, last = range.lowerBound + i - 1
                uncovered.append(UncoveredRun(bars: first...last, fromBar: bars[first].number, toBar: bars[last].number,
                                              reason: best.map { .belowMinimum(best: $0) } ?? .notCovered))
            }
        }
        return EditPlan(segments: segments, splices: splices, uncovered: uncovered, totalMillis: total, bars: range,
                        firstBar: bars[range.lowerBound].number, lastBar: bars[range.upperBound].number,
                        unbarredSystems: unbarredSystems(between: range), options: options)
    }

    private static func uncoveredReason(_ best: Int?) -> UncoveredRun.Reason {
        best.map { .belowMinimum(best: $0) } ?? .notCovered
    }

    /// A point on the vertical middle of a bar's system, `fraction` of the way through the bar.
    private func edge(of index: Int, fraction: Double) -> ScorePosition {
        let bar = bars[index]
        let system = layout.page(bar.page)?.systems[bar.system]
        let middle = system.map { ($0.top + $0.bottom) / 2 } ?? 0
        return ScorePosition(page: bar.page, x: bar.layout.left + fraction * bar.layout.width, y: middle)
    }

    /// The systems without bars that lie after the first and before the last bar of `range`.
    private func unbarredSystems(between range: ClosedRange<Int>) -> [SystemReference] {
        var result: [SystemReference] = []
        var before = 0
        for page in layout.pages {
            for (s, system) in page.systems.enumerated() {
                let count = system.bars?.count ?? 0
                if count == 0, before > range.lowerBound, before <= range.upperBound {
                    result.append(SystemReference(page: page.page, system: s))
                }
                before += count
            }
        }
        return result
    }
}

/// The backward dynamic program over `PlanCandidates` (see `CoverageIndex.plan(_:)`).
struct PlanSearch {
    let index: CoverageIndex
    let candidates: PlanCandidates
    let options: PlanOptions

    /// The best plan from one candidate to the end of its covered run.
    struct Tail {
        var value: Int
        var splices: Int
        /// The candidate used on the next bar (its position in that bar's cells), -1 at the end of the run.
        var next: Int32
    }

    /// A candidate continuation compared by the plan order: value, then splices, then take number.
    struct Key {
        var value: Int, splices: Int, take: Int, cell: Int32, span: Int32

        func beats(_ other: Key) -> Bool {
            if value != other.value { return value > other.value }
            if splices != other.splices { return splices < other.splices }
            return take > other.take
        }
    }

    /// The chosen candidate of every planned bar (nil for uncovered bars) and the plan's total in thousandths.
    func run() -> (cells: [PlanCandidates.Cell?], total: Int) {
        let cells = candidates.cells, count = cells.count
        let full = options.splicePenaltyMillis, reduced = options.editPointSpliceMillis
        var tails: [[Tail]] = Array(repeating: [], count: count)
        var slot = [Int32](repeating: -1, count: index.spans.count)
        let takeOf = index.spans.map(\.take)
        // editAt[span] == barline when the span has an edit point near the barline being considered.
        var editAt = [Int](repeating: -1, count: index.spans.count)
        for i in stride(from: count - 1, through: 0, by: -1) {
            let here = cells[i]
            guard i + 1 < count, !cells[i + 1].isEmpty else {
                tails[i] = here.map { Tail(value: Int($0.quality) * 1_000, splices: 0, next: -1) }
                continue
            }
            let next = cells[i + 1], nextTails = tails[i + 1], barline = candidates.first + i + 1
            for span in candidates.editSpans[i] { editAt[Int(span)] = barline }
            // The two best successors when the splice costs `reduced` only for edit-point takes (`mixed`)
            // and when it costs `reduced` for every take (the current take has an edit point here).
            var mixed: (Key?, Key?) = (nil, nil), anyReduced: (Key?, Key?) = (nil, nil)
            for (j, cell) in next.enumerated() {
                slot[Int(cell.span)] = Int32(j)
                let tail = nextTails[j], take = takeOf[Int(cell.span)]
                let edit = editAt[Int(cell.span)] == barline
                Self.offer(Key(value: tail.value - (edit ? reduced : full), splices: tail.splices + 1, take: take,
                               cell: Int32(j), span: cell.span), to: &mixed)
                Self.offer(Key(value: tail.value - reduced, splices: tail.splices + 1, take: take,
                               cell: Int32(j), span: cell.span), to: &anyReduced)
            }
            tails[i] = here.map { cell in
                let take = takeOf[Int(cell.span)]
                let edit = editAt[Int(cell.span)] == barline
                let pair = edit ? anyReduced : mixed
                var best = pair.0?.span == cell.span ? pair.1 : pair.0
                let j = slot[Int(cell.span)]
                if j >= 0 {
                    let stay = Key(value: nextTails[Int(j)].value, splices: nextTails[Int(j)].splices, take: take,
                                   cell: j, span: cell.span)
                    if best.map({ stay.beats($0) }) ?? true { best = stay }
                }
                let q = Int(cell.quality) * 1_000
                return best.map { Tail(value: q + $0.value, splices: $0.splices, next: $0.cell) }
                    ?? Tail(value: q, splices: 0, next: -1)
            }
            for cell in next { slot[Int(cell.span)] = -1 }
        }
        var chosen = [PlanCandidates.Cell?](repeating: nil, count: count)
        var total = 0, i = 0
        while i < count {
            guard !cells[i].isEmpty else { i += 1; continue }
            var best = 0
            for j in cells[i].indices.dropFirst() {
                let a = tails[i][j], b = tails[i][best]
                let key = Key(value: a.value, splices: a.splices, take: takeOf[Int(cells[i][j].span)], cell: 0, span: 0)
                let current = Key(value: b.value, splices: b.splices, take: takeOf[Int(cells[i][best].span)], cell: 0, span: 0)
                if key.beats(current) { best = j }
            }
            total += tails[i][best].value
            var j = Int32(best)
            while j >= 0 {
                chosen[i] = cells[i][Int(j)]
                j = tails[i][Int(j)].next
                i += 1
            }
        }
        return (chosen, total)
    }

    /// Keeps the two best keys seen.
    private static func offer(_ key: Key, to pair: inout (Key?, Key?)) {
        if let first = pair.0, !key.beats(first) {
            if pair.1.map({ key.beats($0) }) ?? true { pair.1 = key }
        } else {
            pair.1 = pair.0
            pair.0 = key
        }
    }
}
