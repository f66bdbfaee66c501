import Fretboard
import TheoryCore

/// Reads answers the ways students write them.
///
/// Intervals: short names (`M3`, `m7`, `P5`, `A4`, `dd7`), word forms (`maj3`, `min7`, `aug4`, `dim5`, `perf5`,
/// `maj 3`), long names (`major third`, `major 3rd`, `augmented fourth`), plus and minus signs (`+4`, `4+`,
/// `°5`, `5°`) and degree labels relative to the major scale (`b5`, `#4`, `b3`, `bb7`, `5`). A minus in front
/// (`-M3`, `M-3`) or the words `down`/`descending` give a descending interval; `octave` and `unison` are P8
/// and P1. "Tritone" is refused: it does
/// not say whether A4 or d5 is meant. Notes: `E4`, `Eb4`, `E♭4`, or without an octave (`Eb`). Cells:
/// `6/7 5/2`, `6:7, 5:2` or `s6f7 s5f2`, as string and fret.
public enum AnswerReader {
    /// An interval answer.
    public static func interval(_ text: String) throws(QuizError) -> Interval {
        let input = text.trimmingWhitespace()
        guard !input.isEmpty else { throw .unreadableAnswer(input: text, reason: "it is empty") }
        if input.lowercased() == "tritone" {
            throw .unreadableAnswer(input: text, reason: "a tritone is A4 or d5; write which")
        }
        var candidates = [input]
        if let word = ["octave": "P8", "unison": "P1", "prime": "P1", "double octave": "P15"][input.lowercased()] {
            candidates.append(word)
        }
        // `4+` and `5°` (sign after the number) are read as `+4` and `°5`.
        if let last = input.last, "+°o".contains(last), input.dropLast().allSatisfy(\.isNumber), input.count > 1 {
            candidates.append(String(last) + input.dropLast())
        }
        // Word forms with a space: `maj 3`, `min 7th`, `aug 4`, `dim 5`, `perf 5`.
        let words = input.lowercased().split(separator: " ").map(String.init)
        if words.count == 2, let long = ["maj": "major", "min": "minor", "aug": "augmented", "dim": "diminished",
                                          "perf": "perfect", "p": "perfect"][words[0]] {
            candidates.append(long + " " + words[1])
        }
        // A word form glued to a number with an ordinal suffix: `maj3rd`.
        for suffix in ["st", "nd", "rd", "th"] where input.lowercased().hasSuffix(suffix) && input.count > 2 {
            candidates.append(String(input.dropLast(2)))
        }
        var firstError: Error?
        for candidate in candidates {
            do { return try Interval(candidate) } catch { if firstError == nil { firstError = error } }
        }
        throw .unreadableAnswer(input: text, reason: firstError.map { "\($0)" } ?? "not an interval")
    }

    /// A note answer; `hasOctave` says whether an octave was written.
    public static func pitch(_ text: String) throws(QuizError) -> (pitch: Pitch, hasOctave: Bool) {
        let input = text.trimmingWhitespace()
        guard !input.isEmpty else { throw .unreadableAnswer(input: text, reason: "it is empty") }
        if let last = input.last, last.isNumber {
            do { return (try Pitch(input), true) } catch { throw .unreadableAnswer(input: text, reason: "\(error)") }
        }
        do { return (try PitchClass(input).pitch(octave: 4), false) } catch {
            throw .unreadableAnswer(input: text, reason: "\(error)")
        }
    }

    /// A list of fretboard cells.
    public static func cells(_ text: String) throws(QuizError) -> [FretCell] {
        let separators: Set<Character> = [" ", ",", ";", "\t"]
        let items = text.split(whereSeparator: { separators.contains($0) }).map(String.init)
        guard !items.isEmpty else { throw .unreadableAnswer(input: text, reason: "no cells; write string/fret pairs such as 6/7 5/2") }
        var cells: [FretCell] = []
        for item in items {
            var parts = item.lowercased().split(whereSeparator: { $0 == "/" || $0 == ":" }).map(String.init)
            if parts.count == 1, item.lowercased().hasPrefix("s"), let f = item.lowercased().firstIndex(of: "f") {
                let lower = item.lowercased()
                parts = [String(lower[lower.index(after: lower.startIndex)..<f]), String(lower[lower.index(after: f)...])]
            }
            guard parts.count == 2, let string = Int(parts[0]), let fret = Int(parts[1]), string >= 1, fret >= 0 else {
                throw .unreadableAnswer(input: item, reason: "a cell is string/fret, as in 6/7")
            }
            cells.append(FretCell(string: string, fret: fret))
        }
        return cells
    }
}
