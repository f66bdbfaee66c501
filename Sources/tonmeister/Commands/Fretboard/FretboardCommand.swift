import ArgumentParser
import Fretboard
import ScoreLayout
import TheoryCore

/// `tonmeister fretboard scale|chord|arpeggio ROOT TYPE`: a pattern on the neck, each cell labelled with its interval.
struct FretboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fretboard",
        abstract: "Show a scale, chord or arpeggio on the neck with spelled intervals from the root.",
        discussion: """
            String 1 is the string nearest the player's thumb (the low E of a guitar); the diagram draws it at the
            bottom, as in tablature. Examples:
              tonmeister fretboard scale A minor-pentatonic --frets 5-8
              tonmeister fretboard arpeggio C dim7 --tuning guitar-standard --frets 0-5 --json
              tonmeister fretboard chord Cmaj7 --tuning ukulele-soprano --labels notes
            """
    )

    @Argument(help: "scale, chord or arpeggio.")
    var kind: FretPattern.Kind

    @Argument(help: "The root and the type (C major, A harmonic minor, C dim7), or a chord symbol (Cmaj7, F#m7b5).")
    var words: [String]

    @OptionGroup var neckOptions: NeckOptions

    @Option(help: "The frets shown, FROM-TO.")
    var frets = "0-12"

    @Option(help: "Label cells with intervals (degree labels such as b3, bb7) or notes.")
    var labels: DiagramLabels = .intervals

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if words.isEmpty { throw ValidationError("give a root and a type, for example: fretboard \(kind.rawValue) C major") }
        if kind == .scale && words.count < 2 { throw ValidationError("give a root and a scale type, for example: fretboard scale \(words[0]) major") }
    }

    func run() throws {
        let neck = try neckOptions.neck()
        let range = try neck.fretRange(parsing: frets)
        let pattern: FretPattern
        switch kind {
        case .scale:
            let scale = Scale(try PitchClass(words[0]), try ScaleType.named(words.dropFirst().joined(separator: " ")))
            pattern = .scale(scale, on: neck, frets: range)
        case .chord:
            pattern = .chord(try Self.chord(words), on: neck, frets: range)
        case .arpeggio:
            pattern = .arpeggio(try Self.chord(words), on: neck, frets: range)
        }
        let diagram = NeckDiagram(pattern, on: neck, frets: range, labels: labels == .fingers ? .intervals : labels)
        output.emit(pattern.json(neck: neck), text: ["\(pattern.name) on \(neck.tuning.id)" + (neck.capo > 0 ? ", capo \(neck.capo)" : ""),
                                                   diagram.ascii().trimmingTrailingNewline()])
    }

    /// A chord from a symbol (`Cmaj7`) or from a root and a type name (`C dim7`, `C diminished seventh`).
    static func chord(_ words: [String]) throws -> Chord {
        if words.count == 1 { return try Chord(words[0]) }
        return Chord(root: try PitchClass(words[0]), type: try ChordType.named(words.dropFirst().joined(separator: " ")))
    }
}

extension FretPattern.Kind: ExpressibleByArgument {}
extension DiagramLabels: ExpressibleByArgument {}

extension String {
    /// The string without one trailing newline.
    func trimmingTrailingNewline() -> String { hasSuffix("\n") ? String(dropLast()) : self }
}

extension FretPattern {
    /// `{"kind","root","name","tuning","frets":{"from","to"},"stringOrder","cells":[{"string","fret","note","interval","degree"}]}`
    func json(neck: Neck) -> JSONValue {
        [
            "kind": .string(kind.rawValue), "root": .string(root.description), "name": .string(name),
            "tuning": .string(neck.tuning.id), "capo": .int(neck.capo),
            "frets": ["from": .int(frets.lowerBound), "to": .int(frets.upperBound)],
            "stringOrder": .string(stringOrderNote),
            "cells": .array(cells.map { c in
                ["string": .int(c.string), "fret": .int(c.fret), "note": .string(c.pitch.description),
                 "interval": .string(c.interval.name), "degree": .string(c.degree)]
            }),
        ]
    }
}
