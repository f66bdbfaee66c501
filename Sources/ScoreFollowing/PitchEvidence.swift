import Foundation

/// Evidence that a take plays the score's very notes, pitch by pitch, along the fine alignment path.
///
/// Chroma is octave-blind, and a 4-part chorale finds another chorale's harmony within a few bars, so a short take of
/// another piece can follow a stretch of the wrong score about as cheaply as the right one (its order gap and coverage
/// look right). The voices' actual pitches are harder to fake: a wrong score sounds its chords in other octaves and
/// strikes other notes at each beat. The measure that judges: the take's spectrum against the score's sounding notes
/// rendered as pitch-specific templates with the take's own partial weights, fitted along the path. Measured beside
/// it (docs/follow.md, "Pitch evidence by default"): the same with fixed weights, and two onset measures, the share of
/// fresh notes whose partials rise sharply and the match of the pitches that rise over a few frames with the fresh
/// notes, which added nothing to the fitted template on FollowBench's slow-attack takes.
public struct PitchEvidence: Sendable {
    /// Mean cosine, over the path's sounding audio frames, of the take's pitch levels (less their mean over the
    /// pitches, floored at 0) with the score frame's template (each sounding note's first four partials, weights 1,
    /// ½, ⅓, ¼).
    public var templateMatch: Double
    /// The same with the weights of the first six partials fitted to the take along the path
    /// (``PitchEvidenceMeter/fittedTemplateMatch(_:)``): a flute, a choir or a 4' organ stop is not a piano.
    public var fittedMatch: Double = 0
    /// The fitted weights of the partials 0, 12, 19, 24, 28 and 31 semitones above the note.
    public var partialWeights: [Float] = []
    /// Share of the score's fresh notes inside the path whose partials rise in the take near the path's time, more than
    /// their neighbouring pitches' do and well above their mean rise around it (sharp attacks rise most).
    public var onsetHits: Double
    /// Fresh notes counted (0: no evidence; `onsetHits` is then 0.5).
    public var notes: Int
    /// Mean cosine, over the score's chords with fresh notes, of the take's pitch rises over a few frames near the
    /// path's time with the fresh notes' template (fitted weights; ``PitchEvidenceMeter/riseMatch(partials:)``): an
    /// onset measure whatever the attack. 0.5 when no chord was counted.
    public var riseMatch: Double = 0.5
    /// The fitted template match over the path's frames that have a bar before or after them in the score, and the same
    /// frames' match with those neighbouring bars' notes at the same place (``PitchEvidenceMeter/localOrderFrames(_:partials:shifts:)``):
    /// a local order null. Both 0 when no frame was counted.
    public var localOwn: Double = 0
    public var localShifted: Double = 0
    /// The smallest mean gain (own less shifted) over windows of 100 of those frames (2 s; all of them when fewer).
    public var localWorstGain: Double = 0

    /// Weight of the local order penalty in ``mismatch`` (``ScoreFollower/Options/localOrderWeight``; 0: off).
    public var localOrderWeight = 0.0

    /// How far the pitches are from the score's: 0.33 times `1 − fittedMatch` (the voices) plus half of `1 − riseMatch`
    /// (the fresh notes' rises where the path puts them, whatever their attack), plus `localOrderWeight` times how far
    /// the worst window of the path matches its neighbouring bars' voices better than its own (`−localWorstGain`, when
    /// negative). Weights fitted on FollowBench's tuning material with the human performances (``MatchEvidence/mismatch``).
    public var mismatch: Double { 0.33 * (1 - fittedMatch) + 0.5 * (1 - riseMatch) + localOrderWeight * max(0, -localWorstGain) }
}

/// Computes ``PitchEvidence`` for a fine path through a laid-out score.
struct PitchEvidenceMeter {
    /// Harmonic partials (semitones above the note, weight) of a pitch template and of a note's rise.
    static let partials: [(Int, Float)] = [(0, 1), (12, 0.5), (19, 0.33), (24, 0.25)]
    static let lowest = 36, highest = 108
    /// Frames either side of the path's time within which a fresh note's rise counts.
    var hitRadius = 3
    /// Frames either side of the path's time over which the mean rise makes the baseline.
    var context = 25
    /// A hit: the strongest rise near the path's time at least this many times the mean rise around it.
    var hitRatio: Float = 2
    /// Frames averaged after and before a frame for its slow rise (``riseMatch(partials:)``).
    var slowHalf = 5
    /// Frames either side of the path's time within which a pitch's slow rise counts.
    var slowRadius = 4
    /// Sounding frames per window of the local order null's worst window.
    var localWindow = 100
    /// Whether the local order null is measured (``PitchEvidence/localOwn`` and after): only when the mismatch weighs it
    /// (``ScoreFollower/Options/localOrderWeight``), as it matches every sounding frame against two other bars' notes.
    var measuresLocalOrder = true

    /// A sounding audio frame of the path: the take's pitch levels (less their mean, floored at 0), the score's pitches
    /// sounding there, and the score time (seconds) the path puts it at.
    typealias SoundingFrame = (vector: [Float], pitches: [Int], time: Double)

    let timeline: ScoreTimeline
    let audio: AudioFeatures
    let path: [SubsequenceDTW.Point]

