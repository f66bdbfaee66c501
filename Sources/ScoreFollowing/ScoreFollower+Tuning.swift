import Foundation

extension ScoreFollower {
    /// A take analysed on the grid of its own reference pitch, ready for the passes of ``follow(score:audio:refuse:)``.
    struct TunedTake {
        /// The take's features on that grid.
        var features: AudioFeatures
        /// The reference they were analysed at, and what chose it.
        var choice: ReferencePitch.Choice
        /// The take's sequence as the passes align it (``ScoreFollower/alignedSequence(_:)``).
        var aligned: FeatureSequence
        /// `aligned` downsampled for the coarse pass.
        var coarseAudio: FeatureSequence
        /// The coarse pass of `coarseAudio` against the score, when choosing the semitone made it already (nil: not
        /// made, or no alignment).
        var coarse: SubsequenceDTW.Result?
    }

    /// The take's sequence as the coarse and fine passes align it: its onsets cleared when `onsetFeatures` is off,
    /// and at its entry unless only the fine pass clears them (``clearingEntryOnsets(_:frames:quiet:everyEntry:)``).
    func alignedSequence(_ features: FeatureSequence) -> FeatureSequence {
        var sequence = features
        if !options.onsetFeatures { sequence.onset = [Float](repeating: 0, count: sequence.onset.count) }
        guard !options.entryFineOnly else { return sequence }
        return ScoreFollower.clearingEntryOnsets(sequence, frames: options.entryOnsetFrames, quiet: options.entryQuiet,
                                                 everyEntry: options.everyEntry)
    }

    /// The take analysed on the grid of its own reference pitch.
    ///
    /// Given (`Options.referencePitch`): analysed at it. Else the spectrum's deviation from the 440 Hz grid
    /// (``ReferencePitch/deviation(of:size:every:lowest:highest:range:)``) sets the grid within a semitone, and the
    /// whole semitone is decided by the score: the coarse alignment of the take's features on that grid, transposed a
    /// semitone down and up, against `score`; an offset is kept only when its total cost is at least `semitoneMargin`
    /// lower than the grid's own, so that a take of another piece gains little from the two extra tries. When the grid
    /// is kept, its coarse alignment is handed on (``TunedTake/coarse``), not made again. With a session's pitch
    /// (`Options.sessionPitch`) the grid is that pitch's and no offset is kept, though their costs are measured.
    func tunedFeatures(of audio: AudioSignal, score: FeatureSequence) throws -> TunedTake {
        func tuned(_ features: AudioFeatures, _ choice: ReferencePitch.Choice) -> TunedTake {
            let aligned = alignedSequence(features.features)
            let coarse = features.coarseFeatures.map(alignedSequence) ?? aligned
            return TunedTake(features: features, choice: choice, aligned: aligned, coarseAudio: coarse.downsampled(by: options.coarseFactor))
        }
        if let fixed = options.referencePitch {
            return tuned(try features(of: audio, reference: fixed), ReferencePitch.Choice(reference: fixed))
        }
        var deviation: ReferencePitch.Deviation?
        var cents = 0.0
        if let session = options.sessionPitch {
            cents = ReferencePitch.cents(of: session)
        } else if options.estimateTuning {
            let found = try ReferencePitch.deviation(of: audio)
            deviation = found
            if abs(found.cents) >= options.tuningSnap, found.concentration >= options.tuningConcentration { cents = found.cents }
        }
        let grid = ReferencePitch.frequency(cents: cents)
        var take = tuned(try features(of: audio, reference: grid), ReferencePitch.Choice(reference: grid, deviation: deviation))
        guard options.semitoneSearch, let own = coarsePass(score, take.coarseAudio) else { return take }
        take.coarse = own
        guard own.total > 0 else { return take }
        var costs = [1.0, 1.0, 1.0]
        for semitones in [-1, 1] {
            guard let other = coarsePass(score, take.coarseAudio.transposed(by: semitones)) else { continue }
            costs[semitones + 1] = other.total / own.total
        }
        take.choice.offsetCosts = costs
        guard options.sessionPitch == nil else { return take }
        let best = costs[0] < costs[2] ? -1 : 1
        guard costs[best + 1] < 1 - options.semitoneMargin else { return take }
        var choice = take.choice
        choice.semitones = best
        choice.reference = grid * pow(2, Double(best) / 12)
        return tuned(try features(of: audio, reference: choice.reference), choice)
    }
}
