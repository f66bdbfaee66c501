import Foundation

extension ScoreFollower {
    /// The take's features on the grid of its own reference pitch, and that reference.
    ///
    /// Given (`Options.referencePitch`): analysed at it. Else the spectrum's deviation from the 440 Hz grid
    /// (``ReferencePitch/deviation(of:size:every:lowest:highest:range:)``) sets the grid within a semitone, and the
    /// whole semitone is decided by the score: the coarse alignment of the take's features on that grid, transposed a
    /// semitone down and up, against `score`; an offset is kept only when its total cost is at least `semitoneMargin`
    /// lower than the grid's own, so that a take of another piece gains little from the two extra tries.
    func tunedFeatures(of audio: AudioSignal, score: FeatureSequence) throws -> (features: AudioFeatures, choice: ReferencePitch.Choice) {
        if let fixed = options.referencePitch {
            return (try features(of: audio, reference: fixed), ReferencePitch.Choice(reference: fixed))
        }
        var deviation: ReferencePitch.Deviation?
        var cents = 0.0
        if options.estimateTuning {
            let found = try ReferencePitch.deviation(of: audio)
            deviation = found
            if abs(found.cents) >= options.tuningSnap, found.concentration >= options.tuningConcentration { cents = found.cents }
        }
        let grid = ReferencePitch.frequency(cents: cents)
        let analysed = try features(of: audio, reference: grid)
        var choice = ReferencePitch.Choice(reference: grid, deviation: deviation)
        guard options.semitoneSearch else { return (analysed, choice) }
        var coarseAudio = analysed.features
        if !options.onsetFeatures { coarseAudio.onset = [Float](repeating: 0, count: coarseAudio.onset.count) }
        coarseAudio = coarseAudio.downsampled(by: options.coarseFactor)
        guard let own = coarsePass(score, coarseAudio), own.total > 0 else { return (analysed, choice) }
        var costs = [1.0, 1.0, 1.0]
        for semitones in [-1, 1] {
            guard let other = coarsePass(score, coarseAudio.transposed(by: semitones)) else { continue }
            costs[semitones + 1] = other.total / own.total
        }
        choice.offsetCosts = costs
        let best = costs[0] < costs[2] ? -1 : 1
        guard costs[best + 1] < 1 - options.semitoneMargin else { return (analysed, choice) }
        choice.semitones = best
        choice.reference = grid * pow(2, Double(best) / 12)
        return (try features(of: audio, reference: choice.reference), choice)
    }
}
