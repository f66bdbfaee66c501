import ScoreLayout

/// An index over a session's live takes and marks answering "which takes cover this point, bar or range?".
///
/// Built once from a validated session with a layout. Each take is an interval of bar
/// coordinates (global bar index plus the fraction inside the bar; an open take ends at the end
/// of the score), kept sorted by start in an implicit interval tree (each node holds the
/// largest end in its subtree), so a query costs O(log takes + answers) whatever the number of
/// marks. Each take's ratings are sorted by position, so the rating in force is a binary search.
/// Deleted takes and deleted marks are ignored.
public struct CoverageIndex: Sendable {
    /// The layout the positions are resolved through.
    public let layout: ScoreLayout
    let axis: ScoreAxis
    /// The bars in playing order (a repeated bar once per pass; the score order when no piece has an order).
    let bars: [BarLocation]
    /// The pass of each entry of `bars`; empty in score order (every pass is 1).
    let passes: [Int]
    /// Live takes sorted by start coordinate (then take number).
    private(set) var spans: [Span]
    /// For the implicit tree over `spans`: the largest end coordinate in the subtree rooted at each index,
    /// counting only takes with an end (open takes would make every subtree reach the end of the score and
    /// defeat the pruning; they are kept in `openSpans`).
    let maxEnd: [Double]
    /// The indices in `spans` of the open takes, in order of their start.
    let openSpans: [Int]
    /// Per take number: the bar ranges its problem marks touch, sorted by first bar.
    private(set) var problems: [Int: [ClosedRange<Int>]]
    /// Per take number: its index in `spans`.
    let spanOfTake: [Int: Int]
    /// Per index in `spans`: the span's rank when the spans are ordered by take number (query results come in that order).
    let takeRank: [Int]
    /// Per take number: the bar coordinates of its edit-point marks (their `at`), ascending.
    private(set) var editPoints: [Int: [Double]]
    /// The bars (global indices in score order) that bar numbers are looked up in, such as one piece's bars
    /// (`covers --bar 12 --piece 2`); nil is the whole score (the first bar with the number).
    public var barScope: ClosedRange<Int>?

    struct Span: Sendable {
        var take: Int
        var label: String
        var start: Place
        var end: Place
        var open: Bool
        /// The take's rating marks sorted by position (then id).
        var ratings: [RatingPoint] = []
        /// The rating in force before the first rating mark: that mark's value when it lies in the take's first bar
        /// (producers tap a moment after the start), else the session's default rating (3).
        var initial = CoverageIndex.defaultRating
    }

    struct RatingPoint: Sendable {
        var place: Place
        var value: Int
    }

    /// The rating in force before a take's first rating mark, unless the session sets another (`Session.defaultRating`)
    /// or that mark lies in the take's first bar.
    public static let defaultRating = 3

    /// Builds the index from a session.
    ///
    /// - Throws: `ProtocolError.noLayout` when the session has no layout, or the errors of `Session.validate()`.
    public init(session: Session) throws {
        guard let layout = session.layout else {
            throw ProtocolError.noLayout(reason: "coverage queries resolve positions to bars through the layout")
        }
        try session.validate(.lenient)
        self.layout = layout
        let axis = ScoreAxis(layout, pieces: session.pieces)
        self.axis = axis
        let scoreBars = layout.allBars()
        if let order = axis.order {
            bars = order.slots.map { scoreBars[$0.bar] }
            passes = order.slots.map(\.pass)
        } else {
            bars = scoreBars
            passes = []
        }
        var spans: [Span] = []
        for take in session.takes where !take.deleted {
            let start = try axis.place(take.start)
            let end = try take.end.map { try axis.place($0) } ?? axis.endOfScore
            spans.append(Span(take: take.number, label: take.label, start: start, end: end, open: take.end == nil))
        }
        spans.sort { ($0.start.coordinate, $0.take) < ($1.start.coordinate, $1.take) }
        var maxEnd = spans.map { $0.open ? -Double.infinity : $0.end.coordinate }
        Self.buildMaxEnd(&maxEnd, 0, spans.count)
        self.maxEnd = maxEnd
        openSpans = spans.indices.filter { spans[$0].open }
        spanOfTake = Dictionary(uniqueKeysWithValues: spans.enumerated().map { ($1.take, $0) })
        var takeRank = [Int](repeating: 0, count: spans.count)
        for (rank, i) in spans.indices.sorted(by: { spans[$0].take < spans[$1].take }).enumerated() { takeRank[i] = rank }
        self.takeRank = takeRank

        var byTake: [Int: [Mark]] = [:]
        for mark in session.marks where !mark.deleted && spanOfTake[mark.take] != nil { byTake[mark.take, default: []].append(mark) }
        self.spans = spans
        problems = [:]
        editPoints = [:]
        for index in spans.indices { self.spans[index].initial = session.defaultRating ?? Self.defaultRating }
        for (take, marks) in byTake { try place(marks, ofTake: take, defaultRating: session.defaultRating) }
    }

