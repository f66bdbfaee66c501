import Foundation

/// A downbeat moved to where the score's local rhythm lies in the audio: repeated strikes of the same pitches told
/// apart by the onsets around them.
extension ScoreFollower {
    /// The score's struck onsets within `span` nominal seconds of `time`, each as (nominal seconds from `time`, its
    /// fresh pitches), the downbeat's own (offset 0) included.
    func rhythmOnsets(_ timeline: ScoreTimeline, around time: Double, span: Double) -> [(offset: Double, pitches: [Int])] {
        var times: [Double] = []
        for note in timeline.notes where note.struck && abs(note.onset - time) <= span {
            if !times.contains(where: { abs($0 - note.onset) < 0.005 }) { times.append(note.onset) }
        }
        return times.sorted().map { ($0 - time, freshPitches(timeline, at: $0)) }.filter { !$0.pitches.isEmpty }
    }

    /// The audio frames per score frame of `path` around score frame `frame`, over `reach` score frames either side
    /// (clamped to the path), between 1/3 and 3; 1 where the path is too short to tell.
    func localScale(_ path: [SubsequenceDTW.Point], at frame: Double, reach: Double) -> Double {
        guard let first = path.first, let last = path.last else { return 1 }
        let low = max(Double(first.score), frame - reach), high = min(Double(last.score), frame + reach)
        guard high - low >= reach / 2 else { return 1 }
        let scale = (audioFrameAt(scoreFrame: high, path: path) - audioFrameAt(scoreFrame: low, path: path)) / (high - low)
        return min(max(scale, 1.0 / 3), 3)
    }

    /// How well the score's onsets around a downbeat (`onsets`, nominal seconds from it, at `scale` audio frames per
    /// score frame) match the audio with the downbeat at each frame from `frame - radius` to `frame + radius`: the mean
    /// over the onsets of their fresh pitches' partial rise (``partialRise(of:frames:audio:)``, divided by its mean over
    /// the window) at the best frame within one of where the onset falls. Indexed from `frame - radius`.
    func rhythmMatch(_ onsets: [(offset: Double, pitches: [Int])], near frame: Int, radius: Int, scale: Double,
                     audio: AudioFeatures, own: Float = 1, tolerance: Int = 1) -> [Float] {
        let count = audio.flux.count, rate = FeatureSequence.frameRate
        let offsets = onsets.map { Int(($0.offset * rate * scale).rounded()) }
        guard let lowest = offsets.min(), let highest = offsets.max() else { return [] }
        let first = max(1, frame - radius + lowest - tolerance), last = min(count - 1, frame + radius + highest + tolerance)
        guard first < last else { return [] }
        var match = [Float](repeating: 0, count: 2 * radius + 1)
        let total = onsets.reduce(Float(0)) { $0 + (abs($1.offset) < 0.005 ? own : 1) }
        for (j, onset) in onsets.enumerated() {
            let weight = (abs(onset.offset) < 0.005 ? own : 1) / total
            let rise = partialRise(of: onset.pitches, frames: first...last, audio: audio)
            let mean = rise.reduce(0, +) / Float(rise.count)
            guard mean > 0 else { continue }
            for d in -radius...radius {
                let t = frame + d + offsets[j]
                var best: Float = 0
                let lo = min(max(first, t - tolerance), last), hi = max(lo, min(last, t + tolerance))
                for u in lo...hi { best = max(best, rise[u - first]) }
                match[d + radius] += weight * best / mean
            }
        }
        return match
    }

    /// The offset from the path's frame the rhythm moves a downbeat by (nil: none): the offset of `match` (indexed
    /// from `-radius`) that matches best, if it lies more than `keep` frames away and matches at least `margin` times
    /// as well as the best within `keep`.
    func chosenShift(_ match: [Float], radius: Int, keep: Int, margin: Float) -> Int? {
        guard match.count == 2 * radius + 1, keep < radius else { return nil }
        let best = (-radius...radius).max { match[$0 + radius] < match[$1 + radius] } ?? 0
        let near = match[(radius - keep)...(radius + keep)].max() ?? 0
        return abs(best) > keep && near > 0 && match[best + radius] >= margin * near ? best : nil
    }

    /// Moves each downbeat of `measures` (read off `path`) to the frame within ``Options/rhythmRadius`` where the
    /// score's onsets within ``Options/rhythmSpan`` nominal seconds of it, at the path's local tempo, match the audio's
    /// rises best (``rhythmMatch(_:near:radius:scale:audio:own:tolerance:)``), when that match is at least
    /// ``Options/rhythmMargin`` times the best within ``Options/rhythmKeep`` frames of the path's frame. A repeated
    /// strike of the downbeat's own pitches (an upbeat in octaves) rises as strongly as the downbeat; the notes around
    /// it do not fall where the score's rhythm puts them.
    func rhythmShift(_ measures: inout [FollowedMeasure], timeline: ScoreTimeline, path: [SubsequenceDTW.Point],
                     audio: AudioFeatures) {
        let rate = FeatureSequence.frameRate, radius = options.rhythmRadius, keep = options.rhythmKeep
        guard radius > keep else { return }
        for k in measures.indices {
            let beat = timeline.downbeats[measures[k].index]
            let onsets = rhythmOnsets(timeline, around: beat, span: options.rhythmSpan)
            guard onsets.count >= options.rhythmMinimumOnsets else { continue }
            let frame = Int((measures[k].time * rate).rounded())
            let scale = localScale(path, at: beat * rate, reach: options.rhythmTempoReach * rate)
            let match = rhythmMatch(onsets, near: frame, radius: radius, scale: scale, audio: audio,
                                    own: options.rhythmOwnWeight, tolerance: options.rhythmTolerance)
            guard let shift = chosenShift(match, radius: radius, keep: keep, margin: options.rhythmMargin) else { continue }
            measures[k].time = Double(frame + shift) / rate
        }
    }
}
