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

    @Argument(help: "The first pitch, with octave (C#4, Bb3, Fx2, E♭5).")
    var from: String

    @Argument(help: "The second pitch, with octave.")
    var to: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let a = try Pitch(from), b = try Pitch(to)
        let interval = Interval(from: a, to: b)
        output.emit(
            .object([("from", .string(a.description)), ("to", .string(b.description))] + interval.jsonFields),
            text: ["\(a.name(output.style)) → \(b.name(output.style)): \(interval.summary)"]
        )
    }
}
