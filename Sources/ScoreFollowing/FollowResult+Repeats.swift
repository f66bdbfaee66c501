import RecordingProtocol

/// A take inside a repeat: the audio fits every pass through the same measures alike; a hint (where the producer tapped)
/// chooses.
extension FollowResult {
    /// The result moved onto the pass through the same measures nearest `index` (0-based, in the expanded playing order
    /// `order`, as ``FollowedMeasure/index``): unchanged when no other run of the playing order plays the same notated
    /// measures (a volta, or what follows, tells the passes apart) or its own run lies nearest.
    ///
    /// The measure before the first downbeat must match too when the take's music begins more than
    /// ``AudioAlignment/leadIn`` before it. Times, confidence and path stay as they are: only `index` and `pass` move.
    public func onRepeat(nearest index: Double, order: [PlayedMeasure]) -> FollowResult {
        guard let run = playedRun(in: order) else { return self }
        let shift = PlayingOrder.offsetToNearestRepeat(of: run.slots, bars: run.bars, near: index, barBefore: run.barBefore)
        guard shift != 0 else { return self }
        var moved = self
        moved.measures = measures.map { measure in
            var m = measure
            m.index += shift
            m.pass = order[m.index].pass
            return m
        }
        return moved
    }
}

extension FollowResult {
    /// The passes, other than its own, through which the take's measures are played again alike (the pass of the first
    /// measure at each other run of the same notated measures, in playing order): where `follow --near` or a producer's
    /// tap must choose. Empty when the audio can lie only where it was found. The measure before the first downbeat
    /// must match too when the take's music begins more than ``AudioAlignment/leadIn`` before it.
    public func otherPasses(order: [PlayedMeasure]) -> [Int] {
        guard let run = playedRun(in: order) else { return [] }
        return PlayingOrder.repeatOffsets(of: run.slots, bars: run.bars, barBefore: run.barBefore)
            .map { order[run.slots.lowerBound + $0].pass }
    }

    /// The take's measures as a run of `order` (their first to last index), the notated measure of each slot, and
    /// whether the measure before the run must match too (the music begins more than ``AudioAlignment/leadIn`` before
    /// the first downbeat); nil when the take has no measure or lies beyond `order`.
    private func playedRun(in order: [PlayedMeasure]) -> (slots: ClosedRange<Int>, bars: [Int], barBefore: Bool)? {
        guard let first = measures.min(by: { $0.index < $1.index }), let last = measures.max(by: { $0.index < $1.index }),
              last.index < order.count else { return nil }
        return (first.index...last.index, order.map(\.measure), start < first.time - AudioAlignment.leadIn)
    }
}

extension FollowedScore {
    /// The 0-based index in the expanded playing order of measure `number`'s `pass`-th time (nil: the order does not
    /// play it that often).
    public func playedIndex(number: String, pass: Int = 1) -> Int? {
        playingOrder.firstIndex { measures[$0.measure].number == number && $0.pass == pass }
    }
}
