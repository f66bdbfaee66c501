// The names other libraries give chords and scales, so that `chord --list` and `scale --list` can say where each of
// Tonmeister's types is known and by which names. Names only (the notes are Tonmeister's; the tests check them
// against transcriptions of the peers' data in Tests/TheoryCoreTests/PeerDictionaries/).
// Sources: tonal (tonaljs/tonal: packages/chord-type/data.ts, packages/scale-type/data.ts) and music21
// (cuthbertLab/music21: music21/harmony.py, CHORD_TYPES).

/// A library whose names Tonmeister reads.
public enum NameSource: String, CaseIterable, Sendable {
    case tonal, music21
}

/// The chord symbols and scale names of other libraries, and which Tonmeister types they read as.
public enum PeerNames {
    /// Chord symbols as written after a root ("maj7"; a leading space marks a name: " major seventh").
    public static let chordSymbols: [NameSource: [String]] = [
        .tonal: [
        "M", "", " major", "maj7", "Δ", "ma7", "M7", "Maj7", " major seventh", "maj9", "Δ9", " major ninth", "maj13",
        "Maj13", " major thirteenth", "6", "add6", "add13", "M6", " sixth", "6/9", "69", " sixth/ninth", "maj#4",
        "Δ#4", "Δ#11", " lydian", "M7b6", " major seventh b6", "m", "min", "-", " minor", "m7", "min7", "mi7", "-7",
        " minor seventh", "m/ma7", "m/maj7", "mM7", "m/M7", "-Δ7", "mΔ", " minor/major seventh", "m6",
        " minor sixth", "m9", " minor ninth", "m11", " minor eleventh", "m13", " minor thirteenth", "dim", "°", "o",
        " diminished", "dim7", "°7", "o7", " diminished seventh", "m7b5", "ø", " half-diminished", "7", "dom",
        " dominant seventh", "9", " dominant ninth", "13", " dominant thirteenth", "7#11", "7#4",
        " lydian dominant seventh", "7b9", " dominant b9", "7#9", " dominant #9", "alt7", " altered", "sus4",
        " suspended 4th", "sus2", " suspended 2nd", "7sus4", " suspended 4th seventh", "11", " eleventh", "b9sus",
        "phryg", " suspended 4th b9", "5", " fifth", "aug", "+", "+5", " augmented", "maj7#5", "maj7+5",
        " augmented seventh", "maj9#11", "Δ9#11", " major #11 (lydian)", "sus24", "sus4add9", "Mb6", "maj9#5",
        "Maj9#5", "7#5", "+7", "7aug", "aug7", "7#5#9", "7alt", "9#5", "9+", "9#5#11", "7#5b9", "7#5b9#11", "+add#9",
        "M#5add9", "+add9", "M6#11", "M6b5", "6#11", "6b5", "M7add13", "69#11", "7b6", "maj7#9#11", "M13#11",
        "maj13#11", "M13+4", "M13#4", "M7b9", "7#11b13", "7b5b13", "7add6", "67", "7add13", "7#9#11", "7b5#9",
        "13#9#11", "7#9#11b13", "13#9", "7#9b13", "9#11", "9+4", "9#4", "13#11", "13+4", "13#4", "9#11b13", "9b5b13",
        "7b9#11", "7b5b9", "13b9#11", "7b9b13#11", "7b9#11b13", "7b5b9b13", "13b9", "7b9b13", "7b9#9", "Madd9", "2",
        "add9", "add2", "Maddb9", "Mb5", "13b5", "M7b5", "M9b5", "7b5", "9b5", "7no5", "7b13", "9no5", "13no5",
        "9b13", "madd4", "m#5", "m+", "mb6", "m69", "mMaj7b6", "mMaj9b6", "mMaj9", "m7add11", "m7add4", "madd9",
        "o7M7", "oM7", "mb6M7", "m7#5", "m9#5", "m11A", "mb6b9", "m9b5", "M7#5sus4", "M9#5sus4", "7#5sus4", "M7sus4",
        "M9sus4", "9sus4", "9sus", "13sus4", "13sus", "7sus4b9b13", "7b9b13sus4", "4", "quartal", "11b9",
        ],
        .music21: [
        "", "M", "maj", "m", "min", "+", "aug", "dim", "o", "7", "dom7", "maj7", "M7", "mM7", "m#7", "minmaj7", "m7",
        "min7", "+M7", "augmaj7", "7+", "+7", "aug7", "ø7", "m7b5", "o7", "dim7", "dom7dim5", "6", "m6", "min6",
        "M9", "Maj9", "9", "dom9", "mM9", "minmaj9", "m9", "min9", "+M9", "augmaj9", "9#5", "+9", "aug9", "ø9",
        "øb9", "o9", "dim9", "ob9", "dimb9", "11", "dom11", "M11", "Maj11", "mM11", "minmaj11", "m11", "min11",
        "+M11", "augmaj11", "+11", "aug11", "ø11", "o11", "dim11", "M13", "Maj13", "13", "dom13", "mM13", "minmaj13",
        "m13", "min13", "+M13", "augmaj13", "+13", "aug13", "ø13", "sus2", "sus", "sus4", "7sus", "7sus4", "N6",
        "It+6", "It", "Fr+6", "Fr", "Gr+6", "Ger", "pedal", "power", "tristan",
        ],
    ]

