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
