/// The planner's input: for every planned bar, the takes that may be used there and their quality.
///
/// A take is a candidate on a bar when it fully covers the bar (DESIGN §6's 25 %/75 % rule), is
/// not excluded, and its quality there is at least the minimum rating. Qualities are computed per
/// take in one pass over the contiguous run of bars it fully covers (a sweep over its ratings, a
/// difference array for the problems), the same numbers as `quality(take:barIndex:)`.
struct PlanCandidates {
    /// One take on one bar.
    struct Cell {
        /// The take's index in the index's `spans`.
        var span: Int32
        /// quality(take, bar).
        var quality: Int32
    }

    /// The global index of the first planned bar.
    let first: Int
    /// Per planned bar (offset from `first`): the candidates, in no particular order.
    var cells: [[Cell]]
    /// Per planned bar: the highest quality among the fully covering, non-excluded takes; nil when none.
    var bestFull: [Int?]
    /// Per span: the barlines (global index of the bar after each) within half a bar of one of its edit points.
    var editBarlines: [Set<Int>]
    /// Per planned barline (offset `i`: between planned bars `i` and `i + 1`): the spans with an edit point near it.
    var editSpans: [[Int32]]

    init(index: CoverageIndex, bars: ClosedRange<Int>, options: PlanOptions) {
        first = bars.lowerBound
        cells = Array(repeating: [], count: bars.count)
        bestFull = Array(repeating: nil, count: bars.count)
        editBarlines = Array(repeating: [], count: index.spans.count)
        editSpans = Array(repeating: [], count: bars.count)
        // Reserve each bar's room: the number of takes fully covering it (a difference array over the runs).
        var covering = [Int](repeating: 0, count: bars.count + 1)
        for span in index.spans where !options.excludedTakes.contains(span.take) {
            guard let full = index.fullyCoveredBars(span), full.overlaps(bars) else { continue }
            let run = full.clamped(to: bars)
            covering[run.lowerBound - first] += 1
            covering[run.upperBound - first + 1] -= 1
        }
        var running = 0
        for i in cells.indices {
            running += covering[i]
            cells[i].reserveCapacity(running)
        }
        for (s, span) in index.spans.enumerated() where !options.excludedTakes.contains(span.take) {
            for point in index.editPoints[span.take] ?? [] {
                let reach = PlanOptions.editPointReach
                for barline in Int((point - reach).rounded(.up))...Int((point + reach).rounded(.down))
                where abs(point - Double(barline)) <= reach && !editBarlines[s].contains(barline) {
                    editBarlines[s].insert(barline)
                    if barline > bars.lowerBound, barline <= bars.upperBound { editSpans[barline - first - 1].append(Int32(s)) }
                }
            }
            guard let full = index.fullyCoveredBars(span), full.overlaps(bars) else { continue }
            let run = full.clamped(to: bars)
            var touching = [Int](repeating: 0, count: run.count + 1)
            for problem in index.problems[span.take] ?? [] where problem.overlaps(run) {
                let part = problem.clamped(to: run)
                touching[part.lowerBound - run.lowerBound] += 1
                touching[part.upperBound - run.lowerBound + 1] -= 1
            }
            var problems = 0
            var sweep = RatingSweep(ratings: span.ratings, start: span.start.coordinate, end: span.end.coordinate)
            sweep.initial = span.initial
            for bar in run {
                problems += touching[bar - run.lowerBound]
                let quality = sweep.lowest(inBar: bar) - problems
                let i = bar - first
                bestFull[i] = max(bestFull[i] ?? quality, quality)
                if let minimum = options.minimumRating, quality < minimum { continue }
                cells[i].append(Cell(span: Int32(s), quality: Int32(quality)))
            }
        }
    }
}

extension CoverageIndex {
    /// The bars a span fully covers (a contiguous run), nil when none.
    func fullyCoveredBars(_ span: Span) -> ClosedRange<Int>? {
        guard !bars.isEmpty else { return nil }
        let s = span.start.coordinate, e = span.end.coordinate
        // Estimate, then settle on the exact predicates of `coverage(_:first:last:)`.
        var low = min(bars.count, max(0, Int((s - 0.25).rounded(.up))))
        while low > 0, s <= Double(low - 1) + 0.25 { low -= 1 }
        while low < bars.count, !(s <= Double(low) + 0.25) { low += 1 }
        var high = max(-1, min(bars.count - 1, Int((e - 0.75).rounded(.down))))
        while high + 1 < bars.count, e >= Double(high + 1) + 0.75 { high += 1 }
        while high >= 0, !(e >= Double(high) + 0.75) { high -= 1 }
        return low <= high ? low...high : nil
    }
}
