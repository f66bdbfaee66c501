import Foundation
import ScoreLayout
import TonmeisterSupport

/// Layout detection in a child process: `tonmeister score detect PDF --json`, so that a library that aborts on a
/// hostile PDF (cairo's assertions, poppler's allocation checks) ends the child, never `serve` and its session.
///
/// The child's exit status is read as the command line defines it: 0 gives the layout and its detection report,
/// 2 a message about the PDF (HTTP 400), anything else — a signal, status 1, output that is not a layout — an
/// error naming what happened (HTTP 500), with the server still running.
struct DetectionProcess: Sendable {
    /// The `tonmeister` executable run as the child.
    let executable: String

    /// The executable to run: `TONMEISTER_DETECTOR` when set, else this process's own executable when it is
    /// `tonmeister`, else a `tonmeister` beside it (a test runner in `.build/debug`); nil when none is found.
    static func defaultExecutable() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["TONMEISTER_DETECTOR"], !path.isEmpty { return path }
        guard let own = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        if own.lastPathComponent == "tonmeister" { return own.path }
        var directory = own.deletingLastPathComponent()
        // An XCTest bundle's executable lies inside `X.xctest/Contents/MacOS` on macOS, beside `tonmeister` on Linux.
        while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
        let sibling = directory.appendingPathComponent("tonmeister").path
        return FileManager.default.isExecutableFile(atPath: sibling) ? sibling : nil
    }

    /// Detects the layout of the PDF at `path` in a child process: the layout and the `detection` report.
    func detect(path: String, password: String?) throws -> (layout: ScoreLayout, report: JSONValue) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tonmeister-detect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("out.json"), errURL = directory.appendingPathComponent("err.txt")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["score", "detect", path, "--json"] + (password.map { ["--password", $0] } ?? [])
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch {
            throw APIError(status: .internalServerError, message: "layout detection could not start its process (\(executable))",
                           detail: "\(error)")
        }
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        let message = (try? String(contentsOf: errURL, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if process.terminationReason == .uncaughtSignal {
            throw APIError(status: .internalServerError,
                           message: "layout detection stopped: its process was killed by signal \(process.terminationStatus) while reading the PDF "
                               + "(the server and the session are unaffected; edit the layout by hand or try another PDF)",
                           detail: message)
        }
        switch process.terminationStatus {
        case 0: break
        case 2: throw APIError.badRequest(message.isEmpty ? "the PDF could not be read" : Self.withoutPrefix(message))
        default:
            throw APIError(status: .internalServerError,
                           message: "layout detection failed (exit status \(process.terminationStatus))\(message.isEmpty ? "" : ": \(Self.withoutPrefix(message))")",
                           detail: message)
        }
        do {
            let tree = try JSONReader.parse(try Data(contentsOf: outURL))
            guard case .object(let members) = tree else { throw LayoutError.invalidJSON(reason: "not an object") }
            let layout = try ScoreLayout(jsonTree: .object(members.filter { $0.0 != "detection" }))
            try layout.validate()
            let report = members.first { $0.0 == "detection" }?.1 ?? .null
            return (layout, report)
        } catch {
            throw APIError(status: .internalServerError, message: "layout detection gave output that is not a layout", detail: "\(error)")
        }
    }

    /// A command-line message without its `error: ` prefix.
    private static func withoutPrefix(_ message: String) -> String {
        let last = message.split(separator: "\n").last.map(String.init) ?? message
        return last.hasPrefix("error: ") ? String(last.dropFirst(7)) : last
    }
}
