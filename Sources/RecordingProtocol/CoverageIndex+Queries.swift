import ScoreLayout

/// The queries: takes covering a point, a bar or a bar range; the whole-score coverage; gaps; quality.
extension CoverageIndex {
    /// The live takes whose span contains the point (start ≤ point ≤ end in score order), by take number.
    ///
    /// `coverage` is the take's coverage of the bar the point lies in (`full` on a page or system
    /// without bars); `rating` is the rating in force at the point.
    ///
    /// - Throws: `ProtocolError.invalidPosition` for a position not on the layout's pages.
    public func covers(point position: ScorePosition) throws -> [CoverResult] {
        let place: Place
        do { place = try axis.place(position) } catch {
            throw ProtocolError.invalidPosition(what: "query point", position: position, reason: error.reason(position))
        }
        return overlapping(place.coordinate, place.coordinate, closed: true).compactMap { i -> CoverResult? in
            let span = spans[i]
            guard span.start <= place, place <= span.end else { return nil }
            let coverage = place.bar.map { self.coverage(span, first: $0, last: $0) ?? .partial } ?? .full
            return CoverResult(take: span.take, label: span.label, coverage: coverage, rating: rating(span, at: place), open: span.open)
        }
    }

    /// The live takes overlapping a bar (the first bar with this number), by take number.
    ///
    /// - Throws: `ProtocolError.barNotFound`.
    ///
    /// When a piece has a playing order, every pass through the bar is asked: a take is listed once, with
    /// the passes it overlaps (`passes`), `full` when it fully covers the bar on one of them, and the best rating
    /// among the passes it covers that way (among all of its passes when it covers none fully).
    public func covers(bar number: BarNumber) throws -> [CoverResult] {
        let first = try index(of: number)
        guard !passes.isEmpty else { return covers(barIndex: first) }
        let slots = slots(ofBar: bars[first].globalIndex)
        var perTake: [Int: [(pass: Int, result: CoverResult)]] = [:]
        for slot in slots {
            for result in covers(barIndex: slot) { perTake[result.take, default: []].append((pass(at: slot), result)) }
        }
        var merged: [Int: CoverResult] = [:]
        for (take, list) in perTake {
            let full = list.filter { $0.result.coverage == .full }
            var entry = list[0].result
            entry.coverage = full.isEmpty ? .partial : .full
            entry.rating = (full.isEmpty ? list : full).map(\.result.rating).max() ?? entry.rating
            entry.passes = list.map(\.pass)
            merged[take] = entry
        }
        return merged.values.sorted { $0.take < $1.take }
    }

    /// The live takes overlapping one pass of a bar (the first bar with this number), by take number.
    ///
    /// - Throws: `ProtocolError.barNotFound`, or `.passNotFound` when the playing order goes through the bar fewer times.
    public func covers(bar number: BarNumber, pass: Int) throws -> [CoverResult] {
        covers(barIndex: try index(of: number, pass: pass))
    }

    /// The live takes overlapping the bar at a 0-based index in playing order (score order when no piece has an order), by take number (empty for an index outside the score).
    ///
    /// `rating` is the lowest rating in force inside the bar within the take.
    public func covers(barIndex index: Int) -> [CoverResult] {
        covers(first: index, last: index)
    }

    /// The live takes overlapping a range of bars, by take number.
    ///
    /// `full` means the take fully covers every bar of the range (from 25% into the first to 75%
    /// into the last); `rating` is the lowest rating in force inside the range within the take.
    ///
    /// - Throws: `ProtocolError.barNotFound`, or `.invalidBarRange` when the last bar comes before the first in the score.
    public func covers(bars range: ClosedRange<BarNumber>) throws -> [CoverResult] {
        let first = try index(of: range.lowerBound), last = try index(of: range.upperBound)
        guard first <= last else {
            throw ProtocolError.invalidBarRange(from: range.lowerBound.description, to: range.upperBound.description)
        }
        return covers(first: first, last: last)
    }

