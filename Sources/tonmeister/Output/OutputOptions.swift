import ArgumentParser
import TheoryCore
import TonmeisterSupport

/// Options shared by every command that prints: `--json` and `--unicode`.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Print accidentals as ♯ ♭ 𝄪 𝄫 in text output (JSON always uses # and b).")
    var unicode = false

    @Option(help: "Note names in text output: english (C D E) or latin (Do Ré Mi); JSON always uses english.")
    var names: NoteNames = .english

    /// The naming of notes in text output.
    enum NoteNames: String, ExpressibleByArgument, CaseIterable { case english, latin }

    /// The accidental style (and note names) for text output.
    var style: AccidentalStyle {
        switch names {
        case .english: return unicode ? .unicode : .ascii
        case .latin: return unicode ? .latinUnicode : .latin
        }
    }

    /// Prints either the JSON value or the text lines.
    ///
    /// When the command read a session, a JSON object answer also carries `"warnings"`: what reading
    /// repaired or kept (DESIGN §6); in text mode they go to standard error.
    func emit(_ json: @autoclosure () -> JSONValue, text: @autoclosure () -> [String]) {
        if self.json {
            var value = json()
            if case .object(var members) = value, let warnings = WarningLog.shared.takeForJSON() {
                members.append(("warnings", warnings))
                value = .object(members)
            }
            print(value.serialized())
        } else {
            WarningLog.shared.flushToStandardError()
            for line in text() { print(line) }
        }
    }
}
