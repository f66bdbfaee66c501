import Foundation
import Testing

/// Runs every `$ tonmeister …` example in the console blocks of the README, docs/quiz.md and docs/sessions.md and compares the output exactly.
@Suite("README examples")
struct ReadmeExampleTests {
    struct Example: CustomStringConvertible, Sendable {
        var arguments: [String]
        var expected: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The documents whose console blocks are run.
    static let documents = ["README.md", "docs/quiz.md", "docs/sessions.md"]

    static let exampleTable: [Example] = {
        let text = documents.map {
            (try? String(contentsOf: packageRoot.appendingPathComponent($0), encoding: .utf8)) ?? ""
        }.joined(separator: "\n")
        var result: [Example] = []
        var inConsole = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inConsole = line == "```console"; continue }
            guard inConsole else { continue }
            if line.hasPrefix("$ tonmeister ") {
                result.append(Example(arguments: shellWords(String(line.dropFirst("$ tonmeister ".count))), expected: ""))
            } else if !result.isEmpty {
                result[result.count - 1].expected += line + "\n"
            }
        }
        return result
    }()

    /// Splits a command line on spaces, honouring double quotes.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], current = "", quoted = false
        for c in line {
            if c == "\"" { quoted.toggle() } else if c == " " && !quoted {
                if !current.isEmpty { words.append(current); current = "" }
            } else { current.append(c) }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    @Test func readmeHasExamples() {
        #expect(Self.exampleTable.count >= 10)
    }

    @Test("README example", arguments: exampleTable)
    func example(_ example: Example) throws {
        let r = try CLIRunner.run(example.arguments)
        let output = r.status == 0 ? r.stdout : r.stderr
        #expect(output == example.expected)
        #expect(r.status == (example.expected.hasPrefix("error:") ? 2 : 0))
    }

    @Test func readmeStartsWithWhatItIsThenTwoSetUpCommands() throws {
        let text = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(text.hasPrefix("# Tonmeister\n\nTonmeister is "))
        let setUp = text.components(separatedBy: "```sh\n")[1].components(separatedBy: "```")[0]
        let commands = setUp.split(separator: "\n").map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(commands == ["scripts/tonmeister demo", "scripts/test"])
        let ci = try String(contentsOf: Self.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("exec scripts/test"))
    }
}
