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
        guard run.lowerBound >= 0, run.upperBound < bars.count, target.isFinite else { return 0 }
        let span = barBefore && run.lowerBound > 0 ? (run.lowerBound - 1)...run.upperBound : run
        let target = target - Double(run.lowerBound - span.lowerBound)
        let length = span.count
        var best = 0
        var bestDistance = abs(Double(span.lowerBound) - target)
        for start in 0...(bars.count - length) where start != span.lowerBound {
            let distance = abs(Double(start) - target)
            guard distance < bestDistance else { continue }
            if (0..<length).allSatisfy({ bars[start + $0] == bars[span.lowerBound + $0] }) {
                best = start - span.lowerBound
                bestDistance = distance
            }
        }
        return best
    }
}
