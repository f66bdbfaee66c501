import Foundation
import TestSupport

/// Runs the built `tonmeister` executable and captures its output and exit status.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }

        init(_ child: ChildResult) {
            self.init(status: child.status, stdout: child.output, stderr: child.errors)
        }
    }

    /// The `tonmeister` binary next to the test bundle in the build products directory.
    static let executable: URL = {
        guard let url = ChildProcess.product("tonmeister") else { fatalError("tonmeister executable not found") }
        return url
    }()

    /// Runs `tonmeister` with the arguments; standard input is empty.
    static func run(_ arguments: String...) throws -> Result { try run(arguments) }

    /// The package root (where `Scores/` and `README.md` are); commands run there.
    static let packageRoot = ChildProcess.packageRoot

    static func run(_ arguments: [String]) throws -> Result {
        Result(try ChildProcess.run(executable, arguments, directory: packageRoot))
    }

    /// Runs the command and decodes its standard output as a JSON object.
    static func json(_ arguments: String...) throws -> [String: Any] {
        let result = try run(arguments)
        guard result.status == 0 else { throw CLIFailure(result: result) }
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        guard let dictionary = object as? [String: Any] else { throw CLIFailure(result: result) }
        return dictionary
    }

    struct CLIFailure: Error, CustomStringConvertible {
        var result: Result
        var description: String { "status \(result.status): \(result.stderr)\(result.stdout)" }
    }
}
