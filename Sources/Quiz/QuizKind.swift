/// What a quiz question asks.
public enum QuizKind: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// Two spelled notes → the interval between them.
    case nameInterval = "name-interval"
    /// A note, an interval and a direction → the note.
    case buildInterval = "build-interval"
    /// A root cell on a fretboard and an interval → every cell where it lies, or a second cell → the interval.
    case fretboardInterval = "fretboard-interval"
    /// Two notes heard (one after the other, or together) → the interval.
    case earInterval = "ear-interval"

    public var description: String { rawValue }

    /// Whether the question shows written spellings (so A4 and d5 are different answers).
    ///
    /// Ear and fretboard questions only give sounds or places, which cannot tell enharmonic twins apart,
    /// so their grading accepts any interval of the same size and number of octaves.
    public var isWritten: Bool { self == .nameInterval || self == .buildInterval }
}

/// How the two notes of an interval question are ordered or sounded.
public enum QuizDirection: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// The second note is above the first.
    case ascending
    /// The second note is below the first.
    case descending
    /// Both notes at once (written lower note first).
    case harmonic

    public var description: String { rawValue }
}

/// Which fretboard task a `fretboard-interval` question sets.
public enum FretboardTask: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// Find every cell in the fret range where the interval above (or below) the root lies.
    case find
    /// Name the interval from the root cell to a second cell.
    case name

    public var description: String { rawValue }
}
