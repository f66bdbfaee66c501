extension Scale {
    /// The chord on degree `n` (1-based, wrapping) built by stacking every other scale note:
    /// root, third and fifth, plus the seventh when `sevenths` is true.
    ///
    /// For seven-note scales these are the diatonic triads and seventh chords; tones keep the scale's
    /// spelling, and intervals are exact (a third spanning a doubly-flattened note stays a diminished third).
    public func chord(onDegree n: Int, sevenths: Bool = false) -> DiatonicChord {
        let degree = floorMod(n - 1, count) + 1
        let base = interval(toDegree: degree)
        let offsets = sevenths ? [0, 2, 4, 6] : [0, 2, 4]
        let notes = offsets.map { self.degree(degree + $0) }
        let intervals = offsets.map { interval(toDegree: degree + $0) - base }
        return DiatonicChord(degree: degree, notes: notes, intervals: intervals)
    }

    /// The chords on every degree in order (triads, or seventh chords when `sevenths` is true).
    ///
    /// Meant for seven-note scales (C major gives I ii iii IV V vi vii°); other scales stack every other note.
    public func harmonize(sevenths: Bool = false) -> [DiatonicChord] {
        (1...count).map { chord(onDegree: $0, sevenths: sevenths) }
    }
}

extension Key {
    /// The diatonic triads or seventh chords of the key, from the tonic upward.
    ///
    /// A minor key harmonizes its natural minor scale unless another `minorForm` is asked for
    /// (A minor harmonic: i ii° III+ iv V VI vii°); a major key ignores `minorForm`.
    public func harmonize(sevenths: Bool = false, minorForm: MinorForm = .natural) -> [DiatonicChord] {
        scale(minorForm: minorForm).harmonize(sevenths: sevenths)
    }
}
