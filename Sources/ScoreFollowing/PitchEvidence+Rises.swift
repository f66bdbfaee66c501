/// Which pitches rise where the score strikes its fresh notes, read over several frames whatever the attack.
///
/// A hammer's note rises in one 20 ms frame; a bow, a voice or an organ pipe swells in over 0.1 s or more, so its
/// frame-to-frame rise is small (``PitchEvidenceMeter/rises(_:at:)`` then often misses it). Over a few frames it
/// still rises, as the re-attack reads it (``ScoreFollower/slowRise(_:span:half:)``). At each of the score's chords
/// with fresh notes inside the path, the take's pitch levels' slow rise (the mean over a few frames after less the
/// mean over the few before, its largest near the path's time less its mean positive rise around it, floored at 0) is
/// compared with the fresh notes' template (their partials, with the take's fitted weights): a right take raises the
/// very pitches the score strikes there, a take of another piece raises its own.
extension PitchEvidenceMeter {
    /// Mean cosine, over the score's chords with fresh notes inside the path, of the take's pitch rises near the path's
    /// time with the fresh notes' template of `partials`; and how many chords were counted.
    func riseMatch(partials: [(Int, Float)] = PitchEvidenceMeter.partials) -> (Double, Int) {
        guard let first = path.first, let last = path.last else { return (0, 0) }
        let rate = FeatureSequence.frameRate
        let count = audio.flux.count
        var fresh: [Double: [Int]] = [:]
        for note in timeline.notes where note.struck {
            let frame = note.onset * rate
            guard frame >= Double(first.score), frame <= Double(last.score) else { continue }
            let sounding = timeline.notes.contains {
                $0.pitch == note.pitch && $0.onset < note.onset - 0.005 && $0.offset > note.onset - 0.15
            }
            if !sounding { fresh[note.onset, default: []].append(note.pitch) }
        }
        var sum = 0.0, chords = 0
        for (onset, pitches) in fresh {
            let centre = Int(ScoreFollower.audioFrame(at: onset * rate, path: path).rounded())
            guard centre - context - slowHalf >= 1, centre + context + slowHalf < count else { continue }
            let rises = pitchRises(at: centre)
            sum += cosine(rises, pitches, partials: partials)
            chords += 1
        }
        return chords > 0 ? (sum / Double(chords), chords) : (0, 0)
    }

    /// Each pitch's (from `lowest`) largest slow rise within `slowRadius` frames of `centre` less its mean positive slow
    /// rise within `context` frames, floored at 0.
    func pitchRises(at centre: Int) -> [Float] {
        let width = PitchEvidenceMeter.highest - PitchEvidenceMeter.lowest + 1
        var out = [Float](repeating: 0, count: width)
        let l = audio.pitchLevel
        let half = slowHalf
        for k in 0..<width {
            let p = PitchEvidenceMeter.lowest + k
            // Running sums of the level make each frame's slow rise two subtractions.
            let low = centre - context - half, high = centre + context + half
            var prefix = [Float](repeating: 0, count: high - low + 1)
            for t in low..<high { prefix[t - low + 1] = prefix[t - low] + l[t * 128 + p] }
            var near: Float = -.infinity, around: Float = 0
            for t in (centre - context)...(centre + context) {
                let after = prefix[t - low + half] - prefix[t - low]
                let before = prefix[t - low] - prefix[t - low - half]
                let rise = (after - before) / Float(half)
                around += max(0, rise)
                if abs(t - centre) <= slowRadius { near = max(near, rise) }
            }
            out[k] = max(0, near - around / Float(2 * context + 1))
        }
        return out
    }
}
