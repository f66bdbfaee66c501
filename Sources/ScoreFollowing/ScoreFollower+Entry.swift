/// A take's entry out of room noise is not always a note's attack.
///
/// A take cut from a performance may open on a chord held from before it (the end of a fermata, a long note): its
/// entry out of room noise rises like an attack in the onset chroma and matches the score's next downbeat, so the path
/// began on that downbeat and placed it at the entry, up to a second early (FollowBench's tuning split, eighth round).
/// With the entry's onsets cleared, a held chord matches the held frames of the score as well as a struck one, and the
/// downbeat is found by its own attack; a take that does begin on a downbeat still matches it by chroma there.
extension ScoreFollower {
    /// The audio's onset chroma with the `frames` frames from each entry out of at least `quiet` silent frames set to 0
    /// (only the first entry unless `everyEntry`).
    static func clearingEntryOnsets(_ features: FeatureSequence, frames: Int, quiet: Int, everyEntry: Bool) -> FeatureSequence {
        var out = features
        guard frames > 0, quiet > 0 else { return out }
        var run = 0
        var t = 0
        while t < out.count {
            if out.silent[t] { run += 1; t += 1; continue }
            if run >= quiet {
                for k in t..<min(out.count, t + frames) {
                    for c in 0..<12 { out.onset[k * 12 + c] = 0 }
                }
                if !everyEntry { break }
            }
            run = 0
            t += 1
        }
        return out
    }
}
