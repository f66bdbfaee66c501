import ArgumentParser
import ScoreLayout
import TheoryCore

/// Options shared by every command that prints: `--json` and `--unicode`.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Print accidentals as ♯ ♭ 𝄪 𝄫 in text output (JSON always uses # and b).")
    var unicode = false

    /// The accidental style for text output.
    var style: AccidentalStyle { unicode ? .unicode : .ascii }

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
