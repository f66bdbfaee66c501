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
    func emit(_ json: @autoclosure () -> JSONValue, text: @autoclosure () -> [String]) {
        if self.json {
            print(json().serialized())
        } else {
            for line in text() { print(line) }
        }
    }
}
