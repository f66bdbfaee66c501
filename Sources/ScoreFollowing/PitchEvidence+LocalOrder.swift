/// The fitted template match against the same stretch of the score one bar off: a local order null in pitch.
///
/// A right take matches the voices of the very bars the path passes through far better than those of the bar before
/// or after (the voices move from bar to bar even where the harmony returns); a short take of another piece follows
/// the wrong score's harmony, and its voices match the path's bars hardly better than their neighbours'.
extension PitchEvidenceMeter {
    /// The smallest mean gain (own match less the neighbouring bars') over windows of `window` consecutive frames of
    /// `frames` (``localOrderFrames(_:partials:shifts:)``), stepping a quarter window; all of them when fewer.
    static func worstGain(_ frames: [(own: Double, shifted: Double)], window: Int) -> Double? {
        guard !frames.isEmpty else { return nil }
        let w = min(max(1, window), frames.count)
        var worst = Double.infinity
        for start in stride(from: 0, through: frames.count - w, by: max(1, w / 4)) {
            worst = min(worst, frames[start..<(start + w)].reduce(0.0) { $0 + $1.own - $1.shifted } / Double(w))
        }
        return worst
    }

    /// Per sounding frame of the path (``soundingFrames()``, with a bar `shift` bars before or after inside the score,
    /// for any of `shifts`): the template match of `partials` with the path's bar, and the mean one with the score's
    /// notes at the same place in the shifted bars.
    func localOrderFrames(_ frames: [SoundingFrame], partials: [(Int, Float)], shifts: [Int] = [-1, 1]) -> [(own: Double, shifted: Double)] {
        let downbeats = timeline.downbeats
        guard downbeats.count > 1 else { return [] }
        return frames.compactMap { frame in
            let others = shifts.compactMap { shift -> [Int]? in
                guard let t = PitchEvidenceMeter.time(frame.time, shiftedBy: shift, downbeats: downbeats, end: timeline.end) else { return nil }
                let pitches = sounding(at: t)
                return pitches.isEmpty ? nil : pitches
            }
            guard !others.isEmpty else { return nil }
            let matches = others.map { cosine(frame.vector, $0, partials: partials) }
            return (cosine(frame.vector, frame.pitches, partials: partials), matches.reduce(0, +) / Double(matches.count))
        }
    }

    /// The score's sounding pitches at nominal `time`.
    func sounding(at time: Double) -> [Int] {
        timeline.notes.filter { $0.onset <= time + 1e-9 && $0.offset > time }.map(\.pitch)
    }

    /// The same place `shift` bars away in the played order (the bar's share of its length kept), nil outside the score.
    static func time(_ time: Double, shiftedBy shift: Int, downbeats: [Double], end: Double) -> Double? {
        guard let bar = downbeats.lastIndex(where: { $0 <= time + 1e-9 }) else { return nil }
        let other = bar + shift
        guard other >= 0, other < downbeats.count else { return nil }
        func length(_ k: Int) -> Double { (k + 1 < downbeats.count ? downbeats[k + 1] : end) - downbeats[k] }
        guard length(bar) > 0 else { return nil }
        return downbeats[other] + (time - downbeats[bar]) / length(bar) * length(other)
    }
}
