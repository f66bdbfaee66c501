import Foundation

/// Refinement of a downbeat read off the alignment path to the onset of its notes in the audio.
extension ScoreFollower {
    /// Harmonic partials (semitones above the note, weight) whose energy rise marks a note's onset.
    static let onsetPartials: [(Int, Float)] = [(0, 1), (12, 0.5), (19, 0.33), (24, 0.25)]

    /// The pitches struck at `time` (nominal seconds of the timeline).
    func struckPitches(_ timeline: ScoreTimeline, at time: Double) -> [Int] {
        timeline.notes.filter { $0.struck && abs($0.onset - time) < 0.005 }.map(\.pitch)
    }

    /// The pitches struck at `time` that did not sound just before it (within `freshGap` seconds): the notes whose
    /// energy rises at the downbeat. All struck pitches when every one was sounding already.
    func freshPitches(_ timeline: ScoreTimeline, at time: Double) -> [Int] {
        let struck = struckPitches(timeline, at: time)
        let sounding = Set(timeline.notes.filter { $0.onset < time - 0.005 && $0.offset > time - options.freshGap }.map(\.pitch))
        let fresh = struck.filter { !sounding.contains($0) }
        return fresh.isEmpty ? struck : fresh
    }

    /// The frame where the downbeat's notes begin and the frames from there to the onset's peak (its rise), or the
    /// path's frame and no rise when no onset stands out.
    func refinedOnset(_ frame: Double, at time: Double, timeline: ScoreTimeline, audio: AudioFeatures) -> (frame: Double, rise: Double?) {
        if options.refineToFreshNotes {
            guard let onset = freshNoteOnset(near: frame, pitches: freshPitches(timeline, at: time), audio: audio) else { return (frame, nil) }
            return (onset.start, Double(onset.peak) - onset.start)
        }
        let plain = fluxOnset(near: frame, flux: audio.flux)
        if options.refineToNotes, let note = noteOnset(near: frame, pitches: struckPitches(timeline, at: time), audio: audio) {
            return (note, plain.map { Double($0.peak) - $0.start })
        }
        guard let plain else { return (frame, nil) }
        return (plain.start, Double(plain.peak) - plain.start)
    }

    /// Moves each downbeat of `measures` (read off the path) onto its notes' onset and answers the onsets' rises.
    /// With `recentre` (``Options/recentreRefinement``, or a reverberant take: ``fastestDecay(_:)``), when the onsets
    /// found lie on the whole before the path's downbeats (soft attacks, which the path reaches late, the more so while
    /// the last chord rings on in a reverberant room), the search is made again around the path's downbeats moved by
    /// that median shift. A downbeat within ``Options/recentreEntryFrames`` after the path's first audio frame `entry`
    /// is not recentred (nor counted in the median): the path begins on the take's first sound, so it is not late there.
    func refine(_ measures: inout [FollowedMeasure], timeline: ScoreTimeline, audio: AudioFeatures, recentre: Bool,
                entry: Double = -.infinity) -> [Double] {
        let rate = FeatureSequence.frameRate
        let beats = measures.map { timeline.downbeats[$0.index] }
        let frames = measures.map { $0.time * rate }
        let held = frames.map { options.recentreEntryFrames >= 0 && $0 <= entry + Double(options.recentreEntryFrames) }
        func onsets(shift: Double, from earlier: [(frame: Double, rise: Double?)?]? = nil) -> [(frame: Double, rise: Double?)?] {
            frames.indices.map { k in
                if let earlier, held[k] { return earlier[k] }
                return struckPitches(timeline, at: beats[k]).isEmpty ? nil
                    : refinedOnset(frames[k] + shift, at: beats[k], timeline: timeline, audio: audio)
            }
        }
        var found = onsets(shift: 0)
        var shift = 0.0
        for _ in 0..<(recentre ? options.recentreRounds : 0) {
            let shifts = frames.indices.compactMap { k in
                held[k] ? nil : found[k].flatMap { $0.rise == nil ? nil : $0.frame - frames[k] - shift }
            }.sorted()
            guard shifts.count >= 3 else { break }
            let median = shifts[shifts.count / 2]
            guard median <= -options.recentreMinimum else { break }
            shift += (median * options.recentreShare).rounded()
            found = onsets(shift: shift, from: found)
        }
        return apply(found, to: &measures)
    }

