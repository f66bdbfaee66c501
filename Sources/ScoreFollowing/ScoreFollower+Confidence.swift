/// How sure a follower is that a take is of its score: measures of the coarse path against null models.
public struct MatchEvidence: Sendable {
    /// Mean local cost along the coarse path (per aligned audio frame).
    public var pathCost: Double
    /// Mean over the aligned audio frames of the best match anywhere in the score, order ignored: a lower bound
    /// of `pathCost` that any piece with the same chords reaches, right or wrong.
    public var orderFreeCost: Double
    /// The cost of matching at random.
    public var chanceCost: Double
    /// Share of the take's audio frames the path covers (of the quiet at the take's ends, only the first
    /// ``ScoreFollower/Options/edgeQuiet`` seconds count as take).
    public var coverage: Double
    /// The voices' pitches along the fine path (nil: judged by chroma alone).
    public var pitch: PitchEvidence?
    /// The total cost of the best coarse path elsewhere in the score over the best one's (0: not looked for).
    public var secondBestRatio: Double = 0
    /// Whether the rival was followed instead, its pitches matching better.
    public var movedToSecondBest = false
    /// How unlike the score each stretch of the file parted from the path by a pause was found, nearest first, before
    /// then after it (``takeSpan(first:last:silent:pause:unlike:)``; empty: none looked at).
    public var surroundings: [Double] = []
    /// The coarse alignment's total cost a semitone below or above the take's key, the lower, over its cost in the key
    /// (``ReferencePitch/Choice/offsetCosts``; nil: not searched, or the take was moved a semitone). A right take's
    /// chords fit its score in its own key far better than a semitone off (at least 1.05 times the cost on every
    /// tuning and held-out set, median 1.84); a take of another piece fits about as badly either way.
    public var keyContrast: Double?
    /// The mismatch added per unit the key contrast falls below 1 (``keyPenalty``; 0: off).
    public var keyBlindWeight = 0.0

    /// How far the path lies from the order-free bound, as a share of the way from it to chance: a right piece's
    /// path stays near the bound (its chords come in the score's order), a wrong one's cannot.
    public var orderGap: Double { (pathCost - orderFreeCost) / max(1e-6, chanceCost - orderFreeCost) }
}

extension SubsequenceDTW {
    /// Mean over audio frames `frames` of the lowest cost against any score frame.
    func orderFreeCost<Frames: Collection<Int>>(over frames: Frames) -> Double {
        var sum: Double = 0
        for j in frames {
            var best = Float.infinity
            for i in 0..<score.count { best = min(best, cost(i, j)) }
            sum += Double(best)
        }
        return sum / Double(frames.count)
    }
}

extension MatchEvidence {
    /// The order gap plus half the share of the take the path leaves out: a wrong piece's path either strays from
    /// the order-free bound or covers little of the take. Tuned on FollowBench's tuning split: right takes reach
    /// at most 0.42, wrong-piece takes at least 0.50.
    public var chromaMismatch: Double { orderGap + 0.5 * (1 - coverage) + keyPenalty }

    /// A take that fits its score a semitone off at least as well as in its own key is not of that score: the mismatch
    /// rises by `keyBlindWeight` times the contrast's shortfall below 1.
    public var keyPenalty: Double { keyBlindWeight * max(0, 1 - (keyContrast ?? 1)) }

    /// How far the take is from the score. By chroma alone, ``chromaMismatch``. With pitch evidence, the order gap,
    /// 0.7 times the share of the take the path leaves out, and the pitches' mismatch (``PitchEvidence/mismatch``): a
    /// short take of another chorale follows its harmony but not its voices or their attacks. The weights were fitted
    /// (logistic regression, then rounded) on the tuning material of both corpora together, chorales in five sounds,
    /// at other pitches and in rooms, and human piano performances (docs/follow.md, "Human performances"): right
    /// takes mostly below 0.83, wrong-piece takes mostly above it.
    public var mismatch: Double {
        guard let pitch else { return chromaMismatch }
        return orderGap + 0.7 * (1 - coverage) + pitch.mismatch + keyPenalty
    }

    /// Where confidence starts to fall below 1 and where it reaches the refusal threshold (0.3): 0.25 and 0.455 by
    /// chroma alone, 0.56 and 0.83 with pitch evidence.
    var confidenceSpan: (full: Double, refused: Double) { pitch == nil ? (0.25, 0.455) : (0.56, 0.83) }

    /// Confidence 0–1: 1 up to the span's first mismatch, falling linearly to the refusal threshold (0.3) at its second.
    public var confidence: Double {
        let span = confidenceSpan
        return min(1, max(0, 1 - 0.7 * (mismatch - span.full) / (span.refused - span.full)))
    }
}
