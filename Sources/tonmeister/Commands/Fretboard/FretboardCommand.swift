import ArgumentParser
import Foundation
import Fretboard
import TheoryCore
import TonmeisterSupport

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
              tonmeister fretboard scale G major --position 4 --system caged
              tonmeister fretboard scale A dorian --position 1 --system 3nps
              tonmeister fretboard arpeggio Am7 --position 5 --system window
            """
    )

    @Argument(help: "scale, chord or arpeggio.")
    var kind: FretPattern.Kind

    @Argument(help: "The root and the type (C major, A harmonic minor, C dim7), or a chord symbol (Cmaj7, F#m7b5).")
    var words: [String]

    @OptionGroup var neckOptions: NeckOptions

    @Option(help: "The frets shown, FROM-TO.")
    var frets = "0-12"

    @Option(help: "Show one playing position (CAGED 1–5 = C A G E D shapes; 3nps 1–7 = starting degree; window: its first fret).")
    var position: Int?

    @Option(help: "The position system: caged, 3nps or window (default: caged on six-string guitars, else window).")
    var system: PositionSystem?

    @Option(help: "The width of a window position, in frets.")
    var windowSize = 4

    @Option(help: "Label cells with intervals (degree labels such as b3, bb7) or notes.")
    var labels: DiagramLabels = .intervals

    @Option(help: "Also write the diagram as an SVG file (print it or convert it to PNG).")
    var svg: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if words.isEmpty { throw ValidationError("give a root and a type, for example: fretboard \(kind.rawValue) C major") }
        if kind == .scale && words.count < 2 { throw ValidationError("give a root and a scale type, for example: fretboard scale \(words[0]) major") }
        if system != nil && position == nil { throw ValidationError("--system goes with --position N") }
    }

    func run() throws {
        let neck = try neckOptions.neck()
        var range = try neck.fretRange(parsing: frets)
        var pattern: FretPattern
        var positionJSON: JSONValue = .null
        var title = ""
        if let position {
            let system = system ?? (neck.stringCount == 6 && !neck.tuning.isReentrant ? .caged : .window)
            let shown: ScalePosition
            if kind == .scale {
                shown = try ScalePosition.position(position, of: try scale(), on: neck, system: system, windowSize: windowSize)
            } else {
                shown = try ScalePosition.arpeggio(try Self.chord(words), position: position, on: neck, system: system, windowSize: windowSize)
            }
            pattern = shown.pattern
            range = shown.frets.lowerBound <= 1 ? 0...max(shown.frets.upperBound, 3) : shown.frets
            positionJSON = ["system": .string(system.rawValue), "number": .int(shown.number), "name": .string(shown.name),
                            "frets": ["from": .int(shown.frets.lowerBound), "to": .int(shown.frets.upperBound)]]
            title = ", \(system.rawValue) position \(shown.number) (\(shown.name))"
        } else {
            switch kind {
            case .scale: pattern = .scale(try scale(), on: neck, frets: range)
            case .chord: pattern = .chord(try Self.chord(words), on: neck, frets: range)
            case .arpeggio: pattern = .arpeggio(try Self.chord(words), on: neck, frets: range)
            }
        }
        let diagram = NeckDiagram(pattern, on: neck, frets: range, labels: labels == .fingers ? .intervals : labels)
        if let svg { try writeText(diagram.svg(title: "\(pattern.name)" + title.replacingOccurrences(of: ", ", with: " — ", options: .anchored)), to: svg) }
        var json = pattern.json(neck: neck, frets: range)
        if case .object(var fields) = json, position != nil {
            fields.insert(("position", positionJSON), at: 5)
            json = .object(fields)
        }
        output.emit(json, text: ["\(pattern.name) on \(neck.tuning.id)" + (neck.capo > 0 ? ", capo \(neck.capo)" : "") + title,
                                 diagram.ascii().trimmingTrailingNewline()])
    }

    private func scale() throws -> Scale {
        Scale(try PitchClass(words[0]), try ScaleType.named(words.dropFirst().joined(separator: " ")))
    }

    /// A chord from a symbol (`Cmaj7`) or from a root and a type name (`C dim7`, `C diminished seventh`).
    static func chord(_ words: [String]) throws -> Chord {
        if words.count == 1 { return try Chord(words[0]) }
        return Chord(root: try PitchClass(words[0]), type: try ChordType.named(words.dropFirst().joined(separator: " ")))
    }
}

extension FretPattern.Kind: ExpressibleByArgument {}
extension PositionSystem: ExpressibleByArgument {}
extension DiagramLabels: ExpressibleByArgument {}

extension String {
    /// The string without one trailing newline.
    func trimmingTrailingNewline() -> String { hasSuffix("\n") ? String(dropLast()) : self }
}

extension FretPattern {
    /// `{"kind","root","name","tuning","frets":{"from","to"},"stringOrder","cells":[{"string","fret","note","interval","degree"}]}`
    func json(neck: Neck, frets shown: ClosedRange<Int>) -> JSONValue {
        [
            "kind": .string(kind.rawValue), "root": .string(root.description), "name": .string(name),
            "tuning": .string(neck.tuning.id), "capo": .int(neck.capo),
            "frets": ["from": .int(shown.lowerBound), "to": .int(shown.upperBound)],
            "stringOrder": .string(stringOrderNote),
            "cells": .array(cells.map { c in
                ["string": .int(c.string), "fret": .int(c.fret), "note": .string(c.pitch.description),
                 "interval": .string(c.interval.name), "degree": .string(c.degree)]
            }),
        ]
    }
}
