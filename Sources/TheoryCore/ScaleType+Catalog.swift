// The scale dictionary: seven-note families (all modes of major, melodic minor, harmonic minor,
// harmonic major, double harmonic, Neapolitan major and minor) and other heptatonic scales.
// Pentatonic, hexatonic, octatonic and larger sets are in ScaleType+WorldCatalog.swift.
//
// Each entry: id (kebab-case), display name, formula (degree labels relative to major), aliases.
// No two entries sound the same (checked by the tests); other names go into aliases.

extension ScaleType {
    /// Every named scale type, in catalogue order (major and its modes first).
    public static let all: [ScaleType] =
        (heptatonicEntries + worldEntries).map { ScaleType(catalogue: $0.0, $0.1, $0.2, $0.3) }

    /// The major scale (Ionian).
    public static let major = catalogueEntry("major")
    /// The natural minor scale (Aeolian).
    public static let naturalMinor = catalogueEntry("natural-minor")
    /// The harmonic minor scale.
    public static let harmonicMinor = catalogueEntry("harmonic-minor")
    /// The (ascending) melodic minor scale.
    public static let melodicMinor = catalogueEntry("melodic-minor")

    private static func catalogueEntry(_ id: String) -> ScaleType {
        guard let type = all.first(where: { $0.id == id }) else { preconditionFailure("no scale type \(id)") }
        return type
    }

    /// Looks up a catalogue type by exact id (no normalization); `nil` when absent.
    public static func withID(_ id: String) -> ScaleType? { all.first { $0.id == id } }

    typealias Entry = (String, String, String, [String])