    func evidence() -> PitchEvidence {
        let (hits, notes) = onsetHitShare()
        let frames = soundingFrames()
        var evidence = PitchEvidence(templateMatch: templateMatch(frames), onsetHits: notes > 0 ? hits : 0.5, notes: notes)
        let (fitted, partials) = fittedTemplateMatch(frames)
        evidence.fittedMatch = fitted
        evidence.partialWeights = partials.map(\.1)
        let (rise, chords) = riseMatch(partials: partials)
        evidence.riseMatch = chords > 0 ? rise : 0.5
        let local = measuresLocalOrder ? localOrderFrames(frames, partials: partials) : []
        if let worst = PitchEvidenceMeter.worstGain(local, window: localWindow) {
            evidence.localOwn = local.reduce(0.0) { $0 + $1.own } / Double(local.count)
            evidence.localShifted = local.reduce(0.0) { $0 + $1.shifted } / Double(local.count)
            evidence.localWorstGain = worst
        }
        return evidence
    }

    /// The template cosine of `partials` averaged over the path's sounding audio frames (``soundingFrames()``).
    func templateMatch(_ frames: [SoundingFrame], partials: [(Int, Float)] = PitchEvidenceMeter.partials) -> Double {
        guard !frames.isEmpty else { return 0 }
        return frames.reduce(0.0) { $0 + cosine($1.vector, $1.pitches, partials: partials) } / Double(frames.count)
    }

    /// The path's sounding audio frames (the first score frame of each, where the score sounds a note): the take's
    /// pitch levels from `lowest` to `highest`, less their mean, floored at 0, and the score's sounding pitches.
    func soundingFrames() -> [SoundingFrame] {
        let rate = FeatureSequence.frameRate
        let width = PitchEvidenceMeter.highest - PitchEvidenceMeter.lowest + 1
        var out: [SoundingFrame] = []
        var lastAudio = -1
        var vector = [Float](repeating: 0, count: width)
        for point in path where point.audio != lastAudio {
            lastAudio = point.audio
            guard point.audio < audio.features.count, !audio.features.silent[point.audio] else { continue }
            let time = Double(point.score) / rate
            let sounding = sounding(at: time)
            guard !sounding.isEmpty else { continue }
            var mean: Float = 0
            for p in 0..<width { vector[p] = audio.pitchLevel[point.audio * 128 + PitchEvidenceMeter.lowest + p]; mean += vector[p] }
            mean /= Float(width)
            for p in 0..<width { vector[p] = max(0, vector[p] - mean) }
            out.append((vector, sounding, time))
        }
        return out
    }

    /// Cosine of `vector` (pitches from `lowest`) with the template of `pitches`.
    func cosine(_ vector: [Float], _ pitches: [Int], partials: [(Int, Float)] = PitchEvidenceMeter.partials) -> Double {
        let width = vector.count
        var template = [Float](repeating: 0, count: width)
        for pitch in pitches {
            for (offset, weight) in partials {
                let p = pitch + offset - PitchEvidenceMeter.lowest
                if p >= 0, p < width { template[p] += weight }
            }
        }
        var dot: Float = 0, a: Float = 0, b: Float = 0
        for p in 0..<width { dot += vector[p] * template[p]; a += vector[p] * vector[p]; b += template[p] * template[p] }
        guard a > 0, b > 0 else { return 0 }
        return Double(dot / (a.squareRoot() * b.squareRoot()))
    }

    /// The share of the fresh notes inside the path (not sounding 0.15 s before) whose partials rise at the path's time,
    /// and how many notes were counted.
    func onsetHitShare() -> (Double, Int) {
        guard let first = path.first, let last = path.last else { return (0, 0) }
        let rate = FeatureSequence.frameRate
        let count = audio.flux.count
        var hits = 0, notes = 0
        for note in timeline.notes where note.struck {
            let frame = note.onset * rate
            guard frame >= Double(first.score), frame <= Double(last.score) else { continue }
            let sounding = timeline.notes.contains { $0.pitch == note.pitch && $0.onset < note.onset - 0.005 && $0.offset > note.onset - 0.15 }
            guard !sounding else { continue }
            let centre = Int(ScoreFollower.audioFrame(at: frame, path: path).rounded())
            guard centre - context >= 1, centre + context < count else { continue }
            notes += 1
            if rises(note.pitch, at: centre) { hits += 1 }
        }
        return notes > 0 ? (Double(hits) / Double(notes), notes) : (0, 0)
    }

    /// Whether the partials of `pitch` rise within `hitRadius` of `centre` at least `hitRatio` times their mean rise
    /// within `context`, each partial's rise counted above its neighbouring pitches' (a struck attack rises everywhere).
    func rises(_ pitch: Int, at centre: Int) -> Bool {
        var near: Float = 0, around: Float = 0
        let f = audio.pitchFlux
        for t in (centre - context)...(centre + context) {
            var e: Float = 0
            for (offset, weight) in PitchEvidenceMeter.partials {
                let p = pitch + offset
                guard p > PitchEvidenceMeter.lowest, p < PitchEvidenceMeter.highest else { continue }
                e += weight * max(0, f[t * 128 + p] - (f[t * 128 + p - 1] + f[t * 128 + p + 1]) / 2)
            }
            around += e
            if abs(t - centre) <= hitRadius { near = max(near, e) }
        }
        around /= Float(2 * context + 1)
        return near > 0 && near >= hitRatio * around
    }
}
