import Foundation

/// The score laid out in time as it is played: each played measure's downbeat and every note, in seconds at
/// the score's own tempo (its metronome marks, else `defaultTempo`) stretched by `scale`.
public struct ScoreTimeline: Sendable {
    /// Quarter notes per minute where the score names no tempo.
    public static let defaultTempo = 100.0
    public var order: [PlayedMeasure]
    /// Nominal time of each played measure's downbeat, and the end of the last one.
    public var downbeats: [Double]
    public var end: Double
    /// Notes as (pitch, onset, offset, struck) in nominal seconds.
    public var notes: [(pitch: Int, onset: Double, offset: Double, struck: Bool)]

    public init(score: FollowedScore, scale: Double = 1) {
        order = score.playingOrder
        var tempoAt = [Double](repeating: ScoreTimeline.defaultTempo, count: score.measures.count)
        var tempo = score.measures.first(where: { $0.tempo != nil })?.tempo ?? ScoreTimeline.defaultTempo
        for (i, m) in score.measures.enumerated() {
            if let t = m.tempo { tempo = t }
            tempoAt[i] = tempo
        }
        var time = 0.0
        downbeats = []
        notes = []
        for played in order {
            let m = score.measures[played.measure]
            let secondsPerQuarter = 60 / tempoAt[played.measure] * scale
            downbeats.append(time)
            for n in m.notes {
                let onset = time + n.onset * secondsPerQuarter
                notes.append((n.pitch, onset, onset + n.duration * secondsPerQuarter, n.struck))
            }
            time += m.duration * secondsPerQuarter
        }
        end = time
    }

    /// The chroma and DLNCO the score would sound like, one frame per 1/50 s.
    public var features: FeatureSequence {
        let rate = FeatureSequence.frameRate
        let count = Int((end * rate).rounded(.up)) + 1
        var chroma = [Float](repeating: 0, count: count * 12)
        var onset = [Float](repeating: 0, count: count * 12)
        for n in notes {
            let first = max(0, Int((n.onset * rate).rounded()))
            let last = min(count - 1, max(first, Int((n.offset * rate).rounded()) - 1))
            for (offset, weight) in FeatureMath.partials {
                let k = (n.pitch + offset) % 12
                if first <= last { for t in first...last { chroma[t * 12 + k] += weight } }
                if n.struck, first < count { onset[first * 12 + k] += weight }
            }
        }
        for i in 0..<chroma.count { chroma[i] = log1pf(chroma[i]) }
        FeatureMath.normalizeFrames(&chroma, count: count)
        return FeatureSequence(chroma: chroma, onset: FeatureMath.decayingNormalizedOnsets(onset, count: count), count: count)
    }
}
