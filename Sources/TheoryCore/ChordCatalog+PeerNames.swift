// Chord symbols and names of other libraries and traditions that TheoryCore's suffix reader does not read as
// written, each given by its degrees. Sources: tonal (tonaljs/tonal, packages/chord-type/data.ts), music21
// (harmony.py), German/jazz usage (h, h7 for half-diminished). See docs/theory.md, "Conventions".

extension ChordCatalog {
    /// Suffixes read as these degrees (from the root) before the suffix reader, and before a `/` is taken for a bass.
    package static let peerSuffixes: [String: String] = [
        // minor-major seventh written with a slash: the part after "/" is not a note, so it is no bass (tonal)
        "m/ma7": "1 b3 5 7", "m/maj7": "1 b3 5 7", "m/M7": "1 b3 5 7", "-/maj7": "1 b3 5 7",
        // "+" after a minor triad or an extension raises the fifth (tonal)
        "m+": "1 b3 #5", "9+": "1 3 #5 b7 9", "7+": "1 3 #5 b7", "maj7+": "1 3 #5 7",
        // an explicit major third before an added tone (tonal)
        "Madd9": "1 3 5 9", "Maddb9": "1 3 5 b9", "Madd2": "1 3 5 9", "Madd11": "1 3 5 11", "Madd4": "1 3 4 5",
        // a diminished triad with a major seventh over a diminished seventh (tonal: o7M7)
        "o7M7": "1 b3 b5 bb7 7", "°7M7": "1 b3 b5 bb7 7", "dim7M7": "1 b3 b5 bb7 7",
        // minor with a flat sixth and a major seventh, no fifth (tonal)
        "mb6M7": "1 b3 b6 7",
        // the "phrygian" chord: suspended fourth with a flat ninth (tonal)
        "phryg": "1 4 5 b7 b9", "b9sus": "1 4 5 b7 b9",
        // quartal: stacked fourths (tonal "4", "quartal")
        "4": "1 4 b7 b10", "quartal": "1 4 b7 b10",
        // a sixth and a seventh (tonal "67")
        "67": "1 3 5 6 b7",
        // minor eleventh with a raised fifth (tonal "m11A")
        "m11A": "1 b3 #5 b7 9 11",
        // "maj" with a raised fourth is the Lydian major seventh chord (tonal maj#4, like Δ#4)
        "maj#4": "1 3 5 7 #11",
        // music21's chord kinds (harmony.py CHORD_TYPES) that have no usual jazz symbol, with its degrees
        "dom7dim5": "1 3 b5 b7", "N6": "1 b2 3 b5", "It+6": "1 #4 b6", "It": "1 #4 b6", "Fr+6": "1 2 #4 b6", "Fr": "1 2 #4 b6",
        "Gr+6": "1 b3 #4 b6", "Ger": "1 b3 #4 b6", "pedal": "1", "power": "1 5", "tristan": "1 #4 #6 #9",
        // music21: "m#7" raises the minor seventh to a major seventh; "ob9" is the diminished seventh with a flat ninth
        "m#7": "1 b3 5 7", "ob9": "1 b3 b5 bb7 b9", "dimb9": "1 b3 b5 bb7 b9", "°b9": "1 b3 b5 bb7 b9",
        // mingus (mingus/core/chords.py, chord_shorthand): the sixth with a seventh, the suspended seventh, the
        // augmented major seventh, and the "Hendrix chord" (a dominant seventh with a sharp ninth; mingus spells it b3)
        "6/7": "1 3 5 6 b7", "sus47": "1 4 5 b7", "M7+": "1 3 #5 7", "m7+": "1 3 #5 b7", "hendrix": "1 3 5 b7 #9", "7b12": "1 3 5 b7 #9",
        // AudioKit Tonic writes the augmented triad with a superscript plus, and C♭5 for the major triad with a flat
        // fifth (read here as C-flat's power chord, the root taking its accidentals; the other reading is listed)
        "⁺": "1 3 #5", "b5": "1 3 b5", "♭5": "1 3 b5",
        // German and jazz shorthand for half-diminished
        "h": "1 b3 b5 b7", "h7": "1 b3 b5 b7",
    ]

    /// Chord names as words after the root ("C dominant seventh", "C suspended 4th b9"), lower case, to a suffix or degrees.
    ///
    /// Every catalogue type's own name is accepted too (`ChordType.name`, such as "Dominant seventh sharp nine").
    package static let peerNames: [String: String] = [
        "major": "", "minor": "m", "diminished": "dim", "augmented": "+", "fifth": "5",
        "major seventh": "maj7", "major ninth": "maj9", "major thirteenth": "maj13", "sixth": "6", "sixth/ninth": "6/9",
        "lydian": "maj7#11", "major seventh b6": "=1 3 b6 7", "minor seventh": "m7", "minor/major seventh": "mM7",
        "minor sixth": "m6", "minor ninth": "m9", "minor eleventh": "m11", "minor thirteenth": "m13",
        "diminished seventh": "dim7", "half-diminished": "m7b5", "half diminished": "m7b5",
        "dominant seventh": "7", "dominant ninth": "9", "dominant thirteenth": "13", "lydian dominant seventh": "7#11",
        "dominant b9": "7b9", "dominant #9": "7#9", "altered": "=1 3 b7 b9", "suspended 4th": "sus4", "suspended 2nd": "sus2",
        "suspended 4th seventh": "7sus4", "eleventh": "11", "suspended 4th b9": "=1 4 5 b7 b9", "augmented seventh": "maj7#5",
        "major #11 (lydian)": "maj9#11", "suspended fourth": "sus4", "suspended second": "sus2", "power chord": "5",
        // tonal's names since 2025 (packages/chord-type/data.ts)
        "sixth added ninth": "6/9", "major seventh flat sixth": "=1 3 b6 7", "minor augmented": "m#5",
        "dominant flat ninth": "7b9", "dominant sharp ninth": "7#9", "suspended fourth seventh": "7sus4",
        "minor/major ninth": "m(maj9)",
        // The New Real Book writes a lone bass note as "C bass"
        "bass": "=1",
    ]

    /// The chord type of a peer suffix or name value: a suffix, or degrees after "=" (or a peer-suffix value).
    package static func peerType(_ value: String) throws -> ChordType {
        if value.hasPrefix("=") { return try degrees(String(value.dropFirst())) }
        return try ChordSymbolParser.parseSuffix(value)
    }

    /// A type from space-separated degrees ("1 b3 5 7").
    package static func degrees(_ text: String) throws -> ChordType {
        ChordType.resolve(formula: try text.split(separator: " ").map { try Interval(degree: String($0)) })
    }
}
