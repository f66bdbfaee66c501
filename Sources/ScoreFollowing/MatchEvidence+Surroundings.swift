extension MatchEvidence {
    /// The frames of a file that belong to its take: from the last pause of at least `pause` silent frames that ends
    /// before `first` (the pause included) to the first that begins after `last` (included), or the file's ends.
    ///
    /// A recorder rolls before the music and after it. What it hears then (the producer's slate over the talkback,
    /// the players tuning to the oboe's A, a chord given to a choir, talk after the last chord) is not the take, and
    /// a path that covers the music alone should not be judged as covering little of the take. Such sounds are parted
    /// from the music by a pause, while a take of another piece runs on without one into the stretch its path
    /// followed; the pause itself stays in the span, as the quiet at a file's ends always did. `pause` ≤ 0: the whole
    /// file.
    static func takeSpan(first: Int, last: Int, silent: [Bool], pause: Int) -> Range<Int> {
        guard pause > 0, !silent.isEmpty else { return 0..<silent.count }
        var lower = 0
        var run = 0
        var t = min(first, silent.count) - 1
        while t >= 0 {
            run = silent[t] ? run + 1 : 0
            // The run ends at the first silent frame after a sounding one: walk on to its start.
            if run >= pause, t == 0 || !silent[t - 1] { lower = t; break }
            t -= 1
        }
        var upper = silent.count
        run = 0
        t = max(0, last + 1)
        while t < silent.count {
            run = silent[t] ? run + 1 : 0
            if run >= pause, t == silent.count - 1 || !silent[t + 1] { upper = t + 1; break }
            t += 1
        }
        return lower..<upper
    }
}
