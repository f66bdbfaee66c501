import ArgumentParser
import ScoreLayout
import TheoryCore

/// `tonmeister harmonize KEY`: the diatonic triads or seventh chords of a key, with roman numerals.
struct HarmonizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "harmonize",
        abstract: "Harmonize a key with diatonic triads or seventh chords and roman numerals.",
        discussion: """
            Examples:
              tonmeister harmonize D major
              tonmeister harmonize "c# minor" --sevenths --minor-form harmonic
            """
    )

    @Argument(help: "The key: 'D major', 'f# minor', 'Bb', 'G#m', 'c' (lower-case = minor).")
    var key: [String]

    @Flag(help: "Build seventh chords instead of triads.")
    var sevenths = false

    @Option(help: "For minor keys: natural, harmonic or melodic.")
    var minorForm: MinorFormArgument = .natural

    @OptionGroup var output: OutputOptions

    enum MinorFormArgument: String, ExpressibleByArgument, CaseIterable {
        case natural, harmonic, melodic
        var form: Key.MinorForm { Key.MinorForm(rawValue: rawValue)! }
    }

    func run() throws {
        let key = try Key(self.key.joined(separator: " "))
        let chords = key.harmonize(sevenths: sevenths, minorForm: minorForm.form)
        let scale = key.mode == .minor ? key.scale(minorForm: minorForm.form) : key.scale
        output.emit(
            ["key": .string(key.description), "signature": .int(key.signature),
             "scale": .strings(scale.pitchClasses),
             "chords": .array(chords.map { c in
                 ["degree": .int(c.degree), "roman": .string(c.roman), "symbol": .string(c.symbol),
                  "root": .string(c.root.description), "notes": .strings(c.notes), "quality": .string(c.quality.rawValue)]
             })],
            text: ["\(key.name(output.style)) (\(Self.signatureText(key.signature)))"] + chords.map { c in
                c.roman.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + c.symbol(output.style).padding(toLength: 12, withPad: " ", startingAt: 0)
                    + c.notes.map { $0.name(output.style) }.joined(separator: " ")
            }
        )
    }

    static func signatureText(_ s: Int) -> String {
        s == 0 ? "no sharps or flats" : s > 0 ? "\(s) sharp\(s == 1 ? "" : "s")" : "\(-s) flat\(s == -1 ? "" : "s")"
    }
}
