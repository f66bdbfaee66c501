import Foundation

/// Runs the `session-writer` helper (built from `Tests/SessionWriter`) as a child process and reads its acknowledgements.
///
/// The writer prints the id of each committed mark on its own line; `acknowledged` holds the ids
/// read so far, in order. Only complete lines count: a partial line at a kill is not an acknowledgement.
final class WriterProcess {
    /// The `session-writer` binary next to the test bundle in the build products directory.
    static let executable: URL = {
        let candidates = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for dir in candidates {
            let url = dir.appendingPathComponent("session-writer")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        fatalError("session-writer executable not found near \(candidates)")
    }()

    /// The child process.
    let process = Process()
    /// The ids acknowledged so far.
    private(set) var acknowledged: [Int] = []
    private let out = Pipe()
    private let err = Pipe()
    private var pending = Data()

    /// Starts `session-writer DATABASE TAKE COUNT PAUSE` (COUNT 0: until killed; PAUSE in µs between appends).
    init(database: String, take: Int, count: Int, pauseMicroseconds: Int = 0) throws {
        process.executableURL = Self.executable
        process.arguments = [database, String(take), String(count), String(pauseMicroseconds)]
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Reads until at least `n` ids are acknowledged; false when the output ends first.
    func readAcknowledgements(atLeast n: Int) -> Bool {
        while acknowledged.count < n {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { return false }
            take(chunk)
        }
        return true
    }

    /// Reads the rest of the output (the process must have ended or be ending) and waits for the exit.
    func finish() {
        take(out.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
    }

    /// What the writer wrote to standard error.
    var errors: String { String(decoding: err.fileHandleForReading.availableData, as: UTF8.self) }

    /// Sends SIGKILL to the writer.
    func kill() { _ = Foundation.kill(process.processIdentifier, SIGKILL) }

    private func take(_ chunk: Data) {
        pending.append(chunk)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
            pending.removeSubrange(pending.startIndex...newline)
            if let id = Int(line) { acknowledged.append(id) }
        }
    }
}
