import ArgumentParser
import ScoreLayout
import TheoryCore

/// `tonmeister transpose PITCH INTERVAL [--down]`: transposition that keeps the spelling.
struct TransposeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transpose",
        abstract: "Transpose a pitch (or pitch class) by an interval, keeping its spelling.",
        discussion: "Example: tonmeister transpose B##5 P5 --down  →  E##5"
    )

    @Argument(help: "A pitch with octave (B##5) or a pitch class (F#).")
    var pitch: String

    @Argument(help: "An interval: M3, m-3, AA4, P11, dd7, or a degree label such as b3 or #11.")
    var interval: String

    @Flag(help: "Transpose down instead of up.")
    var down = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let step = try Interval(interval)
        let applied = down ? step.reversed : step
        let source: String, result: String, shown: String
        switch try PitchInput(pitch) {
        case .pitch(let p):
            let r = try p.transposed(by: applied).readable("transposing \(p) by \(applied.directedName)")
            (source, result, shown) = (p.description, r.description, r.name(output.style))
        case .pitchClass(let pc):
            let r = try pc.transposed(by: applied).readable("transposing \(pc) by \(applied.directedName)")
            (source, result, shown) = (pc.description, r.description, r.name(output.style))
        }
        output.emit(
            ["pitch": .string(source), "interval": .string(step.directedName), "down": .bool(down),
             "result": .string(result)],
            text: [shown]
        )
    }
}
