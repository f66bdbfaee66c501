import ArgumentParser
import Fretboard
import TonmeisterSupport

/// `tonmeister tunings`: the built-in tuning catalogue.
struct TuningsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tunings",
        abstract: "List the built-in tunings (string 1 is the string nearest the player's thumb).",
        discussion: """
            Examples:
              tonmeister tunings
              tonmeister tunings --instrument banjo-5
              tonmeister tunings --json
            """
    )

    @Option(help: "Only tunings of this instrument id (guitar, bass-5, ukulele-soprano, mandolin, banjo-5, …) or family (guitar, bass, ukulele, mandolin, banjo, violin, …).")
    var instrument: String?

    @Flag(help: "Print the catalogue as a Markdown table (the generated section of docs/fretboard.md).")
    var markdown = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        var tunings = Tuning.all
        if let instrument {
            tunings = tunings.filter { $0.instrument.id == instrument || $0.instrument.family == instrument }
            if tunings.isEmpty {
                throw CLIError.badInput("no instrument or family '\(instrument)' (known: \(Tuning.instruments.map(\.id).joined(separator: ", ")))")
            }
        }
        if markdown { return print(Self.markdownTable(tunings), terminator: "") }
        let idWidth = (tunings.map(\.id.count).max() ?? 0) + 2
        output.emit(
            ["stringOrder": .string(stringOrderNote), "tunings": .array(tunings.map(\.json))],
            text: tunings.map { t in
                t.id.padding(toLength: idWidth, withPad: " ", startingAt: 0)
                    + t.strings.map { $0.open.name(output.style) + ($0.firstFret > 0 ? "@\($0.firstFret)" : "") }.joined(separator: " ")
                    + "  (\(t.name))"
            } + ["\(tunings.count) tunings, \(Set(tunings.map(\.instrument.id)).count) instruments"]
        )
    }
}

extension TuningsCommand {
    /// The catalogue as a Markdown table: id, name, instrument, open strings from string 1, frets.
    static func markdownTable(_ tunings: [Tuning]) -> String {
        var out = "| id | name | instrument | strings from string 1 | frets |\n|---|---|---|---|---|\n"
        for t in tunings {
            let strings = t.strings.map { s in
                ([s.open] + s.doubling).map(\.description).joined(separator: "+") + (s.firstFret > 0 ? " (from fret \(s.firstFret))" : "")
            }.joined(separator: " ")
            out += "| `\(t.id)` | \(t.name) | \(t.instrument.name) | \(strings) | \(t.frets)\(t.instrument.isFretless ? " (fretless)" : "") |\n"
        }
        return out + "\n\(tunings.count) tunings for \(Set(tunings.map(\.instrument.id)).count) instruments.\n"
    }
}

extension Tuning {
    /// `{"id","name","instrument","strings":["E2",…],"frets",…}`; `firstFrets` and `courses` only where they matter.
    var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("id", .string(id)), ("name", .string(name)), ("instrument", .string(instrument.id)),
            ("instrumentName", .string(instrument.name)), ("strings", .strings(openPitches)), ("frets", .int(frets)),
        ]
        if strings.contains(where: { $0.firstFret > 0 }) { fields.append(("firstFrets", .array(strings.map { .int($0.firstFret) }))) }
        if hasCourses { fields.append(("courses", .array(strings.map { .strings([$0.open] + $0.doubling) }))) }
        if instrument.isFretless { fields.append(("fretless", .bool(true))) }
        return .object(fields)
    }
}
