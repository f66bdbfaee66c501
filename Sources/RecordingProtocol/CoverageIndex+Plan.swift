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
        try options.validate(barCount: axis.order?.slotsOfBar.count ?? bars.count)
        let range = options.bars.map(playedRange) ?? 0...(bars.count - 1)
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
                    splices.append(PlanSplice(pass: pass(at: first),
                        index: first, bar: bars[first].number, fromTake: from.take, fromLabel: from.label,
                        toTake: span.take, toLabel: span.label, at: edge(of: first, fraction: 0), atEditPoint: atEditPoint,
                        costMillis: atEditPoint ? options.editPointSpliceMillis : options.splicePenaltyMillis))
                }
                segments.append(PlanSegment(
                    take: span.take, label: span.label, bars: first...last, fromBar: bars[first].number,
                    toBar: bars[last].number, from: edge(of: first, fraction: 0), to: edge(of: last, fraction: 1),
                    rating: lowest, quality: sum, open: span.open, fromPass: pass(at: first), toPass: pass(at: last)))
            } else {
                let reason = Self.uncoveredReason(candidates.bestFull[i])
                var best = candidates.bestFull[i]
                while i < chosen.count, chosen[i] == nil, Self.uncoveredReason(candidates.bestFull[i]).name == reason.name {
                    if let b = candidates.bestFull[i] { best = max(best ?? b, b) }
                    i += 1
                }
                let first = range.lowerBound + start, last = range.lowerBound + i - 1
                var run = UncoveredRun(bars: first...last, fromBar: bars[first].number, toBar: bars[last].number,
                                       reason: best.map { .belowMinimum(best: $0) } ?? .notCovered)
                (run.fromPass, run.toPass) = (pass(at: first), pass(at: last))
                uncovered.append(run)
            }
        }
        var plan = EditPlan(segments: segments, splices: splices, uncovered: uncovered, totalMillis: total, bars: range,
                            firstBar: bars[range.lowerBound].number, lastBar: bars[range.upperBound].number,
                            unbarredSystems: unbarredSystems(between: range), options: options)
        plan.ordered = axis.order != nil
        return plan
    }

    private static func uncoveredReason(_ best: Int?) -> UncoveredRun.Reason {
        best.map { .belowMinimum(best: $0) } ?? .notCovered
    }

    /// A point on the vertical middle of a bar's system, `fraction` of the way through the bar.
    private func edge(of index: Int, fraction: Double) -> ScorePosition {
        let bar = bars[index]
        let system = layout.page(bar.page)?.systems[bar.system]
        let middle = system.map { ($0.top + $0.bottom) / 2 } ?? 0
        return ScorePosition(page: bar.page, x: bar.layout.left + fraction * bar.layout.width, y: middle).onPass(pass(at: index))
    }

    /// The indices in playing order from the first time through the first bar of a score range (global indices) to
    /// the last time through its last bar: the music played between them, repeats included.
    func playedRange(_ range: ClosedRange<Int>) -> ClosedRange<Int> {
        guard let order = axis.order else { return range }
        let slots = range.flatMap { order.slotsOfBar[$0] }
        guard let low = slots.min(), let high = slots.max() else { return range.lowerBound...range.lowerBound }
        return low...high
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
