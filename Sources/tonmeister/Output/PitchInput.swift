import TheoryCore
import ScoreLayout

/// A command-line argument that may be a pitch with octave (`C#4`) or a pitch class (`C#`).
enum PitchInput {
    case pitch(Pitch)
    case pitchClass(PitchClass)

    /// Reads a pitch, or failing that a pitch class; when both fail, the pitch error is reported
    /// if the text has an octave-like tail, else the pitch-class error.
    init(_ text: String) throws {
        do {
            self = .pitch(try Pitch(text))
        } catch let pitchError {
            do {
                self = .pitchClass(try PitchClass(text))
            } catch {
                throw text.contains(where: \.isNumber) ? pitchError : error
            }
        }
    }
}
