/// One reading of a set of notes as a chord, with the evidence used to rank it (see ``Chord/identify(_:)``).
public struct ChordCandidate: Hashable, Sendable, CustomStringConvertible {
    /// The chord, with a slash bass when the lowest note is not the root.
    public let chord: Chord
    /// The chord's canonical symbol (`C/E`, `Am7`).
    public let symbol: String
    /// The ranking score; higher is a more plausible reading.
    public let score: Double
    /// Which chord tone is in the bass (0 = root position, 1 = first inversion …, -1 = a bass outside the chord).
    public let inversion: Int
    /// Formula tones of the type that are absent from the notes (at most one, e.g. an omitted fifth).
    public let missing: [Interval]
    /// True when every given note is spelled as the chord spells it (`C E G#` for C+, not `C E Ab`).
    public let exactSpelling: Bool
    /// Given tones the symbol leaves unsaid: the eleventh of a thirteenth chord stacked in thirds (`C13` for
    /// C E G Bb D F A, whose 11 the symbol does not write).
    public let added: [Interval]

    /// Creates a candidate.
    public init(chord: Chord, score: Double, inversion: Int, missing: [Interval], exactSpelling: Bool, added: [Interval] = []) {
        self.chord = chord
        self.symbol = chord.symbol
        self.score = score
        self.inversion = inversion
        self.missing = missing
        self.exactSpelling = exactSpelling
        self.added = added
    }

    /// The chord's notes and then the added ones, spelled from the root.
    public var notes: [PitchClass] { chord.notes + added.map { chord.root.transposed(by: $0) } }

    /// The symbol, with notes on missing tones and respelling: `C7 (no 5)`, `C+ (respelled)`.
    public var description: String {
        var s = symbol
        if !missing.isEmpty { s += " (no " + missing.map(\.degreeLabel).joined(separator: ", ") + ")" }
        if !added.isEmpty { s += " (with " + added.map(\.degreeLabel).joined(separator: ", ") + ")" }
        if !exactSpelling { s += " (respelled)" }
        return s
    }
}
