import Foundation

/// Refinement of a downbeat read off the alignment path to the onset of its notes in the audio.
extension ScoreFollower {
    /// Harmonic partials (semitones above the note, weight) whose energy rise marks a note's onset.
    static let onsetPartials: [(Int, Float)] = [(0, 1), (12, 0.5), (19, 0.33), (24, 0.25)]

    /// The pitches struck at `time` (nominal seconds of the timeline).
    func struckPitches(_ timeline: ScoreTimeline, at time: Double) -> [Int] {
        timeline.notes.filter { $0.struck && abs($0.onset - time) < 0.005 }.map(\.pitch)
    }

    /// The frame where the downbeat's notes begin: their pitches' onset near the path's estimate, else the
    /// strongest plain onset within `refineRadius`, else the path's frame.
    func refined(_ frame: Double, pitches: [Int], audio: AudioFeatures) -> Double {
        if options.refineToNotes, let note = noteOnset(near: frame, pitches: pitches, audio: audio) { return note }
        return fluxOnset(near: frame, flux: audio.flux)?.start ?? frame
    }

    /// The start of the strongest rise of `pitches`' partials within `noteRadius` of `frame`, weighted towards it.
    func noteOnset(near frame: Double, pitches: [Int], audio: AudioFeatures) -> Double? {
        let count = audio.flux.count
        let centre = Int(frame.rounded())
        let context = 25
        let low = max(1, centre - options.noteRadius - context), high = min(count - 1, centre + options.noteRadius + context)
        guard low < high else { return nil }
        var evidence = [Float](repeating: 0, count: high - low + 1)
        audio.pitchFlux.withUnsafeBufferPointer { flux in
            for t in low...high {
                var e: Float = 0
                for p in pitches {
                    for (offset, weight) in ScoreFollower.onsetPartials where p + offset < 109 { e += weight * flux[t * 128 + p + offset] }
                }
                evidence[t - low] = e
            }
        }
        var best = -1
        var bestScore: Float = 0
        let spread = options.noteSpread
        for t in max(low, centre - options.noteRadius)...max(low, min(high, centre + options.noteRadius)) {
            let d = Double(t - centre)
            let score = evidence[t - low] * Float(exp(-d * d / (2 * spread * spread)))
            if score > bestScore { bestScore = score; best = t }
        }
        guard best >= 0 else { return nil }
        let peak = evidence[best - low]
        let mean = evidence.reduce(0, +) / Float(evidence.count)
        guard peak > 1.5 * mean else { return nil }
        var start = best
        while start > max(low, best - 4), evidence[start - 1 - low] > options.attackShare * peak { start -= 1 }
        return Double(start) - 0.5
    }

    /// The frame where the strongest onset within the refinement radius begins, if it stands out, and the frame of
    /// its peak.
    func fluxOnset(near frame: Double, flux: [Float]) -> (start: Double, peak: Int)? {
        let centre = Int(frame.rounded())
        let r = options.refineRadius
        var best = -1
        var bestValue: Float = 0
        for t in max(1, centre - r)...max(1, min(flux.count - 1, centre + r)) where flux[t] > bestValue {
            best = t
            bestValue = flux[t]
        }
        guard best >= 0 else { return nil }
        let around = flux[max(0, centre - 25)..<min(flux.count, centre + 25)]
        let mean = around.reduce(0, +) / Float(max(1, around.count))
        guard bestValue > 1.5 * mean else { return nil }
        // A slow attack spreads over frames: its start is where the flux first reaches `attackShare` of its peak.
        var start = best
        while start > max(1, centre - r - 2), flux[start - 1] > options.attackShare * bestValue { start -= 1 }
        return (Double(start) - 0.5, best)
    }
}