    /// Scale names.
    public static let scaleNames: [NameSource: [String]] = [
        .tonal: [
        "major pentatonic", "pentatonic", "ionian pentatonic", "mixolydian pentatonic", "indian", "ritusen",
        "egyptian", "neopolitan major pentatonic", "vietnamese 1", "pelog", "kumoijoshi", "hirajoshi", "iwato",
        "in-sen", "lydian pentatonic", "chinese", "malkos raga", "locrian pentatonic",
        "minor seven flat five pentatonic", "minor pentatonic", "vietnamese 2", "minor six pentatonic",
        "flat three pentatonic", "kumoi", "flat six pentatonic", "scriabin", "whole tone pentatonic",
        "lydian #5P pentatonic", "lydian dominant pentatonic", "minor #7M pentatonic", "super locrian pentatonic",
        "minor hexatonic", "augmented", "major blues", "piongio", "prometheus neopolitan", "prometheus",
        "mystery #1", "six tone symmetric", "whole tone", "messiaen's mode #1", "messiaen's mode #5", "minor blues",
        "blues", "locrian major", "arabian", "double harmonic lydian", "harmonic minor", "altered", "super locrian",
        "diminished whole tone", "pomeroy", "locrian #2", "half-diminished", "aeolian b5", "mixolydian b6",
        "melodic minor fifth mode", "hindu", "lydian dominant", "lydian b7", "overtone", "lydian",
        "lydian augmented", "dorian b2", "phrygian #6", "melodic minor second mode", "melodic minor", "locrian",
        "ultralocrian", "superlocrian bb7", "superlocrian diminished", "locrian 6", "locrian natural 6",
        "locrian sharp 6", "augmented heptatonic", "romanian minor", "dorian #4", "lydian diminished", "phrygian",
        "leading whole tone", "lydian minor", "phrygian dominant", "spanish", "phrygian major", "balinese",
        "neopolitan major", "aeolian", "minor", "harmonic major", "double harmonic major", "gypsy", "dorian",
        "hungarian minor", "hungarian major", "oriental", "flamenco", "todi raga", "mixolydian", "dominant",
        "persian", "major", "ionian", "enigmatic", "major augmented", "major #5", "ionian augmented", "ionian #5",
        "lydian #9", "messiaen's mode #4", "purvi raga", "spanish heptatonic", "bebop", "bebop minor", "bebop major",
        "bebop locrian", "minor bebop", "diminished", "whole-half diminished", "ichikosucho", "minor six diminished",
        "half-whole diminished", "dominant diminished", "messiaen's mode #2", "kafi raga", "messiaen's mode #6",
        "composite blues", "messiaen's mode #3", "messiaen's mode #7", "chromatic",
        ],
    ]

    /// For each catalogue chord type id, the symbols of each library that read as it (on C).
    public static let chordSources: [String: [NameSource: [String]]] = {
        var out: [String: [NameSource: [String]]] = [:]
        for (source, symbols) in chordSymbols {
            for symbol in symbols {
                guard let chord = try? Chord("C" + symbol), !chord.type.id.hasPrefix("custom:") else { continue }
                out[chord.type.id, default: [:]][source, default: []].append(symbol.hasPrefix(" ") ? String(symbol.dropFirst()) : symbol)
            }
        }
        return out
    }()

    /// For each scale type id, the names of each library that read as it.
    public static let scaleSources: [String: [NameSource: [String]]] = {
        var out: [String: [NameSource: [String]]] = [:]
        for (source, names) in scaleNames {
            for name in names {
                guard let type = try? ScaleType.named(name) else { continue }
                out[type.id, default: [:]][source, default: []].append(name)
            }
        }
        return out
    }()
}
