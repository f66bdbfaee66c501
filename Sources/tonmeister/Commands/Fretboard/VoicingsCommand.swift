import ArgumentParser
import Fretboard
import TheoryCore
import TonmeisterSupport

/// `tonmeister voicings SYMBOL`: playable voicings of a chord, easiest first.
struct VoicingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voicings",
        abstract: "List playable voicings of a chord on an instrument, ranked by a playability score (lower is easier).",
        discussion: """
            Frets are listed from string 1 (nearest the player's thumb); x is a muted string. docs/fretboard.md
            explains the score. Examples:
              tonmeister voicings C
              tonmeister voicings D/F# --limit 3 --boxes
              tonmeister voicings G7 --tuning ukulele-soprano --json
            """
    )

    @Argument(help: "A chord symbol: C, Am7, F#m7b5, D/F#.")
    var symbol: String

    @OptionGroup var neckOptions: NeckOptions

    @Option(help: "The largest distance between fretted notes, in frets (inclusive).")
    var maxSpan = 4

    @Option(help: "The most fretting fingers (a barre counts as one).")
    var maxFingers = 4

    @Flag(help: "Also allow muted strings between sounding strings (x3x010).")
    var allowMuted = false

    @Option(help: "The note that must sound lowest (default: the slash bass, or the root on guitars and basses).")
    var bass: String?

    @Option(help: "Search only these frets for fretted notes, FROM-TO.")
    var frets: String?

    @Option(help: "Print at most this many voicings.")
    var limit = 12

    @Flag(help: "Draw a chord box for each voicing.")
    var boxes = false

    @Option(help: "What the chord-box dots show: fingers, intervals or notes.")
    var labels: DiagramLabels = .fingers

    @Option(help: "Also write the listed voicings as a sheet of SVG chord boxes.")
    var svg: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let neck = try neckOptions.neck()
        let chord = try Chord(symbol)
        let constraints = VoicingConstraints(
            maxSpan: maxSpan, maxFingers: maxFingers, allowMutedInner: allowMuted,
            bass: try bass.map { try PitchClass($0) }, frets: try frets.map { try neck.fretRange(parsing: $0) })
        let (found, total) = try VoicingFinder.ranking(for: chord, on: neck, constraints: constraints, limit: limit)
        guard !found.isEmpty else {
            throw CLIError.badInput("no playable voicing of \(chord.symbol) on \(neck.tuning.id) within these limits (try --max-span 5 or --allow-muted)")
        }
        let shown = Array(found.prefix(limit))
        if let svg { try writeText(ChordBox.svgSheet(shown.map { ChordBox($0, on: neck, labels: labels) }), to: svg) }
        output.emit(
            ["symbol": .string(chord.symbol), "tuning": .string(neck.tuning.id), "capo": .int(neck.capo),
             "stringOrder": .string(stringOrderNote), "strings": .strings(neck.tuning.openPitches),
             "found": .int(total), "voicings": .array(shown.map(\.json))],
            text: boxes ? shown.map { ChordBox($0, on: neck, labels: labels).ascii() }
                : shown.map { v in
                    v.shape.padding(toLength: max(8, neck.stringCount + 2), withPad: " ", startingAt: 0)
                        + v.notes.map { $0.name(output.style) }.joined(separator: " ")
                        + "  (score \(Self.format(v.score)))"
                }
        )
    }

    /// A score with two decimals.
    static func format(_ x: Double) -> String { String(format2: x) }
}

extension String {
    /// A number with exactly two decimals (no Foundation formatting needed).
    init(format2 x: Double) {
        let cents = Int((abs(x) * 100).rounded())
        let sign = x < 0 && cents != 0 ? "-" : ""
        let frac = cents % 100
        self = sign + String(cents / 100) + "." + (frac < 10 ? "0" : "") + String(frac)
    }
}

extension Voicing {
    /// `{"frets":[null,3,2,0,1,0],"fingers":[…],"notes":[…],"intervals":[…],"score",…}` (null for a muted string).
    var json: JSONValue {
        [
            "shape": .string(shape),
            "frets": .array(frets.map { $0.map(JSONValue.int) ?? .null }),
            "fingers": .array(fingers.map { $0.map(JSONValue.int) ?? .null }),
            "notes": .array(pitches.map { $0.map { .string($0.description) } ?? .null }),
            "intervals": .array(intervals.map { $0.map { .string($0.degreeLabel) } ?? .null }),
            "barres": .array(barres.map { b in
                ["fret": .int(b.fret), "fromString": .int(b.fromString), "toString": .int(b.toString), "finger": .int(b.finger)]
            }),
            "score": .double((score * 100).rounded() / 100),
            "scoreParts": .object(playability.parts.filter { $0.1 != 0 }.map { ($0.0, .double(($0.1 * 100).rounded() / 100)) }),
        ]
    }
}
