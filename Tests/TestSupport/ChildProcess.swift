import Foundation

/// What a finished child process left behind: its exit status and everything it wrote.
public struct ChildResult: Sendable {
    /// The exit status (or the signal's number when it was killed).
    public var status: Int32
    /// Everything written to standard output.
    public var stdout: Data
    /// Everything written to standard error.
    public var stderr: Data

    /// Standard output as UTF-8 text.
    public var output: String { String(decoding: stdout, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    public var errors: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs programs from tests to their end, reading standard output and standard error at the same time.
///
/// Reading one pipe to its end before the other deadlocks as soon as the child fills the other pipe's buffer
/// (64 KiB on Linux) and blocks; here each pipe, and the standard input, has its own thread.
public enum ChildProcess {
    /// Runs `executable` with `arguments` and waits for its exit.
    ///
    /// - Parameters:
    ///   - directory: the working directory (default: the test's).
    ///   - input: written to standard input, which is then closed (empty: standard input is `/dev/null`).
    ///   - environment: the whole environment (default: the test's).
    public static func run(_ executable: URL, _ arguments: [String], directory: URL? = nil, input: Data = Data(),
                           environment: [String: String]? = nil) throws -> ChildResult {
        _ = ignoreBrokenPipes
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inPipe = input.isEmpty ? nil : Pipe()
        process.standardInput = inPipe ?? FileHandle.nullDevice
        try process.run()

        let group = DispatchGroup()
        let stdout = Collected(), stderr = Collected()
        for (handle, sink) in [(out.fileHandleForReading, stdout), (err.fileHandleForReading, stderr)] {
            DispatchQueue.global().async(group: group) { sink.data = handle.readDataToEndOfFile() }
        }
        if let writer = inPipe?.fileHandleForWriting {
            DispatchQueue.global().async(group: group) {
                // A child that exits without reading its input closes the pipe: the write fails (EPIPE), quietly.
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        group.wait()
        process.waitUntilExit()
        return ChildResult(status: process.terminationStatus, stdout: stdout.data, stderr: stderr.data)
    }

    /// Runs `executable` on a dispatch thread, for async tests: a child waited for on one of Swift's cooperative
    /// threads (as many as the cores) would stall every task of the test process meanwhile — in-process servers
    /// of other tests included.
    public static func detached(_ executable: URL, _ arguments: [String], directory: URL? = nil, input: Data = Data(),
                                environment: [String: String]? = nil) async throws -> ChildResult {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try run(executable, arguments, directory: directory, input: input, environment: environment)
                })
            }
        }
    }

    /// Runs the program at `path` (say `/usr/bin/pdftotext`); see ``run(_:_:directory:input:environment:)``.
    public static func run(path: String, _ arguments: [String], directory: URL? = nil, input: Data = Data(),
                           environment: [String: String]? = nil) throws -> ChildResult {
        try run(URL(fileURLWithPath: path), arguments, directory: directory, input: input, environment: environment)
    }

    /// A write into the pipe of a child that has exited raises SIGPIPE, whose default action ends the whole
    /// test process; ignored, the write fails with EPIPE instead.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// A program this package builds (`tonmeister`, `session-writer`), found next to the test bundle; nil if absent.
    public static func product(_ name: String) -> URL? {
        let candidates = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        return candidates.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The package's root directory (where `Package.swift`, `Scores/` and `scripts/` are).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}

/// One pipe's bytes, filled by its reading thread before the group is waited on.
private final class Collected: @unchecked Sendable {
    var data = Data()
}
