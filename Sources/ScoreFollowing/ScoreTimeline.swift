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
    /// Spans in nominal seconds where the tempo may stretch freely: each fermata's span with `fermataLead`
    /// quarters before it (the ritardando into it).
    public var elastic: [Range<Double>] = []

    /// `fermataStretch`: how many times its written length a span under a fermata is held.
    public init(score: FollowedScore, scale: Double = 1, fermataStretch: Double = 1, fermataLead: Double = 0) {
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
            let held = ScoreTimeline.merged(m.fermatas)
            // Quarters from the measure's start with the spans under a fermata lengthened.
            func stretched(_ q: Double) -> Double {
                q + (fermataStretch - 1) * held.reduce(0) { $0 + max(0, min(q, $1.upperBound) - $1.lowerBound) }
            }
            downbeats.append(time)
            for span in held {
                elastic.append(max(0, time + (stretched(span.lowerBound) - fermataLead) * secondsPerQuarter)..<(time + stretched(span.upperBound) * secondsPerQuarter))
            }
            for n in m.notes {
                notes.append((n.pitch, time + stretched(n.onset) * secondsPerQuarter,
                              time + stretched(n.onset + n.duration) * secondsPerQuarter, n.struck))
            }
            time += stretched(m.duration) * secondsPerQuarter
        }
        end = time
    }

    /// `spans` sorted and overlapping ones joined.
    static func merged(_ spans: [Range<Double>]) -> [Range<Double>] {
        var out: [Range<Double>] = []
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, span.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                out.append(span)
            }
        }
        return out
    }

    /// The chroma and DLNCO the score would sound like, one frame per 1/50 s.
    public var features: FeatureSequence { features(ringing: 0) }

    /// The chroma and DLNCO the score would sound like in a room that keeps each note ringing after its written end:
    /// its chroma goes on at `ringLevel` of its weight, decaying by a factor e every `ringing` seconds, for three of them
    /// (a reverberant room's tail, a piano's pedal; 0: notes stop at their written ends). The ringing adds no onsets, and
    /// a rest it fills is not silent.
    public func features(ringing: Double, ringLevel: Float = 0.5) -> FeatureSequence {
        let rate = FeatureSequence.frameRate
        let count = Int((end * rate).rounded(.up)) + 1
        var chroma = [Float](repeating: 0, count: count * 12)
        var onset = [Float](repeating: 0, count: count * 12)
        let tail = ringing > 0 && ringLevel > 0 ? (0..<Int((3 * ringing * rate).rounded())).map {
            ringLevel * Float(exp(-Double($0) / (ringing * rate)))
        } : []
        for n in notes {
            let first = max(0, Int((n.onset * rate).rounded()))
            let last = min(count - 1, max(first, Int((n.offset * rate).rounded()) - 1))
            for (offset, weight) in FeatureMath.partials {
                let k = (n.pitch + offset) % 12
                if first <= last { for t in first...last { chroma[t * 12 + k] += weight } }
                if n.struck, first < count { onset[first * 12 + k] += weight }
                for (lag, level) in tail.enumerated() where last + 1 + lag < count { chroma[(last + 1 + lag) * 12 + k] += weight * level }
            }
        }
        let silent = (0..<count).map { t in (0..<12).allSatisfy { chroma[t * 12 + $0] == 0 } }
        var free = [Bool](repeating: false, count: elastic.isEmpty ? 0 : count)
        for span in elastic {
            let first = max(0, Int((span.lowerBound * rate).rounded())), last = min(count - 1, Int((span.upperBound * rate).rounded()))
            if first <= last { for t in first...last { free[t] = true } }
        }
        for i in 0..<chroma.count { chroma[i] = log1pf(chroma[i]) }
        FeatureMath.normalizeFrames(&chroma, count: count)
        return FeatureSequence(chroma: chroma, onset: FeatureMath.decayingNormalizedOnsets(onset, count: count), count: count,
                               silent: silent, elastic: free)
    }
}