    static let heptatonicEntries: [Entry] = [
        // Modes of major
        ("major", "Major", "1 2 3 4 5 6 7", ["ionian", "bilawal"]),
        ("dorian", "Dorian", "1 2 b3 4 5 6 b7", ["kafi"]),
        ("phrygian", "Phrygian", "1 b2 b3 4 5 b6 b7", ["bhairavi"]),
        ("lydian", "Lydian", "1 2 3 #4 5 6 7", ["kalyan", "yaman"]),
        ("mixolydian", "Mixolydian", "1 2 3 4 5 6 b7", ["dominant", "khamaj"]),
        ("natural-minor", "Natural minor", "1 2 b3 4 5 b6 b7", ["aeolian", "minor", "asavari"]),
        ("locrian", "Locrian", "1 b2 b3 4 b5 b6 b7", []),

        // Modes of melodic minor
        ("melodic-minor", "Melodic minor", "1 2 b3 4 5 6 7", ["jazz-minor", "ascending-melodic-minor"]),
        ("dorian-flat-2", "Dorian b2", "1 b2 b3 4 5 6 b7", ["phrygian-sharp-6", "phrygian-natural-6", "javanese", "melodic-minor-second-mode"]),
        ("lydian-augmented", "Lydian augmented", "1 2 3 #4 #5 6 7", ["lydian-sharp-5"]),
        ("lydian-dominant", "Lydian dominant", "1 2 3 #4 5 6 b7",
         ["overtone", "acoustic", "lydian-flat-7", "mixolydian-sharp-4"]),
        ("mixolydian-flat-6", "Mixolydian b6", "1 2 3 4 5 b6 b7", ["aeolian-dominant", "hindu", "melodic-major", "melodic-minor-fifth-mode"]),
        ("locrian-natural-2", "Locrian natural 2", "1 2 b3 4 b5 b6 b7",
         ["locrian-sharp-2", "half-diminished", "aeolian-flat-5"]),
        ("altered", "Altered", "1 b2 b3 b4 b5 b6 b7",
         ["super-locrian", "superlocrian", "diminished-whole-tone", "altered-dominant", "pomeroy"]),

        // Modes of harmonic minor
        ("harmonic-minor", "Harmonic minor", "1 2 b3 4 5 b6 7", ["aeolian-sharp-7"]),
        ("locrian-natural-6", "Locrian natural 6", "1 b2 b3 4 b5 6 b7", ["locrian-sharp-6", "locrian-6"]),
        ("ionian-augmented", "Ionian augmented", "1 2 3 4 #5 6 7",
         ["ionian-sharp-5", "augmented-major", "major-augmented", "major-sharp-5"]),
        ("ukrainian-dorian", "Ukrainian dorian", "1 2 b3 #4 5 6 b7",
         ["dorian-sharp-4", "romanian-minor", "altered-dorian", "misheberak"]),
        ("phrygian-dominant", "Phrygian dominant", "1 b2 3 4 5 b6 b7",
         ["spanish-phrygian", "phrygian-major", "freygish", "spanish", "ahava-rabbah"]),
        ("lydian-sharp-2", "Lydian #2", "1 #2 3 #4 5 6 7", ["lydian-sharp-9"]),
        ("ultralocrian", "Ultralocrian", "1 b2 b3 b4 b5 b6 bb7",
         ["super-locrian-double-flat-7", "superlocrian-double-flat-7", "altered-diminished", "superlocrian-diminished"]),

        // Modes of harmonic major
        ("harmonic-major", "Harmonic major", "1 2 3 4 5 b6 7", ["ionian-flat-6"]),
        ("dorian-flat-5", "Dorian b5", "1 2 b3 4 b5 6 b7", []),
        ("phrygian-flat-4", "Phrygian b4", "1 b2 b3 b4 5 b6 b7", ["altered-natural-5"]),
        ("lydian-flat-3", "Lydian b3", "1 2 b3 #4 5 6 7", ["lydian-diminished", "melodic-minor-sharp-4"]),
        ("mixolydian-flat-2", "Mixolydian b2", "1 b2 3 4 5 6 b7", []),
        ("lydian-augmented-sharp-2", "Lydian augmented #2", "1 #2 3 #4 #5 6 7", []),
        ("locrian-double-flat-7", "Locrian bb7", "1 b2 b3 4 b5 b6 bb7", []),

        // Modes of double harmonic major
        ("double-harmonic", "Double harmonic major", "1 b2 3 4 5 b6 7",
         ["double-harmonic-major", "byzantine", "arabic", "gypsy-major", "gypsy", "bhairav"]),
        ("lydian-sharp-2-sharp-6", "Lydian #2 #6", "1 #2 3 #4 5 #6 7", []),
        ("ultraphrygian", "Ultraphrygian", "1 b2 b3 b4 5 b6 bb7", []),
        ("hungarian-minor", "Hungarian minor", "1 2 b3 #4 5 b6 7",
         ["gypsy-minor", "double-harmonic-minor", "harmonic-minor-sharp-4"]),
        ("oriental", "Oriental", "1 b2 3 4 b5 6 b7", []),
        ("ionian-sharp-2-sharp-5", "Ionian #2 #5", "1 #2 3 4 #5 6 7", []),
        ("locrian-double-flat-3-double-flat-7", "Locrian bb3 bb7", "1 b2 bb3 4 b5 b6 bb7", []),

        // Modes of Neapolitan major
        ("neapolitan-major", "Neapolitan major", "1 b2 b3 4 5 6 7", ["neopolitan-major"]),
        ("augmented-heptatonic", "Augmented heptatonic", "1 #2 3 4 5 b6 7", []),
        ("leading-whole-tone", "Leading whole-tone", "1 2 3 #4 #5 #6 7", ["lydian-augmented-sharp-6"]),
        ("lydian-augmented-dominant", "Lydian augmented dominant", "1 2 3 #4 #5 6 b7", []),
        ("lydian-minor", "Lydian minor", "1 2 3 #4 5 b6 b7", ["lydian-dominant-flat-6"]),
        ("arabian", "Arabian (major Locrian)", "1 2 3 4 b5 b6 b7", ["major-locrian", "locrian-major"]),
        ("half-diminished-flat-4", "Half-diminished b4", "1 2 b3 b4 b5 b6 b7", []),
        ("altered-double-flat-3", "Altered bb3", "1 b2 bb3 b4 b5 b6 b7", []),

        // Modes of Neapolitan minor
        ("neapolitan-minor", "Neapolitan minor", "1 b2 b3 4 5 b6 7", []),
        ("lydian-sharp-6", "Lydian #6", "1 2 3 #4 5 #6 7", []),
        ("mixolydian-augmented", "Mixolydian augmented", "1 2 3 4 #5 6 b7", []),
        ("hungarian-gypsy", "Hungarian gypsy", "1 2 b3 #4 5 b6 b7", ["aeolian-sharp-4"]),
        ("locrian-dominant", "Locrian dominant", "1 b2 3 4 b5 b6 b7", []),
        ("ionian-sharp-2", "Ionian #2", "1 #2 3 4 5 6 7", []),
        ("ultralocrian-double-flat-3", "Ultralocrian bb3", "1 b2 bb3 b4 b5 b6 bb7", []),

        // Other seven-note scales
        ("hungarian-major", "Hungarian major", "1 #2 3 #4 5 6 b7", []),
        ("romanian-major", "Romanian major", "1 b2 3 #4 5 6 b7", []),
        ("persian", "Persian", "1 b2 3 4 b5 b6 7", []),
        ("enigmatic", "Enigmatic", "1 b2 3 #4 #5 #6 7", ["scala-enigmatica"]),
        ("todi", "Todi (raga)", "1 b2 b3 #4 5 b6 7", ["raga-todi", "todi-raga"]),
        ("marva", "Marva (raga)", "1 b2 3 #4 5 6 7", ["marwa", "raga-marva"]),
        ("purvi", "Purvi (raga)", "1 b2 3 #4 5 b6 7", ["poorvi", "raga-purvi", "double-harmonic-lydian"]),
    ]
}
