extension Interval {
    /// The interval up from one pitch class to the next note of the other, within an octave (`C`→`G` is P5,
    /// `G`→`C` P4, `C#`→`C` d8): the same letter counts as a unison unless the second is lower, then as an octave.
    public init(upFrom a: PitchClass, to b: PitchClass) {
        let low = a.pitch(octave: 4)
        var high = b.pitch(octave: b.letter.rawValue < a.letter.rawValue ? 5 : 4)
        if b.letter == a.letter, b.accidental < a.accidental { high.octave += 1 }
        self.init(from: low, to: high)
    }
}
