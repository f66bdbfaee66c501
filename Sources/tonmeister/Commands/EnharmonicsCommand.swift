import ArgumentParser
import ScoreLayout
import TheoryCore

/// `tonmeister enharmonics PITCH`: every spelling of a pitch within two accidentals.
struct EnharmonicsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enharmonics",
        abstract: "List the spellings of a pitch or pitch class (within two sharps or flats).",
        discussion: "Example: tonmeister enharmonics C#4  →  C#4 Db4 B##3"
    )

    @Argument(help: "A pitch (C#4) or a pitch class (C#).")
    var pitch: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let source: String, spellings: [String], simplest: String, shown: [String]
        switch try PitchInput(pitch) {
        case .pitch(let p):
            let all = p.enharmonics()
            (source, spellings, simplest) = (p.description, all.map(\.description), p.simplestSpelling.description)
            shown = all.map { $0.name(output.style) }
        case .pitchClass(let pc):
            let all = pc.enharmonics()
            (source, spellings, simplest) = (pc.description, all.map(\.description), pc.simplestSpelling.description)
            shown = all.map { $0.name(output.style) }
        }
        output.emit(
            ["pitch": .string(source), "spellings": .strings(spellings), "simplest": .string(simplest)],
            text: [shown.joined(separator: " ")]
        )
    }
}
