import ArgumentParser
import TheoryCore
import TonmeisterSupport

/// `tonmeister chord SYMBOL`: read a chord symbol; `--identify NOTES` names notes; `--list` prints the dictionary.
struct ChordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chord",
        abstract: "Spell a chord symbol, identify a chord from notes, or list chord types.",
        discussion: """
            Examples:
              tonmeister chord Eb7#9b13                 Eb G Bb Db F# Cb
              tonmeister chord Bbsus4/F --json
              tonmeister chord Cmaj7 --from C3 --to C5  (arpeggio over a range)
              tonmeister chord --identify C4 E4 G4 Bb4
              tonmeister chord --list
            """
    )

    @Argument(help: "A chord symbol (Cmaj7, F#m7b5, C7(b9,#11), D/F#); with --identify, the notes lowest first.")
    var input: [String] = []

    @Flag(help: "Identify the chord formed by the given notes (pitches with octave, or pitch classes lowest first).")
    var identify = false

    @Flag(help: "List every chord type in the dictionary.")
    var list = false

    @Option(help: "Lay the chord out as an arpeggio from this pitch…")
    var from: String?

    @Option(help: "…up to this pitch.")
    var to: String?

    @Flag(help: "With --from/--to, play the arpeggio downward.")
    var descending = false

    @Option(help: "With --identify, print at most this many candidates.")
    var limit = 8

    @Option(help: "A key ('G', 'G major', 'e minor'): read the symbol as a roman numeral (V7/V) or name the chord's numeral.")
    var key: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if list && (identify || !input.isEmpty) { throw ValidationError("--list takes no symbol or notes") }
        if !list && input.isEmpty { throw ValidationError("give a chord symbol, --identify NOTES, or --list") }
        if !identify && input.count > 1 {
            throw ValidationError("give one chord symbol (quote symbols with spaces); to name notes use --identify")
        }
        if (from == nil) != (to == nil) { throw ValidationError("--from and --to go together") }
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        if list { return printList() }
        if identify { return try printIdentification() }
        let key = try self.key.map(Key.init)
        let chord: Chord
        if let key, let roman = try? RomanNumeral(input[0]) {
            chord = try roman.chord(in: key).readable()
        } else {
            chord = try Chord(input[0]).readable()
        }
        var fields: [(String, JSONValue)] = [
            ("symbol", .string(chord.symbol)), ("root", .string(chord.root.description)),
            ("bass", .optional(chord.bass?.description)), ("notes", .strings(chord.notes)),
            ("intervals", .strings(chord.intervals.map(\.name))), ("type", .string(chord.type.id)),
            ("name", .string(chord.type.name)), ("formula", .string(chord.type.formulaText)),
        ]
        var lines = ["\(chord.symbol(output.style)) (\(chord.type.name)): \(chord.type.formulaText)",
                     chord.notes.map { $0.name(output.style) }.joined(separator: " ")]
        if let key {
            let roman = RomanNumeral.of(chord, in: key)
            fields.append(("key", .string(key.description)))
            fields.append(("roman", .string(roman)))
            lines[0] += " — \(roman) in \(key.name(output.style))"
        }
        let others = Chord.otherReadings(of: input[0])
        if !others.isEmpty {
            fields.append(("otherReadings", .array(others.map { r in
                ["symbol": .string(r.symbol), "notes": .strings(r.chord.notes), "reason": .string(r.reason)]
            })))
            lines += others.map { "also read as \($0.symbol): \($0.chord.notes.map { $0.name(output.style) }.joined(separator: " ")) (\($0.reason))" }
        }
        if let from, let to {
            let arpeggio = Arpeggio(chord, from: try Pitch(from), to: try Pitch(to), descending: descending)
            fields.append(("arpeggio", .array(arpeggio.tones.map { t in
                ["pitch": .string(t.pitch.description), "degree": .string(t.degreeLabel)]
            })))
            lines.append(arpeggio.tones.map { "\($0.pitch.name(output.style))(\($0.degreeLabel))" }.joined(separator: " "))
        }
        output.emit(.object(fields), text: lines)
    }

    private func printIdentification() throws {
        let notes = try input.map(PitchInput.init)
        let pitches = notes.compactMap { if case .pitch(let p) = $0 { p } else { nil } }
        let classes = notes.compactMap { if case .pitchClass(let pc) = $0 { pc } else { nil } }
        guard pitches.isEmpty || classes.isEmpty else {
            throw CLIError.badInput("give every note with an octave (C4 E4 G4) or none (C E G), not a mix")
        }
        let candidates = pitches.isEmpty ? Chord.identify(classes) : Chord.identify(pitches)
        if candidates.isEmpty {
            throw TheoryError.unidentifiable(reason: "no chord type in the dictionary fits \(input.joined(separator: " "))")
        }
        let shown = candidates.prefix(limit)
        output.emit(
            ["notes": .strings(input), "candidates": .array(shown.map { c in
                ["symbol": .string(c.symbol), "root": .string(c.chord.root.description),
                 "bass": .optional(c.chord.bass?.description), "type": .string(c.chord.type.id),
                 "notes": .strings(c.chord.notes), "score": .double(c.score), "inversion": .int(c.inversion),
                 "exactSpelling": .bool(c.exactSpelling), "missing": .strings(c.missing.map(\.degreeLabel)),
                 "added": .strings(c.added.map(\.degreeLabel))]
            })],
            text: shown.map { c in
                var line = c.chord.symbol(output.style).padding(toLength: 14, withPad: " ", startingAt: 0)
                    + c.chord.notes.map { $0.name(output.style) }.joined(separator: " ")
                if !c.exactSpelling { line += "  (respelled)" }
                if !c.missing.isEmpty { line += "  (no \(c.missing.map(\.degreeLabel).joined(separator: ", ")))" }
                if !c.added.isEmpty {
                    line += "  (with \(c.added.map(\.degreeLabel).joined(separator: ", ")): "
                        + c.added.map { c.chord.root.transposed(by: $0).name(output.style) }.joined(separator: " ") + ")"
                }
                return line
            }
        )
    }

    private func printList() {
        let types = ChordType.all
        output.emit(
            ["chords": .array(types.map { t in
                ["id": .string(t.id), "name": .string(t.name), "symbol": .string(t.symbol),
                 "aliases": .strings(t.aliases), "formula": .string(t.formulaText), "sources": PeerNames.json(PeerNames.chordSources[t.id])]
            })],
            text: types.map { t in
                ("C" + t.symbol).padding(toLength: 16, withPad: " ", startingAt: 0)
                    + t.formulaText.padding(toLength: 24, withPad: " ", startingAt: 0) + t.name + PeerNames.text(PeerNames.chordSources[t.id])
            } + ["\(types.count) chord types; symbols in [ ] are how other libraries write them"]
        )
    }
}