    /// Moves each downbeat of `measures` to its onset found (if any) and answers the onsets' rises.
    private func apply(_ found: [(frame: Double, rise: Double?)?], to measures: inout [FollowedMeasure]) -> [Double] {
        var rises: [Double] = []
        for k in measures.indices {
            guard let onset = found[k] else { continue }
            if let rise = onset.rise { rises.append(rise) }
            measures[k].rise = onset.rise
            measures[k].time = onset.frame / FeatureSequence.frameRate
        }
        return rises
    }

    /// The rise of `pitches`' partials (weighted by ``onsetPartials``) at each frame of `frames`, from the first.
    func partialRise(of pitches: [Int], frames: ClosedRange<Int>, audio: AudioFeatures) -> [Float] {
        var evidence = [Float](repeating: 0, count: frames.count)
        audio.pitchFlux.withUnsafeBufferPointer { flux in
            for t in frames {
                var e: Float = 0
                for p in pitches {
                    for (offset, weight) in ScoreFollower.onsetPartials where p + offset < 109 { e += weight * flux[t * 128 + p + offset] }
                }
                evidence[t - frames.lowerBound] = e
            }
        }
        return evidence
    }

    /// The onset of `pitches` (the downbeat's fresh notes) near `frame`: the strongest rise of their partials' log
    /// energy from `freshBefore` frames before to `freshAfter` after (the path tends to reach a soft attack late), if
    /// it stands out from their mean rise within ±0.5 s, moved back to where it first reaches `freshShare` of its peak.
    func freshNoteOnset(near frame: Double, pitches: [Int], audio: AudioFeatures) -> (start: Double, peak: Int)? {
        let count = audio.flux.count
        let centre = Int(frame.rounded())
        let low = max(1, centre - options.freshBefore), high = min(count - 1, centre + options.freshAfter)
        guard low <= high, !pitches.isEmpty else { return nil }
        let context = 25, back = options.freshBack
        let first = max(0, min(centre - context, low - back - 1)), last = min(count - 1, max(centre + context - 1, high))
        let evidence = partialRise(of: pitches, frames: first...last, audio: audio)
        // Beyond `freshLateFrom` frames after the estimate (the wider search of a sharp take) a rise must be
        // `freshLateRatio` times as strong to win.
        func weighed(_ t: Int) -> Float {
            guard let late = options.freshLateFrom, t > centre + late else { return evidence[t - first] }
            return evidence[t - first] / options.freshLateRatio
        }
        var best = low
        for t in low...high where weighed(t) > weighed(best) { best = t }
        let peak = evidence[best - first]
        let around = evidence[(max(0, centre - context) - first)...(min(count, centre + context) - 1 - first)]
        let mean = around.reduce(0, +) / Float(max(1, around.count))
        guard peak > 0, peak > 1.5 * mean else { return nil }
        var start = best
        while start > max(1, low - back), evidence[start - 1 - first] > options.freshShare * peak { start -= 1 }
        return (Double(start) - 0.5, best)
    }

    /// The start of the strongest rise of `pitches`' partials within `noteRadius` of `frame`, weighted towards it.
    func noteOnset(near frame: Double, pitches: [Int], audio: AudioFeatures) -> Double? {
        let count = audio.flux.count
        let centre = Int(frame.rounded())
        let context = 25
        let low = max(1, centre - options.noteRadius - context), high = min(count - 1, centre + options.noteRadius + context)
        guard low < high else { return nil }
        let evidence = partialRise(of: pitches, frames: low...high, audio: audio)
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
