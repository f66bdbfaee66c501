import Foundation

/// Downbeats on a chord of the harmony that sounds before them, found by their notes' re-attack.
///
/// Chroma cannot tell a chord held under a fermata from the next chord of the same harmony, and the path often
/// leaves the held chord early. The downbeat's notes are struck again there, so their level rises: over a few
/// frames, since a voice or a bow swells in and vibrato makes the level flicker from frame to frame.
extension ScoreFollower {
    /// Whether every pitch class struck at `time` sounds just before it (within `freshGap` seconds).
    func repeatsHarmony(_ timeline: ScoreTimeline, at time: Double) -> Bool {
        let struck = struckPitches(timeline, at: time)
        guard !struck.isEmpty else { return false }
        let before = Set(timeline.notes.filter { $0.onset < time - 0.005 && $0.offset > time - options.freshGap }.map { $0.pitch % 12 })
        return Set(struck.map { $0 % 12 }).isSubset(of: before)
    }

    /// Whether a fermata's elastic span covers `time` or ends less than `reattackFermataReach` nominal seconds before it.
    func nearFermata(_ timeline: ScoreTimeline, at time: Double) -> Bool {
        timeline.elastic.contains { $0.lowerBound <= time + 0.005 && $0.upperBound >= time - 0.005 - options.reattackFermataReach }
    }

    /// The level of `pitches`' partials (weighted by ``onsetPartials``, over the weights' sum) at each frame of `frames`.
    func partialLevel(of pitches: [Int], frames: ClosedRange<Int>, audio: AudioFeatures) -> [Float] {
        var level = [Float](repeating: 0, count: frames.count)
        var total: Float = 0
        for _ in pitches { for (_, weight) in ScoreFollower.onsetPartials { total += weight } }
        guard total > 0 else { return level }
        audio.pitchLevel.withUnsafeBufferPointer { energy in
            for t in frames {
                var e: Float = 0
                for p in pitches {
                    for (offset, weight) in ScoreFollower.onsetPartials where p + offset < 109 { e += weight * energy[t * 128 + p + offset] }
                }
                level[t - frames.lowerBound] = e / total
            }
        }
        return level
    }

    /// The rise of `level` at each index from `span`'s lower bound: its mean over the `half` frames from there less its
    /// mean over the `half` frames before (`level` must reach `half` beyond `span` on both sides).
    static func slowRise(_ level: [Float], span: ClosedRange<Int>, half: Int) -> [Float] {
        span.map { t in
            var after: Float = 0, before: Float = 0
            for d in 0..<half { after += level[t + d]; before += level[t - 1 - d] }
            return (after - before) / Float(half)
        }
    }

    /// Moves the downbeats (read off the path, before refinement) that repeat the harmony before them near a fermata
    /// onto the strongest slow rise of their fresh notes, searched from `reattackBefore` frames before the path's
    /// estimate to `reattackAfter` after (leaving the bar before and this one at least half their laid-out length up to
    /// the neighbouring downbeats), when it rises at least `reattackMinimum` and `reattackRatio` times more than the
    /// level does at the estimate (the most from 3 frames before it to `reattackHere` after). The refinement then
    /// moves it onto the attack.
    func reattack(_ measures: inout [FollowedMeasure], timeline: ScoreTimeline, path: [SubsequenceDTW.Point], audio: AudioFeatures) {
        let rate = FeatureSequence.frameRate
        let original = measures.map { $0.time * rate }
        let count = audio.flux.count
        let half = options.reattackHalf
        for k in measures.indices {
            let beat = timeline.downbeats[measures[k].index]
            guard repeatsHarmony(timeline, at: beat) || options.reattackScope >= 2 else { continue }
            guard options.reattackScope >= 1 || nearFermata(timeline, at: beat) else { continue }
            let estimate = original[k]
            var low = estimate - Double(options.reattackBefore), high = estimate + Double(options.reattackAfter)
            // The neighbouring downbeats stay where the path put them: this bar and the one before keep at least half
            // their laid-out length.
            let index = measures[k].index
            if k > 0, measures[k - 1].index == index - 1 {
                low = max(low, original[k - 1] + 0.5 * (beat - timeline.downbeats[index - 1]) * rate)
            }
            if k + 1 < measures.count, measures[k + 1].index == index + 1 {
                high = min(high, original[k + 1] - 0.5 * (timeline.downbeats[index + 1] - beat) * rate)
            }
            let pitches = freshPitches(timeline, at: beat)
            // A later note of the same pitches rises as a re-attack does: the search ends before the path reaches it.
            if let margin = options.reattackBeforeNextStrike,
               let next = timeline.notes.filter({ $0.struck && $0.onset > beat + 0.005 && pitches.contains($0.pitch) }).map(\.onset).min() {
                high = min(high, audioFrameAt(scoreFrame: next * rate, path: path) - Double(margin))
            }
            let first = max(half, Int(low.rounded(.up))), last = min(count - 1 - half, Int(high))
            let centre = Int(estimate.rounded())
            guard first <= centre, centre <= last else { continue }
            let level = partialLevel(of: pitches, frames: (first - half)...(last + half), audio: audio)
            let rise = ScoreFollower.slowRise(level, span: half...(last - first + half), half: half)
            var best = 0
            for i in rise.indices where rise[i] > rise[best] { best = i }
            let near = max(0, centre - 3 - first)...max(0, min(rise.count - 1, centre + options.reattackHere - first))
            let here = max(0, rise[near].max() ?? 0)
            let moved = first + best
            guard rise[best] >= options.reattackMinimum, rise[best] >= options.reattackRatio * here,
                  abs(moved - centre) >= options.reattackMinimumShift else { continue }
            measures[k].time = Double(moved) / rate
        }
    }
}
