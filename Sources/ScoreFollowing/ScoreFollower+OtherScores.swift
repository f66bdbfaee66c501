import Foundation

extension ScoreFollower {
    /// A take's audio followed through a score other than its own, to tell which piece the take is of.
    public struct OtherScore: Sendable {
        /// The other score's index among those compared (a session's score index, or a command line's order).
        public var index: Int
        /// How far the take is from that score (``ScoreFollower/mismatch(_:)``; lower is closer).
        public var mismatch: Double
        /// The take's confidence on that score.
        public var confidence: Double
        /// The take followed through that score.
        public var result: FollowResult
    }

    /// How far a take is from a score (``MatchEvidence/mismatch``, unclamped; lower is closer), else one less its
    /// confidence.
    ///
    /// On FollowBench's tuning corpora a take's own score had the lower mismatch in all 538 pairs of the same audio
    /// through its own and another piece's score, including every wrong-piece take the confidence threshold lets
    /// through (docs/follow.md, "Several scores in a session").
    public static func mismatch(_ result: FollowResult) -> Double {
        result.evidence?.mismatch ?? 1 - result.confidence
    }

    /// The closest of `compared` (``compare(audio:others:)``, closest first) when it matches the take better than
    /// `own`, the take followed through its own score (a strictly lower mismatch); nil when none does.
    public static func betterScore(_ compared: [OtherScore], than own: FollowResult) -> OtherScore? {
        guard let best = compared.first, best.mismatch < mismatch(own) else { return nil }
        return best
    }

    /// Follows `audio` through each of `others` and returns how well it matches each, closest first (ties in index
    /// order).
    ///
    /// A score through which no path at all is found is left out: the take is not of it.
    /// - Throws: `FollowError.missingLibrary` (or an audio error) as ``follow(score:audio:refuse:)`` does.
    public func compare(audio: AudioSignal, others: [(index: Int, score: FollowedScore)]) throws -> [OtherScore] {
        var found: [OtherScore] = []
        for (index, score) in others {
            do {
                let result = try follow(score: score, audio: audio, refuse: false)
                found.append(OtherScore(index: index, mismatch: Self.mismatch(result), confidence: result.confidence, result: result))
            } catch FollowError.otherPiece {
                continue
            }
        }
        return found.enumerated().sorted { a, b in
            a.element.mismatch != b.element.mismatch ? a.element.mismatch < b.element.mismatch : a.offset < b.offset
        }.map(\.element)
    }
}
