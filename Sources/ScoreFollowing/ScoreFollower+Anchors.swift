import Foundation

/// Re-anchoring the fine path at the chord after each fermata.
///
/// Where a fermata is followed by a chord of the same harmony, chroma cannot tell the held chord from the next one
/// and the path may leave the fermata early. Nothing is struck while a fermata is held, so the first strong rise of
/// the next chord's notes after the held chord began is that chord's onset.
extension ScoreFollower {
    /// A score frame the fine path must reach at an audio frame.
    struct Anchor: Equatable { var score: Int; var audio: Int }

    /// For each fermata the path passes through, the score frame of the next struck chord and the audio frame of its
    /// onset: the first rise of its notes' partials reaching `anchorShare` of the strongest one from half the
    /// fermata's laid-out length after the held chord's start to `anchorReach` frames after the path's estimate.
    func holdAnchors(timeline: ScoreTimeline, path: [SubsequenceDTW.Point], audio: AudioFeatures) -> [Anchor] {
        guard let first = path.first, let last = path.last else { return [] }
        let rate = FeatureSequence.frameRate
        let struckOnsets = Array(Set(timeline.notes.filter(\.struck).map { ($0.onset * 1000).rounded() / 1000 })).sorted()
        var anchors: [Anchor] = []
        for span in timeline.elastic {
            // The held chord: the last onset before the fermata's end; the anchor: the first one at or after it.
            guard let next = struckOnsets.first(where: { $0 >= span.upperBound - 0.005 }),
                  let held = struckOnsets.last(where: { $0 < span.upperBound - 0.005 }) else { continue }
            let scoreFrame = Int((next * rate).rounded())
            guard scoreFrame > first.score, scoreFrame < last.score else { continue }
            let estimate = audioFrameAt(scoreFrame: next * rate, path: path)
            let heldStart = audioFrameAt(scoreFrame: held * rate, path: path)
            let low = Int(heldStart) + max(5, Int((next - held) * rate * Double(options.anchorHoldShare)))
            let high = min(audio.flux.count - 1, Int(estimate) + options.anchorReach)
            guard low + 3 < high else { continue }
            let pitches = struckPitches(timeline, at: next)
            guard !pitches.isEmpty else { continue }
            // Only a chord of the held chord's harmony: elsewhere chroma finds the change by itself.
            if options.anchorSameHarmonyOnly {
                let heldClasses = Set(timeline.notes.filter { $0.onset <= held + 0.005 && $0.offset > held + 0.005 }.map { $0.pitch % 12 })
                guard Set(pitches.map { $0 % 12 }).isSubset(of: heldClasses) else { continue }
            }
            let rise = partialRise(of: pitches, frames: low...high, audio: audio)
            guard let strongest = rise.max(), strongest > 0 else { continue }
            guard var t = rise.firstIndex(where: { $0 >= options.anchorShare * strongest }) else { continue }
            while t + 1 < rise.count, rise[t + 1] > rise[t] { t += 1 }
            let peak = rise[t]
            // Nothing rises while the chord is held: the frames before the onset stay well below it.
            let quiet = rise[0..<max(1, t - 3)]
            guard quiet.reduce(0, +) / Float(quiet.count) < 0.25 * peak else { continue }
            var start = t
            while start > 0, rise[start - 1] > options.freshShare * peak { start -= 1 }
            let audioFrame = low + start
            guard audioFrame > first.audio, audioFrame < last.audio, abs(Double(audioFrame) - estimate) >= 3 else { continue }
            if let previous = anchors.last, previous.score >= scoreFrame || previous.audio >= audioFrame { continue }
            anchors.append(Anchor(score: scoreFrame, audio: audioFrame))
        }
        return anchors
    }

    /// `band` narrowed so that a path through it reaches each anchor's score frame at its audio frame: before the
    /// anchor's audio frame the score stays below it, from there on at or above it.
    func anchored(_ band: [Range<Int>], at anchors: [Anchor]) -> [Range<Int>] {
        var ranges = band
        for anchor in anchors {
            for j in ranges.indices where !ranges[j].isEmpty {
                var low = ranges[j].lowerBound, high = ranges[j].upperBound
                if j < anchor.audio {
                    high = min(high, anchor.score)
                    if low >= high { low = max(0, high - 1) }
                } else {
                    low = max(low, anchor.score)
                    if high <= low { high = low + 1 }
                }
                ranges[j] = low..<high
            }
        }
        return ranges
    }
}
