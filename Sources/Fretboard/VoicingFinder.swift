import TheoryCore

/// Enumerates every playable voicing of a chord on a neck and ranks them by ``PlayabilityScore``.
///
/// The search tries each hand position: with the lowest fretted note at fret `b`, every string is muted,
/// open (if its open note is a chord tone) or stopped at a chord tone between `b` and `b + maxSpan - 1`.
/// A voicing is kept when it sounds every required tone (all chord tones except the optional ones: the
/// fifth of a chord with four or more tones, and the 9th and 11th under a 13th), puts the required bass
/// lowest, sounds enough strings, mutes only edge strings (unless inner mutes are allowed) and has a
/// fingering (``Fingering``) within the finger limit.
public enum VoicingFinder {
    /// The voicings of `chord` on `neck`, easiest first (ties broken by position, then by shape).
    ///
    /// Every voicing is enumerated and ranked; `limit` only says how many of the best are returned.
    public static func voicings(for chord: Chord, on neck: Neck, constraints: VoicingConstraints = VoicingConstraints(),
                                weights: PlayabilityScore.Weights = .standard, limit: Int? = nil) throws -> [Voicing] {
        try ranking(for: chord, on: neck, constraints: constraints, weights: weights, limit: limit).voicings
    }

    /// The best `limit` voicings (all when `nil`) together with the number of voicings found within the constraints.
    public static func ranking(for chord: Chord, on neck: Neck, constraints: VoicingConstraints = VoicingConstraints(),
                               weights: PlayabilityScore.Weights = .standard, limit: Int? = nil) throws -> (voicings: [Voicing], total: Int) {
        try constraints.validate()
        var search = VoicingSearch(chord: chord, neck: neck, constraints: constraints, weights: weights)
        search.run()
        search.rank()
        return (search.keys.prefix(limit ?? search.keys.count).map { search.voicing($0.index) }, search.keys.count)
    }

    /// Indices (into `tones`) of the tones a voicing must sound; the others may be left out.
    package static func requiredTones(of chord: Chord, tones: [(PitchClass, Interval)]) -> [Bool] {
        let formula = chord.type.formula
        let hasThirteenth = formula.contains { $0.steps == 12 }
        let hasEleventh = formula.contains { $0.steps == 10 }
        return tones.enumerated().map { index, tone in
            guard index < formula.count else { return true }   // a slash bass outside the chord
            let i = tone.1
            if i.steps == 4 && i.semitones == 7 && formula.count >= 4 { return false }
            if formula.count >= 6 {
                if i.steps == 8 && i.semitones == 14 && (hasThirteenth || hasEleventh) { return false }
                if i.steps == 10 && i.semitones == 17 && hasThirteenth { return false }
            }
            return true
        }
    }
}
