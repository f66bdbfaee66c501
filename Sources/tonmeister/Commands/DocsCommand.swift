import ArgumentParser
import ScoreLayout
import TheoryCore

/// `tonmeister docs scales|chords`: Markdown tables generated from the dictionaries for docs/theory.md.
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Print the scale or chord dictionary as a Markdown table (used to write docs/theory.md).",
        discussion: "scripts/update-docs replaces the generated sections of docs/theory.md with this output."
    )

    enum Table: String, ExpressibleByArgument, CaseIterable {
        case scales, chords
    }

    @Argument(help: "Which table: scales or chords.")
    var table: Table

    func run() {
        switch table {
        case .scales: print(Self.scaleTable(), terminator: "")
        case .chords: print(Self.chordTable(), terminator: "")
        }
    }

    /// The scale dictionary: id, name, formula, notes on C, aliases.
    static func scaleTable() -> String {
        var out = "| id | name | formula | on C | also |\n|---|---|---|---|---|\n"
        for t in ScaleType.all {
            let notes = Scale(PitchClass(.C), t).pitchClasses.map(\.description).joined(separator: " ")
            out += "| `\(t.id)` | \(t.name) | \(t.formulaText) | \(notes) | \(t.aliases.map { "`\($0)`" }.joined(separator: ", ")) |\n"
        }
        return out + "\n\(ScaleType.all.count) scale types.\n"
    }

    /// The chord dictionary: symbol on C, id, name, formula, notes on C, other accepted suffixes.
    static func chordTable() -> String {
        var out = "| symbol | id | name | formula | on C | also written |\n|---|---|---|---|---|---|\n"
        for t in ChordType.all {
            let chord = Chord(root: PitchClass(.C), type: t)
            let notes = chord.notes.map(\.description).joined(separator: " ")
            let aliases = t.aliases.map { "`C\($0)`" }.joined(separator: ", ")
            out += "| `\(chord.symbol)` | `\(t.id)` | \(t.name) | \(t.formulaText) | \(notes) | \(aliases) |\n"
        }
        return out + "\n\(ChordType.all.count) chord types.\n"
    }
}
