import ArgumentParser
import TheoryCore
import TonmeisterSupport

/// `tonmeister scale ROOT TYPE…`: a scale spelled from its formula; `--list` prints the dictionary.
struct ScaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Spell a scale from its formula, list scale types, or find scales containing notes.",
        discussion: """
            Examples:
              tonmeister scale G# major            G# A# B# C# D# E# F##
              tonmeister scale Fb melodic minor    Fb Gb Abb Bbb Cb Db Eb
              tonmeister scale C major --mode 2    D dorian
              tonmeister scale --list
              tonmeister scale --containing C E G# B
            """
    )

    @Argument(help: "The root (a pitch class such as G# or Bb) followed by the scale type (words or kebab-case).")
    var words: [String] = []

    @Flag(help: "List every scale type in the dictionary.")
    var list = false

    @Option(parsing: .upToNextOption, help: "Find scales that contain all of these pitch classes.")
    var containing: [String] = []

    @Option(help: "Rotate to the mode starting on this degree (1-based).")
    var mode: Int?

    @Option(help: "Also print pitches ascending from the root in this octave.")
    var octave: Int?

    @Flag(help: "For the chromatic scale: the descending form (with flats) instead of the ascending one (with sharps).")
    var descending = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        let modes = [list, !containing.isEmpty, !words.isEmpty].filter { $0 }.count
        if modes != 1 {
            throw ValidationError("give a root and a scale type, or --list, or --containing NOTES")
        }
        if !words.isEmpty && words.count < 2 {
            throw ValidationError("missing scale type after the root '\(words[0])' (for example: scale \(words[0]) major)")
        }
        if let octave, !(-1...9).contains(octave) { throw ValidationError("--octave must be between -1 and 9") }
    }

    func run() throws {
        if list { return printList() }
        if !containing.isEmpty { return try printContaining() }
        let root = try PitchClass(words[0])
        var scale = Scale(root, try ScaleType.named(words.dropFirst().joined(separator: " ")))
        if let mode {
            guard (1...scale.count).contains(mode) else {
                throw CLIError.badInput("--mode \(mode) is outside 1…\(scale.count) for \(scale)")
            }
            scale = scale.rotated(toDegree: mode)
        }
        scale = try scale.readable()
        // The chromatic scale is spelled as musicians write it (sharps up, flats down), not from its formula.
        let chromatic = scale.type.id == "chromatic"
        let notes = chromatic ? scale.chromaticSpelling(descending: descending) : scale.pitchClasses
        let intervals = chromatic ? notes.map { Interval(upFrom: scale.root, to: $0) } : scale.type.formula
        var fields: [(String, JSONValue)] = [
            ("root", .string(scale.root.description)), ("type", .string(scale.type.id)),
            ("name", .string(scale.description)), ("notes", .strings(notes)),
            ("intervals", .strings(intervals.map(\.name))), ("formula", .string(scale.type.formulaText)),
        ]
        if chromatic { fields.append(("direction", .string(descending ? "descending" : "ascending"))) }
        var lines = [notes.map { $0.name(output.style) }.joined(separator: " ")]
        if !output.json {
            lines.insert("\(scale.name(output.style)): \(scale.type.formulaText)", at: 0)
        }
        if let octave {
            let pitches = scale.pitches(from: octave)
            fields.append(("pitches", .strings(pitches)))
            lines.append(pitches.map { $0.name(output.style) }.joined(separator: " "))
        }
        output.emit(.object(fields), text: lines)
    }

    private func printList() {
        let types = ScaleType.all
        output.emit(
            ["scales": .array(types.map { t in
                ["id": .string(t.id), "name": .string(t.name), "aliases": .strings(t.aliases),
                 "formula": .string(t.formulaText), "notes": .int(t.count), "sources": PeerNames.json(PeerNames.scaleSources[t.id])]
            })],
            text: types.map { t in
                let aliases = t.aliases.isEmpty ? "" : "  (also: \(t.aliases.joined(separator: ", ")))"
                return t.id.padding(toLength: 30, withPad: " ", startingAt: 0) + t.formulaText + aliases
                    + PeerNames.text(PeerNames.scaleSources[t.id])
            } + ["\(types.count) scale types; names in [ ] are the names other libraries give them"]
        )
    }

    private func printContaining() throws {
        let notes = try containing.map(PitchClass.init)
        let matches = Scale.matches(containing: notes)
        output.emit(
            ["notes": .strings(notes), "scales": .array(matches.map { m in
                ["root": .string(m.scale.root.description), "type": .string(m.scale.type.id),
                 "name": .string(m.scale.description), "exact": .bool(m.isExact),
                 "notes": .strings(m.scale.pitchClasses)]
            })],
            text: matches.isEmpty ? ["no scale in the dictionary contains \(notes.map(\.description).joined(separator: " "))"]
                : matches.map { m in
                    m.scale.name(output.style) + (m.isExact ? "" : " (enharmonic)") + ": "
                        + m.scale.pitchClasses.map { $0.name(output.style) }.joined(separator: " ")
                }
        )
    }
}