    /// Replaces what the index knows of one take's marks (its ratings, problems and edit points) with `marks`
    /// (deleted ones are ignored): the update after a mark of the take was added, moved, changed or deleted.
    /// A take the index does not hold (deleted, or not there when it was built) is left alone.
    public mutating func replaceMarks(ofTake take: Int, with marks: [Mark], defaultRating: Int?) {
        guard let index = spanOfTake[take] else { return }
        spans[index].ratings = []
        spans[index].initial = defaultRating ?? Self.defaultRating
        problems[take] = nil
        editPoints[take] = nil
        try? place(marks.filter { !$0.deleted && $0.take == take }, ofTake: take, defaultRating: defaultRating)
    }

    /// Places one take's live marks: its sorted ratings and the rating in force before them, its problems and edit points.
    private mutating func place(_ marks: [Mark], ofTake take: Int, defaultRating: Int?) throws {
        guard let index = spanOfTake[take] else { return }
        var ratings: [(place: Place, id: Int, value: Int)] = []
        var problems: [ClosedRange<Int>] = [], editPoints: [Double] = []
        let lastBar = bars.count - 1
        for mark in marks {
            switch mark.kind {
            case .rating(let value):
                ratings.append((try axis.place(mark.at), mark.id, value))
            case .problem:
                guard lastBar >= 0 else { continue }
                let at = try axis.place(mark.at), to = try axis.place(mark.last)
                let first = at.bar ?? min(Int(at.coordinate), lastBar)
                let last = to.bar ?? Int(to.coordinate) - 1
                if first <= last { problems.append(first...last) }
            case .editPoint:
                editPoints.append(try axis.place(mark.at).coordinate)
            case .text, .ink:
                continue
            }
        }
        spans[index].ratings = ratings.sorted { $0.place < $1.place || ($0.place == $1.place && $0.id < $1.id) }
            .map { RatingPoint(place: $0.place, value: $0.value) }
        spans[index].initial = defaultRating ?? Self.defaultRating
        if let first = spans[index].ratings.first, first.place.coordinate < (spans[index].start.coordinate).rounded(.down) + 1 {
            spans[index].initial = first.value
        }
        self.problems[take] = problems.isEmpty ? nil : problems.sorted { $0.lowerBound < $1.lowerBound }
        self.editPoints[take] = editPoints.isEmpty ? nil : editPoints.sorted()
    }

    private static func buildMaxEnd(_ ends: inout [Double], _ low: Int, _ high: Int) {
        guard low < high else { return }
        let mid = (low + high) / 2
        buildMaxEnd(&ends, low, mid)
        buildMaxEnd(&ends, mid + 1, high)
        var best = ends[mid]
        if low < mid { best = max(best, ends[(low + mid) / 2]) }
        if mid + 1 < high { best = max(best, ends[(mid + 1 + high) / 2]) }
        ends[mid] = best
    }

