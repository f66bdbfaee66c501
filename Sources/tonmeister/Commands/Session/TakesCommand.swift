import ArgumentParser
import RecordingProtocol
import ScoreLayout

/// `tonmeister takes SESSION`: the takes of a session with the bars they span.
struct TakesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "takes",
        abstract: "List the takes of a session: bars, open or ended, source, note."
    )

    @OptionGroup var file: SessionFile
    @OptionGroup var output: OutputOptions

    func run() throws {
        let session = try file.load()
        func bar(_ p: ScorePosition?) -> String? { p.flatMap(session.barName(at:)) }
        let takes = session.liveTakes
        func liveMarks(_ take: Int) -> Int { session.marks(ofTake: take).count { !$0.deleted } }
        output.emit(
            ["takes": .array(takes.map { t in
                ["number": .int(t.number), "label": .string(t.label), "fromBar": .optional(bar(t.start)),
                 "toBar": .optional(bar(t.end)), "open": .bool(t.end == nil), "source": .optional(t.source),
                 "marks": .int(liveMarks(t.number)), "note": .string(t.note)]
            })],
            text: takes.map { t in
                let span = "bars \(bar(t.start) ?? "?")–\(t.end == nil ? "end (open)" : bar(t.end) ?? "?")"
                return "take \(t.label.padding(toLength: 5, withPad: " ", startingAt: 0)) \(span.padding(toLength: 22, withPad: " ", startingAt: 0))"
                    + Self.count(liveMarks(t.number), "mark") + (t.note.isEmpty ? "" : "  — \(t.note)")
            } + [Self.count(takes.count, "take")]
        )
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
