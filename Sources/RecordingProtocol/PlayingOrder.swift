import ScoreLayout

/// The bars of a score in the order they are played: the axis coverage, ratings, plans and exports run along.
///
/// Built from the layout and the programme: each piece with an `order` contributes its runs of bars one
/// after another (`["1-8", "1-8", "9-12"]` plays bars 1–8 twice, then 9–12); every other bar is played once,
/// in score order. A **slot** is one time through one bar: its global bar index in score order and its
/// **pass** (1 the first time the order reaches the bar, 2 the second, …). A position carries its pass
/// (`ScorePosition.pass`, absent = 1), so the second time through bar 5 is a point of its own, later than
/// bar 8 on the first time through. Bars an order skips are never played: they have no slot.
///
/// Without any piece carrying an order the playing order is the score order (one slot per bar, pass 1),
/// and `isScoreOrder` is true.
public struct PlayingOrder: Hashable, Sendable {
    /// One time through one bar.
    public struct Slot: Hashable, Sendable {
        /// The 0-based index of the bar in score order.
        public var bar: Int
        /// The time through the bar (1-based).
        public var pass: Int

        /// Creates a slot.
        public init(bar: Int, pass: Int) {
            self.bar = bar
            self.pass = pass
        }
    }

    /// Every time through every bar, in playing order.
    public let slots: [Slot]
    /// Per bar in score order: the indices in `slots` of its passes, first pass first (empty for a bar never played).
    let slotsOfBar: [[Int]]
    /// Per bar in score order (and one past the last): the first slot of this bar or the next played bar after it.
    let firstSlotFrom: [Int]

    /// The most times the order may go through one bar.
    public static let maxPasses = 99
    /// The most runs one piece's order may have.
    public static let maxRuns = 1_000

    /// The playing order of a layout's bars under the programme's orders.
    ///
    /// - Throws: `ProtocolError.invalidPiece` for an order whose bars are not in its piece (each run goes from
    ///   the first bar numbered `first` in the piece to the next bar numbered `last`), a backwards run, pieces
    ///   with orders that overlap, or a bar played more than `maxPasses` times.
    public init(layout: ScoreLayout, pieces: [Piece]) throws(ProtocolError) {
        let bars = layout.allBars()
        // Bars by number, each list in score order, so that a run is found without scanning the score.
        let byNumber = Dictionary(grouping: bars.indices, by: { bars[$0].number })
        func find(_ number: BarNumber, from low: Int, to high: Int) -> Int? {
            byNumber[number]?.first { $0 >= low && $0 <= high }
        }
        var runs: [(start: Int, end: Int, sequence: [ClosedRange<Int>], piece: Int)] = []
        for (index, piece) in pieces.enumerated() {
            guard let order = piece.order, !order.isEmpty else { continue }
            func fail(_ reason: String) -> ProtocolError { .invalidPiece(index: index, title: piece.title, reason: reason) }
            guard order.count <= Self.maxRuns else { throw fail("its order has \(order.count) runs; at most \(Self.maxRuns) are accepted") }
            guard let first = find(piece.firstBar, from: 0, to: bars.count - 1) else { throw fail("bar \(piece.firstBar) is not in the layout") }
            guard let last = find(piece.lastBar, from: first, to: bars.count - 1) else {
                throw fail("bar \(piece.lastBar) is not in the layout after bar \(piece.firstBar)")
            }
            var sequence: [ClosedRange<Int>] = []
            for span in order {
                guard let a = find(span.first, from: first, to: last) else {
                    throw fail("its order names bar \(span.first), which is not in the piece (bars \(piece.firstBar)–\(piece.lastBar))")
                }
                guard let b = find(span.last, from: a, to: last) else {
                    if find(span.last, from: first, to: last) != nil {
                        throw fail("its order's run \(span) runs backwards (bar \(span.last) comes before bar \(span.first))")
                    }
                    throw fail("its order names bar \(span.last), which is not in the piece (bars \(piece.firstBar)–\(piece.lastBar))")
                }
                sequence.append(a...b)
            }
            if let overlapping = runs.first(where: { $0.start <= last && first <= $0.end }) {
                throw fail("its bars overlap another piece with an order (bars \(bars[overlapping.start].number)–\(bars[overlapping.end].number))")
            }
            runs.append((first, last, sequence, index))
        }
        runs.sort { $0.start < $1.start }
        var slots: [Slot] = []
        var slotsOfBar = [[Int]](repeating: [], count: bars.count)
        func play(_ bar: Int, piece: Int? = nil) throws(ProtocolError) {
            let pass = slotsOfBar[bar].count + 1
            if let piece, pass > Self.maxPasses {
                throw .invalidPiece(index: piece, title: pieces[piece].title,
                                    reason: "its order plays bar \(bars[bar].number) more than \(Self.maxPasses) times")
            }
            slotsOfBar[bar].append(slots.count)
            slots.append(Slot(bar: bar, pass: pass))
        }
        var bar = 0, next = 0
        while bar < bars.count {
            if next < runs.count, runs[next].start == bar {
                for range in runs[next].sequence { for b in range { try play(b, piece: runs[next].piece) } }
                bar = runs[next].end + 1
                next += 1
            } else {
                try play(bar)
                bar += 1
            }
        }
        var firstSlotFrom = [Int](repeating: slots.count, count: bars.count + 1)
        for b in stride(from: bars.count - 1, through: 0, by: -1) {
            firstSlotFrom[b] = slotsOfBar[b].first ?? firstSlotFrom[b + 1]
        }
        self.slots = slots
        self.slotsOfBar = slotsOfBar
        self.firstSlotFrom = firstSlotFrom
    }

    /// True when every bar is played once, in score order.
    public var isScoreOrder: Bool {
        slots.count == slotsOfBar.count && slots.enumerated().allSatisfy { $0.offset == $0.element.bar }
    }

    /// How many times the order goes through a bar (0 for a bar it skips or an index outside the score).
    public func passes(ofBar bar: Int) -> Int {
        slotsOfBar.indices.contains(bar) ? slotsOfBar[bar].count : 0
    }

    /// The slot of a bar's pass, nil when the order does not go through the bar that often.
    public func slot(bar: Int, pass: Int) -> Int? {
        guard slotsOfBar.indices.contains(bar), pass >= 1, pass <= slotsOfBar[bar].count else { return nil }
        return slotsOfBar[bar][pass - 1]
    }

    /// The slot where a point at the start of bar `bar` (or after the last bar) on `pass` lies: the bar's own
    /// slot on that pass, else the first slot of the bar or of the next bar the order plays.
    func slot(startingAt bar: Int, pass: Int) -> Int {
        if let own = slot(bar: bar, pass: pass) { return own }
        return firstSlotFrom[min(max(0, bar), firstSlotFrom.count - 1)]
    }
}
