import Fretboard
import TheoryCore

/// The right answer to a question, computed by TheoryCore or Fretboard.
public enum QuizAnswer: Hashable, Sendable, CustomStringConvertible {
    /// An interval, written as its short name (`M3`, `d5`, `m10`); direction is part of the question.
    case interval(Interval)
    /// A spelled note with its octave.
    case pitch(Pitch)
    /// Every fretboard cell where the asked note lies, in string and fret order.
    case cells([FretCell])

    /// The answer as text: `M3`, `G#4`, `6/7 5/2`.
    public var description: String {
        switch self {
        case .interval(let interval): return interval.ascending.name
        case .pitch(let pitch): return pitch.description
        case .cells(let cells): return cells.map(\.description).joined(separator: " ")
        }
    }
}
