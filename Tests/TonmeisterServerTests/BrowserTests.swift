import Foundation
import Testing

/// The page in a real browser: `Browser/e2e.py` drives headless Chromium through Selenium against `tonmeister serve`.
///
/// `scripts/install-test-tools` installs Debian's `chromium` and `chromium-driver` and Selenium (into
/// `.build/test-tools/venv`); without them the test is skipped and says why. Screenshots are written to
/// `.build/test-tools/screenshots/` for a person to look at.
@Suite("Browser")
struct BrowserTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let python = root.appendingPathComponent(".build/test-tools/venv/bin/python").path
    static let screenshots = root.appendingPathComponent(".build/test-tools/screenshots")

    /// Why the browser test cannot run here, or nil when it can.
    static let missing: String? = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return "no \(python) (run scripts/install-test-tools)" }
        for tool in ["chromium", "chromedriver"] where which(tool) == nil { return "no \(tool) on PATH (apt-get install chromium chromium-driver)" }
        let check = run(python, ["-c", "import selenium"])
        return check.status == 0 ? nil : "Selenium is not installed in \(python)"
    }()

    static func which(_ tool: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The `tonmeister` binary next to the test bundle.
    static func tonmeister() throws -> URL {
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        guard let url = candidates.map({ $0.appendingPathComponent("tonmeister") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else { throw CocoaError(.fileNoSuchFile) }
        return url
    }

    @Test("a take and marks made by tapping the page survive a network drop, a server restart and a reload; a long-press shows the covering takes",
          .enabled(if: missing == nil, "browser tools missing: \(missing ?? "")"))
    func browser() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("day1.json")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Examples/chorale-session.json"), to: session)

        let server = Process()
        server.executableURL = try Self.tonmeister()
        server.arguments = ["serve", session.path, "--port", "0", "--score", Self.root.appendingPathComponent("Scores/chorale.pdf").path]
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            if server.isRunning { server.interrupt() }
            server.waitUntilExit()
        }
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.contains("http://"), Date() < deadline {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let url = try #require(text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://") }.map(String.init), "\(text)")

        try? FileManager.default.removeItem(at: Self.screenshots)
        // e2e.py also stops this server mid-session and starts it again with the same command line.
        let command = [server.executableURL!.path] + (server.arguments ?? [])
        let environment = ["TONMEISTER_SERVE": String(decoding: try JSONSerialization.data(withJSONObject: command), as: UTF8.self),
                           "TONMEISTER_SERVE_PID": String(server.processIdentifier)]
        let script = [Self.root.appendingPathComponent("Tests/TonmeisterServerTests/Browser/e2e.py").path, url, Self.screenshots.path]
        // The minute-long browser run waits on a thread of its own, not on one of the few the other server tests run on.
        let result = await withCheckedContinuation { done in
            Thread.detachNewThread { done.resume(returning: Self.run(Self.python, script, environment: environment)) }
        }
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("all browser checks passed"))
        let shots = (try? FileManager.default.contentsOfDirectory(atPath: Self.screenshots.path)) ?? []
        #expect(shots.filter { $0.hasSuffix(".png") }.count == 13, "\(shots)")
    }
}
