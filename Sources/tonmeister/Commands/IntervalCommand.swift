import ArgumentParser
import ScoreLayout
import TheoryCore

/// `tonmeister interval FROM TO`: the exact interval between two spelled pitches.
struct IntervalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interval",
        abstract: "Name the exact interval between two spelled pitches.",
        discussion: "Example: tonmeister interval C#4 Bb5  →  d14 (diminished fourteenth), 21 semitones"
    )

    @Argument(help: "The first pitch, with octave (C#4, Bb3, Fx2, E♭5, Sol#4), or a pitch class (C, F#, Ré).")
    var from: String

    @Argument(help: "The second pitch, with octave; or a pitch class when the first is one (the interval up to it).")
    var to: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let interval: Interval, fromName: String, toName: String, fromText: String, toText: String
        switch (try PitchInput(from), try PitchInput(to)) {
        case (.pitch(let a), .pitch(let b)):
            interval = Interval(from: a, to: b)
            (fromName, toName, fromText, toText) = (a.description, b.description, a.name(output.style), b.name(output.style))
        case (.pitchClass(let a), .pitchClass(let b)):
            interval = Interval(upFrom: a, to: b)
            (fromName, toName, fromText, toText) = (a.description, b.description, a.name(output.style), b.name(output.style))
        default:
            // One has an octave and the other not: the pitch reader names what is missing ("C#": did you mean C#4?).
            _ = try Pitch(from)
            _ = try Pitch(to)
            throw CLIError.badInput("give two pitches with octaves (C4 G4) or two pitch classes (C G), not a mix")
        }
        output.emit(
            .object([("from", .string(fromName)), ("to", .string(toName))] + interval.jsonFields),
            text: ["\(fromText) → \(toText): \(interval.summary)"]
        )
    }
}
