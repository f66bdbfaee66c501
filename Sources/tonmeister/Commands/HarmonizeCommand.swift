import ArgumentParser
import TheoryCore
import TonmeisterSupport

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

    @Argument(help: "The key: 'D major', 'f# minor', 'Bb', 'G#m', 'c' (lower-case = minor); or any scale: 'D dorian', 'C altered'.")
    var key: [String]

    @Option(parsing: .upToNextOption, help: "Roman numerals to read as chords in the key (I vi ii7 V7/V bVII).")
    var romans: [String] = []

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
        let text = self.key.joined(separator: " ")
        let key: Key
        do {
            key = try Key(text)
        } catch let keyError {
            // Not a major or minor key: any scale of the catalogue, in any of its modes ("D dorian").
            guard romans.isEmpty, let scale = try? Scale(text).readable() else { throw keyError }
            return emit(fields: [("key", .string(scale.description))], scale: scale,
                        chords: scale.harmonize(sevenths: sevenths), heading: scale.name(output.style))
        }
        let scale = try (key.mode == .minor ? key.scale(minorForm: minorForm.form) : key.scale).readable()
        if !romans.isEmpty { return try emitRomans(key) }
        emit(fields: [("key", .string(key.description)), ("signature", .int(key.signature))],
             scale: scale, chords: key.harmonize(sevenths: sevenths, minorForm: minorForm.form),
             heading: "\(key.name(output.style)) (\(Self.signatureText(key.signature)))")
    }

    /// The chords named by roman numerals in the key, and each chord's numeral read back.
    private func emitRomans(_ key: Key) throws {
        let chords = try romans.map { try RomanNumeral($0).chord(in: key).readable() }
        output.emit(
            .object([("key", .string(key.description)), ("romans", .array(zip(romans, chords).map { r, c in
                ["roman": .string(r), "symbol": .string(c.symbol), "notes": .strings(c.notes),
                 "reading": .string(RomanNumeral.of(c, in: key))]
            }))]),
            text: [key.name(output.style)] + zip(romans, chords).map { r, c in
                r.padding(toLength: 10, withPad: " ", startingAt: 0) + c.symbol(output.style).padding(toLength: 12, withPad: " ", startingAt: 0)
                    + c.notes.map { $0.name(output.style) }.joined(separator: " ")
            }
        )
    }

    private func emit(fields: [(String, JSONValue)], scale: Scale, chords: [DiatonicChord], heading: String) {
        output.emit(
            .object(fields + [
             ("scale", .strings(scale.pitchClasses)),
             ("chords", .array(chords.map { c in
                 ["degree": .int(c.degree), "roman": .string(c.roman), "symbol": .string(c.symbol),
                  "root": .string(c.root.description), "notes": .strings(c.notes), "quality": .string(c.quality.rawValue)]
             }))]),
            text: [heading] + chords.map { c in
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