    /// Indices of spans with start before `high` and end after `low` (`closed`: at or before / at or after),
    /// ordered by take number.
    ///
    /// Walks the implicit tree with an explicit stack (no recursion, no closure), pruning subtrees
    /// whose largest end is before `low` and right halves whose starts are after `high`. Each hit is
    /// collected as `takeRank << 32 | index`, so one plain integer sort puts them in take order.
    func overlapping(_ low: Double, _ high: Double, closed: Bool) -> [Int] {
        var found: [Int] = []
        found.reserveCapacity(64)
        spans.withUnsafeBufferPointer { spans in
            maxEnd.withUnsafeBufferPointer { maxEnd in
                // Ranges [lo, hi) still to visit; the tree is balanced, so 2 × 64 entries always suffice.
                withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: 128) { stack in
                    var top = 0
                    stack[0] = (0, spans.count)
                    top = 1
                    while top > 0 {
                        top -= 1
                        let (lo, hi) = stack[top]
                        guard lo < hi else { continue }
                        let mid = (lo + hi) / 2
                        guard closed ? maxEnd[mid] >= low : maxEnd[mid] > low else { continue }
                        let start = spans[mid].start.coordinate
                        if closed ? start <= high : start < high {
                            // Visit the right half after the node, and the left half first.
                            stack[top] = (mid + 1, hi)
                            top += 1
                            let end = spans[mid].end.coordinate
                            if !spans[mid].open, closed ? end >= low : end > low { found.append(takeRank[mid] << 32 | mid) }
                        }
                        stack[top] = (lo, mid)
                        top += 1
                    }
                }
            }
        }
        // Open takes run to the end of the score: those starting before `high` are the ones that overlap.
        for i in openSpans {
            let start = spans[i].start.coordinate
            guard closed ? start <= high : start < high else { break }
            let end = spans[i].end.coordinate
            if closed ? end >= low : end > low { found.append(takeRank[i] << 32 | i) }
        }
        found.sort()
        for i in found.indices { found[i] &= 0xFFFF_FFFF }
        return found
    }

    /// The lowest rating in force over `low…high` (clamped to the take); marks exactly at
    /// `limit` (the start of the next bar) do not count.
    @inline(__always)
    func lowestRating(_ span: Span, from low: Double, to high: Double, limit: Double) -> Int {
        let a = max(span.start.coordinate, low), b = min(span.end.coordinate, high)
        return span.ratings.withUnsafeBufferPointer { list in
            guard !list.isEmpty else { return span.initial }
            var lo = 0, hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if list[mid].place.coordinate <= a { lo = mid + 1 } else { hi = mid }
            }
            return Self.lowestRating(list, next: lo, to: b, limit: limit, initial: span.initial)
        }
    }

    /// The lowest rating in force from a point up to `b`, given `next`, the index of the first rating after
    /// the point: the rating before it (`initial` when there is none) and every rating before `b` (and at `b` unless
    /// `b` is `limit`, the start of the next bar). Shared by the queries and `RatingSweep`.
    @inline(__always)
    static func lowestRating(_ list: UnsafeBufferPointer<RatingPoint>, next: Int, to b: Double, limit: Double, initial: Int) -> Int {
        var lowest = next > 0 ? list[next - 1].value : initial
        var j = next
        while j < list.count, list[j].place.coordinate < b || (list[j].place.coordinate == b && b < limit) {
            lowest = min(lowest, list[j].value)
            j += 1
        }
        return lowest
    }

    /// The rating of a take in force at a place: its last rating mark at or before it, else its initial rating.
    func rating(_ span: Span, at place: Place) -> Int {
        let list = span.ratings
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid].place <= place { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? list[lo - 1].value : span.initial
    }

    /// The pass of the bar at an index in playing order (1 in score order).
    func pass(at index: Int) -> Int { passes.isEmpty ? 1 : passes[index] }

    /// The playing order, nil when it is the score order.
    public var playingOrder: PlayingOrder? { axis.order }

    /// Full or partial coverage of bars `first…last` (indices in playing order) by a span, nil when it does not overlap them.
    @inline(__always)
    func coverage(_ span: Span, first: Int, last: Int) -> Coverage? {
        let s = span.start.coordinate, e = span.end.coordinate
        if s <= Double(first) + 0.25, e >= Double(last) + 0.75 { return .full }
        if s < Double(last + 1), e > Double(first) { return .partial }
        return nil
    }
}
