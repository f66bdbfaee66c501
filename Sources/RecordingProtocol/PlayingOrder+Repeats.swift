/// The same bars played again: where a run of slots recurs (a repeat's other pass, a D.C.).
extension PlayingOrder {
    /// The offset, in slots, that moves the run `span` onto the time through the same bars that lies nearest `target`.
    ///
    /// Another run is the same music when each of its slots plays the bar of the corresponding slot of `span`; audio
    /// alone cannot tell such runs apart, a producer's tap can. Among them, `span` itself included, the run whose first
    /// slot lies nearest `target` (a slot coordinate, as a tap's) wins; `span` itself on a tie. 0 when no other run
    /// plays the same bars, or `span` is not inside the order. `barBefore`: the bar before the run must match too (the
    /// audio holds music before the run's first downbeat: ``AudioAlignment/leadIn``).
    public func offsetToNearestRepeat(of span: ClosedRange<Int>, near target: Double, barBefore: Bool = false) -> Int {
        Self.offsetToNearestRepeat(of: span, bars: slots.map(\.bar), near: target, barBefore: barBefore)
    }

    /// ``offsetToNearestRepeat(of:near:barBefore:)`` over any playing order: `bars[k]` is the bar (or notated measure)
    /// played k-th.
    public static func offsetToNearestRepeat(of run: ClosedRange<Int>, bars: [Int], near target: Double, barBefore: Bool = false) -> Int {
        guard target.isFinite else { return 0 }
        let span = barBefore && run.lowerBound > 0 ? (run.lowerBound - 1)...run.upperBound : run
        let target = target - Double(run.lowerBound - span.lowerBound)
        // The run itself first: on a tie it stays (`min` answers the first of equals).
        return ([0] + repeatOffsets(of: run, bars: bars, barBefore: barBefore))
            .min { abs(Double(span.lowerBound + $0) - target) < abs(Double(span.lowerBound + $1) - target) } ?? 0
    }

    /// Every offset, in slots, that moves the run onto another time through the same bars (``offsetToNearestRepeat(of:bars:near:barBefore:)``
    /// without a target), in playing order; empty when none plays them again or the run is not inside the order.
    public static func repeatOffsets(of run: ClosedRange<Int>, bars: [Int], barBefore: Bool = false) -> [Int] {
        guard run.lowerBound >= 0, run.upperBound < bars.count else { return [] }
        let span = barBefore && run.lowerBound > 0 ? (run.lowerBound - 1)...run.upperBound : run
        let length = span.count
        return (0...(bars.count - length)).filter { start in
            start != span.lowerBound && (0..<length).allSatisfy { bars[start + $0] == bars[span.lowerBound + $0] }
        }.map { $0 - span.lowerBound }
    }
}
