extension Scale {
    /// The twelve notes of the chromatic scale on this root, spelled as musicians write them (docs/theory.md):
    /// ascending with sharps, descending with flats, naturals wherever a natural sounds, and the note a semitone below
    /// the root written as its leading tone (on its own letter below the root, when one accidental does it).
    ///
    /// F# ascending: F# G G# A A# B C C# D D# E E#; F# descending: F# F E Eb D Db C B Bb A Ab G.
    public func chromaticSpelling(descending: Bool = false) -> [PitchClass] {
        var notes = [root]
        for k in 1..<12 {
            let semitone = floorMod(root.semitone + (descending ? -k : k), 12)
            if !descending, k == 11 {
                var lead = PitchClass(Letter(rawValue: floorMod(root.letter.rawValue - 1, 7))!)
                lead.accidental = floorMod(semitone - lead.letter.naturalSemitone + 6, 12) - 6
                if abs(lead.accidental) <= 1 { notes.append(lead); continue }
            }
            notes.append(Self.plainSpelling(of: semitone, sharps: !descending))
        }
        return notes
    }

    /// The natural on this semitone, or else the sharp (or flat) spelling with one accidental.
    private static func plainSpelling(of semitone: Int, sharps: Bool) -> PitchClass {
        if let natural = Letter.allCases.first(where: { $0.naturalSemitone == semitone }) { return PitchClass(natural) }
        let letter = Letter.allCases.first { floorMod($0.naturalSemitone + (sharps ? 1 : -1), 12) == semitone }!
        return PitchClass(letter, sharps ? 1 : -1)
    }
}
