extension MatchEvidence {
    /// The frames of a file that belong to its take: outward from the path's first and last frame, every stretch of
    /// sound parted from it by a pause of at least `pause` silent frames is the take's while it sounds like the score
    /// (`unlike` false: a false start, a chord given to a choir), and from the first that does not (`unlike` true: the
    /// producer's slate over the talkback, the players tuning, talk after the last chord) the file is left out, that
    /// pause kept, as the quiet at a file's ends always was (the coverage counts only its first seconds:
    /// ``ScoreFollower/Options/edgeQuiet``).
    ///
    /// A recorder rolls before the music and after it, and a path that covers the music alone should not be judged as
    /// covering little of the take. A take of another piece runs on without a pause into the stretch its path
    /// followed, and its false start sounds like it: both stay in the span. `pause` ≤ 0: the whole file.
    static func takeSpan(first: Int, last: Int, silent: [Bool], pause: Int, unlike: (Range<Int>) -> Bool) -> Range<Int> {
        guard pause > 0, !silent.isEmpty else { return 0..<silent.count }
        // Every pause: a run of at least `pause` silent frames.
        let pauses = silent.silentRuns(atLeast: pause)
        var lower = 0
        let before = pauses.filter { $0.upperBound <= first }
        for (k, p) in before.enumerated().reversed() {
            let stretch = (k > 0 ? before[k - 1].upperBound : 0)..<p.lowerBound
            if stretch.isEmpty { break }
            if unlike(stretch) { lower = p.lowerBound; break }
        }
        var upper = silent.count
        let after = pauses.filter { $0.lowerBound > last }
        for (k, p) in after.enumerated() {
            let stretch = p.upperBound..<(k + 1 < after.count ? after[k + 1].lowerBound : silent.count)
            if stretch.isEmpty { break }
            if unlike(stretch) { upper = p.upperBound; break }
        }
        return lower..<upper
    }

    /// How unlike the score the sounding frames of `frames` are: their order-free cost's distance from the path's,
    /// as a share of the way from the path's to chance (0: as like the score as the path's own frames, 1: chance;
    /// 1 when none sounds).
    static func unlikeness(of frames: Range<Int>, dtw: SubsequenceDTW, silent: [Bool], pathOrderFree: Double, chance: Double) -> Double {
        let sounding = frames.filter { !silent[$0] }
        guard !sounding.isEmpty else { return 1 }
        return (dtw.orderFreeCost(over: sounding) - pathOrderFree) / max(1e-6, chance - pathOrderFree)
    }
}
