import TheoryCore

/// One cell of a pattern: where it is, the spelled pitch that sounds there, and its interval from the pattern root.
///
/// The interval comes from the scale or chord formula, so a diminished seventh arpeggio's top note is a
/// `d7` with degree label `bb7` (not a `6`), and an altered scale's second degree is `b9`-type `m2`/`b2`
/// exactly as the formula writes it.
public struct PatternCell: Hashable, Sendable, CustomStringConvertible {
    /// The place on the neck.
    public let cell: FretCell
    /// The spelled pitch sounding there.
    public let pitch: Pitch
    /// The formula interval from the root (`d7` in a dim7 arpeggio, `m9` for a b9 chord tone).
    public let interval: Interval

    /// Creates a pattern cell.
    public init(cell: FretCell, pitch: Pitch, interval: Interval) {
        self.cell = cell
        self.pitch = pitch
        self.interval = interval
    }

    /// The string number (1 = thumb side).
    public var string: Int { cell.string }
    /// The neck fret.
    public var fret: Int { cell.fret }
    /// The formula degree label: `1`, `b3`, `bb7`, `#9`.
    public var degree: String { interval.degreeLabel }
    /// True for the pattern root.
    public var isRoot: Bool { interval.steps % 7 == 0 && interval.semitones % 12 == 0 }

    /// `3/5 C4 (1)`.
    public var description: String { "\(cell) \(pitch) (\(degree))" }
}