    func covers(first: Int, last: Int) -> [CoverResult] {
        guard first >= 0, last < bars.count, first <= last else { return [] }
        let low = Double(first), high = Double(last + 1)
        let found = overlapping(low, high, closed: false)
        var results: [CoverResult] = []
        results.reserveCapacity(found.count)
        spans.withUnsafeBufferPointer { spans in
            for i in found {
                guard let coverage = coverage(spans[i], first: first, last: last) else { continue }
                let rating = lowestRating(spans[i], from: low, to: high, limit: high)
                results.append(CoverResult(take: spans[i].take, label: spans[i].label, coverage: coverage, rating: rating, open: spans[i].open))
            }
        }
        return results
    }

    /// The whole-score coverage ("what is in the can"): for every bar in score order, its takes and best rating.
    public func coverage() -> [BarCoverage] {
        bars.enumerated().map { slot, bar in
            var full: [Int] = [], partial: [Int] = []
            var best: Int?
            for result in covers(barIndex: slot) {
                if result.coverage == .full {
                    full.append(result.take)
                    best = max(best ?? result.rating, result.rating)
                } else {
                    partial.append(result.take)
                }
            }
            var coverage = BarCoverage(bar: bar.number, index: slot, takes: full, partial: partial, best: best)
            coverage.pass = pass(at: slot)
            return coverage
        }
    }

    /// The bars that still need a take: bars no take fully covers, and bars whose best rating is below `threshold`.
    public func gaps(threshold: Int = 3) -> [Gap] {
        coverage().compactMap { bar in
            var gap: Gap
            if let best = bar.best {
                guard best < threshold else { return nil }
                gap = Gap(bar: bar.bar, index: bar.index, reason: .belowThreshold(best: best))
            } else {
                gap = Gap(bar: bar.bar, index: bar.index, reason: .uncovered)
            }
            gap.pass = bar.pass
            return gap
        }
    }

    /// quality(take, bar): the lowest rating in force inside the bar within the take, minus 1 for
    /// every live problem mark of the take touching the bar; nil when the take is deleted, unknown
    /// or does not overlap the bar.
    ///
    /// A problem mark touches every bar from the bar of its `at` to the bar of its `to`.
    public func quality(take: Int, barIndex index: Int) -> Int? {
        guard let i = spanOfTake[take], index >= 0, index < bars.count,
              coverage(spans[i], first: index, last: index) != nil else { return nil }
        let rating = lowestRating(spans[i], from: Double(index), to: Double(index + 1), limit: Double(index + 1))
        var touching = 0
        for range in problems[take] ?? [] {
            if range.lowerBound > index { break }
            if range.upperBound >= index { touching += 1 }
        }
        return rating - touching
    }

    /// quality(take, bar) for the first bar with this number (see `quality(take:barIndex:)`).
    ///
    /// - Throws: `ProtocolError.barNotFound`.
    public func quality(take: Int, bar number: BarNumber) throws -> Int? {
        quality(take: take, barIndex: try index(of: number))
    }

    /// The number of bars in the layout.
    public var barCount: Int { bars.count }

    /// The (session) page of the bar at an index in playing order, nil outside the score.
    public func page(ofBarIndex index: Int) -> Int? {
        bars.indices.contains(index) ? bars[index].page : nil
    }

    /// The index in playing order of the first time through the first bar with this number.
    private func index(of number: BarNumber) throws -> Int {
        guard let index = bars.firstIndex(where: { $0.number == number && barScope?.contains($0.globalIndex) != false }) else {
            throw ProtocolError.barNotFound(number.description)
        }
        return index
    }

    /// The indices in playing order of every pass through a bar (by its global index in score order).
    func slots(ofBar global: Int) -> [Int] {
        axis.order.map { $0.slotsOfBar[global] } ?? [global]
    }

    /// The index in playing order of a pass through the first bar with this number.
    ///
    /// - Throws: `ProtocolError.barNotFound`, or `.passNotFound` when the order goes through the bar fewer times.
    public func index(of number: BarNumber, pass: Int) throws -> Int {
        let first = try index(of: number)
        let slots = slots(ofBar: bars[first].globalIndex)
        guard pass >= 1, pass <= slots.count else {
            throw ProtocolError.passNotFound(bar: number.description, pass: pass, passes: slots.count)
        }
        return slots[pass - 1]
    }
}
