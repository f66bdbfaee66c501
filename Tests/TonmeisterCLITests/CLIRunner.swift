import Foundation

/// Runs the built `tonmeister` executable and captures its output and exit status.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `tonmeister` binary next to the test bundle in the build products directory.
    static let executable: URL = {
        let candidates = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for dir in candidates {
            let url = dir.appendingPathComponent("tonmeister")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        fatalError("tonmeister executable not found near \(candidates)")
    }()

    /// Runs `tonmeister` with the arguments; standard input is empty.
    static func run(_ arguments: String...) throws -> Result { try run(arguments) }

    /// The package root (where `Scores/` and `README.md` are); commands run there.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.currentDirectoryURL = packageRoot
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
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
