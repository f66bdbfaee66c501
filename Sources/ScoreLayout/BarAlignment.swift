/// Matches the bars of two editions of one piece in score order: an alignment of two sequences (Gotoh's affine
/// gaps) in which a pair of bars scores by how alike they are and a run of bars present in one edition only costs
/// a gap, cheaper when it starts and ends where systems do (a page or a system added or removed).
///
/// Bars are never matched out of order: an edition that adds, removes or reflows pages keeps its bars' order.
public struct BarAlignment: Sendable {
    /// How an alignment prices its gaps.
    public struct Costs: Hashable, Sendable {
        /// The cost of opening a run of unmatched bars.
        public var open: Double
        /// The cost of each unmatched bar in the run.
        public var extend: Double
        /// The extra cost of each end of the run that is not at a system's edge.
        public var offBoundary: Double

        /// Creates the costs.
        public init(open: Double = 1.5, extend: Double = 0.3, offBoundary: Double = 1.0) {
            self.open = open
            self.extend = extend
            self.offBoundary = offBoundary
        }
    }

    /// For each old bar (by global index), the new bar it is matched to, nil when the new edition lacks it.
    public let matches: [Int?]

    /// Aligns `oldCount` old bars with `newCount` new ones.
    ///
    /// - Parameters:
    ///   - oldStarts: for each old bar, whether it starts a system (and so a run of removed bars may end before it).
    ///   - newStarts: the same for the new bars.
    ///   - score: how alike old bar `i` and new bar `j` are: positive for alike, negative for unlike.
    public init(oldStarts: [Bool], newStarts: [Bool], costs: Costs = Costs(), score: (Int, Int) -> Double) {
        let n = oldStarts.count, m = newStarts.count
        // Whether a run of unmatched bars may begin at bar i (it starts a system) or end before it (past the end too).
        func edge(_ starts: [Bool], _ i: Int) -> Double { i >= starts.count || starts[i] ? 0 : costs.offBoundary }
        let width = m + 1
        // Three states: the last step matched (M), skipped an old bar (D) or skipped a new bar (I); two rows of each
        // are kept, and for every cell where each state's best came from (0 M, 1 D, 2 I).
        let none = [Double](repeating: -.infinity, count: width)
        var match = (previous: none, current: none), delete = match, insert = match
        var fromMatch = [UInt8](repeating: 0, count: (n + 1) * width)
        var fromDelete = fromMatch, fromInsert = fromMatch
        func best(_ values: (Double, Double, Double)) -> (Double, UInt8) {
            var value = values.0, from: UInt8 = 0
            if values.1 > value { value = values.1; from = 1 }
            if values.2 > value { value = values.2; from = 2 }
            return (value, from)
        }
        for i in 0...n {
            for j in 0...m {
                let here = i * width + j
                match.current[j] = i == 0 && j == 0 ? 0 : -.infinity
                delete.current[j] = -.infinity
                insert.current[j] = -.infinity
                if i > 0 && j > 0 {
                    // Leaving a gap before bar i-1 / j-1: it must end at a system edge to be cheap.
                    let (value, from) = best((match.previous[j - 1], delete.previous[j - 1] - edge(oldStarts, i - 1),
                                              insert.previous[j - 1] - edge(newStarts, j - 1)))
                    match.current[j] = value + score(i - 1, j - 1)
                    fromMatch[here] = from
                }
                if i > 0 {
                    let opening = costs.open + costs.extend + edge(oldStarts, i - 1)
                    let (value, from) = best((match.previous[j] - opening, delete.previous[j] - costs.extend,
                                              insert.previous[j] - opening - edge(newStarts, j)))
                    delete.current[j] = value
                    fromDelete[here] = from
                }
                if j > 0 {
                    let opening = costs.open + costs.extend + edge(newStarts, j - 1)
                    let (value, from) = best((match.current[j - 1] - opening, delete.current[j - 1] - opening - edge(oldStarts, i),
                                              insert.current[j - 1] - costs.extend))
                    insert.current[j] = value
                    fromInsert[here] = from
                }
            }
            if i < n {
                (match.previous, match.current) = (match.current, match.previous)
                (delete.previous, delete.current) = (delete.current, delete.previous)
                (insert.previous, insert.current) = (insert.current, insert.previous)
            }
        }
        var result = [Int?](repeating: nil, count: n)
        var i = n, j = m
        var state = best((match.current[m], delete.current[m], insert.current[m])).1
        while i > 0 || j > 0 {
            let here = i * width + j
            switch state {
            case 0:
                result[i - 1] = j - 1
                state = fromMatch[here]
                i -= 1; j -= 1
            case 1:
                state = fromDelete[here]
                i -= 1
            default:
                state = fromInsert[here]
                j -= 1
            }
        }
        matches = result
    }
}
