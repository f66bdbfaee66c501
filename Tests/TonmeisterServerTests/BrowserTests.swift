import Foundation
import Testing

/// The page in a real browser: `Browser/e2e.py` drives headless Chromium through Selenium against `tonmeister serve`.
///
/// `scripts/install-test-tools` installs Debian's `chromium` and `chromium-driver` and Selenium (into
/// `.build/test-tools/venv`); without them the test is skipped and says why. Screenshots are written to
/// `.build/test-tools/screenshots/` for a person to look at.
@Suite("Browser", .serialized)
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

    /// A running `tonmeister serve` of a copy of the example session and the chorale score, and its page's URL.
    struct Served {
        let server: Process
        let folder: URL
        let url: String

        /// The server's command line as JSON and its process id, for the scripts.
        var environment: [String: String] {
            let command = [server.executableURL!.path] + (server.arguments ?? [])
            return ["TONMEISTER_SERVE": String(decoding: (try? JSONSerialization.data(withJSONObject: command)) ?? Data(), as: UTF8.self),
                    "TONMEISTER_SERVE_PID": String(server.processIdentifier)]
        }

        func stop() {
            if server.isRunning { server.interrupt() }
            server.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Serves a copy of the example session, or the session `make` writes into the folder (it returns its path).
    static func serve(_ make: ((URL) throws -> URL)? = nil, score: String? = "Scores/chorale.pdf") throws -> Served {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var session = folder.appendingPathComponent("day1.json")
        if let make { session = try make(folder) } else {
            try FileManager.default.copyItem(at: root.appendingPathComponent("Examples/chorale-session.json"), to: session)
        }
        let server = Process()
        server.executableURL = try tonmeister()
        // Without `score` (a session of several scores) each score is found from the session's own paths.
        server.arguments = ["serve", session.path, "--port", "0"] + (score.map { ["--score", root.appendingPathComponent($0).path] } ?? [])
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.contains("http://"), Date() < deadline {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let served = Served(server: server, folder: folder, url: text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://") }.map(String.init) ?? "")
        if served.url.isEmpty { served.stop() }
        return served
    }

    /// Runs a script of `Browser/` against the server on a thread of its own (not one of the few the other server tests run on).
    static func script(_ name: String, _ arguments: [String], environment: [String: String]) async -> (status: Int32, output: String) {
        let script = [root.appendingPathComponent("Tests/TonmeisterServerTests/Browser/\(name)").path] + arguments
        return await withCheckedContinuation { done in
            Thread.detachNewThread { done.resume(returning: run(python, script, environment: environment)) }
        }
    }

    /// Serves the example session, runs a script of `Browser/` against it and checks that it passed; the screenshots it wrote.
    static func drive(_ name: String, shots folder: String, passed: String, session make: ((URL) throws -> URL)? = nil,
                      score: String? = "Scores/chorale.pdf", arguments: [String] = []) async throws -> [String] {
        let served = try serve(make, score: score)
        defer { served.stop() }
        try #require(!served.url.isEmpty, "the server printed no URL")
        let shots = screenshots.appendingPathComponent(folder)
        try? FileManager.default.removeItem(at: shots)
        let result = await script(name, [served.url, shots.path] + arguments, environment: served.environment)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(passed))
        return ((try? FileManager.default.contentsOfDirectory(atPath: shots.path)) ?? []).filter { $0.hasSuffix(".png") }
    }

    @Test("a take and marks made by tapping the page survive a network drop, a server restart and a reload; a long-press shows the covering takes",
          .enabled(if: missing == nil, "browser tools missing: \(missing ?? "")"))
    func browser() async throws {
        // e2e.py also stops this server mid-session and starts it again with the same command line.
        let shots = try await Self.drive("e2e.py", shots: "e2e", passed: "all browser checks passed")
        #expect(shots.count == 13, "\(shots)")
    }

    @Test("fingers and a pen at 768x1024, 1024x768 and 1366x1024, each: text notes, double taps, long press, ranges (across a page turn), ink (moved), pen mode, swipes, the history list, two tablets, the connection, the looks, the keyboard, the take panel; the bar popup equals covers --bar for every bar",
          .enabled(if: missing == nil, "browser tools missing: \(missing ?? "")"))
    func touch() async throws {
        let shots = try await Self.drive("touch.py", shots: "touch", passed: "all touch checks passed")
        #expect(shots.count >= 39, "\(shots)")
    }

    @Test("a whole session of 30 takes with two tablets, one offline for six takes: every tap stored exactly once on the take its tablet showed",
          .enabled(if: missing == nil, "browser tools missing: \(missing ?? "")"))
    func session() async throws {
        _ = try await Self.drive("session.py", shots: "session", passed: "all session checks passed")
    }
}
