import Foundation

extension AudioFeatures {
    /// The first frame of a take's music: room noise before it is not music, however loud the noise is.
    ///
    /// The take's quietest sounding frame (`energy`, frames `silent` already excluded) is its noise floor. The music
    /// begins where the energy first rises `rise` dB above it, walked back to the end of the last stretch of
    /// `flatFrames` frames before it that stays within `flatness` dB and below that rise (room noise is steady; a soft
    /// note decays or is struck again), then `margin` frames more (a 4096-point frame hears an onset 4 frames before
    /// it). Returns 0 when `rise` is 0, no frame rises that far, or no steady stretch precedes it.
    ///
    /// The thousandth of the mean energy that marks silence is relative to the music: in a take with loud passages
    /// (ASAP's pianos) room noise 20 dB below the music is above it, its flat chroma matched the score's first bars
    /// half well, and the path placed them in the noise up to 3.3 s before the first note.
    static func musicStart(energy: [Float], silent: [Bool], rise: Float, flatFrames: Int = 20, flatness: Float = 1,
                           margin: Int = 5) -> Int {
        guard rise > 0, !energy.isEmpty else { return 0 }
        let level = energy.map { 10 * log10(max($0, 1e-20)) }
        var floor = Float.infinity
        for t in level.indices where !silent[t] { floor = min(floor, level[t]) }
        guard floor.isFinite, let first = level.indices.first(where: { !silent[$0] && level[$0] >= floor + rise }) else { return 0 }
        func steady(endingAt end: Int) -> Bool {
            guard end >= flatFrames - 1, level[end] < floor + rise else { return false }
            let stretch = level[(end - flatFrames + 1)...end]
            return !silent[(end - flatFrames + 1)...end].contains(true) && stretch.max()! - stretch.min()! <= flatness
        }
        var start = first
        while start > 0, !silent[start - 1], !steady(endingAt: start - 1) { start -= 1 }
        guard start > 0, !silent[start - 1] else { return 0 }
        return max(0, start - margin)
    }
}
