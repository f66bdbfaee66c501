import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs `tonmeister` on a pseudo-terminal, as a person at a terminal would: reads what it prints, types lines.
final class PseudoTerminal {
    private let master: Int32
    private let process = Process()
    private(set) var transcript = ""

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The C library's pseudo-terminal calls, looked up at run time (Swift's Glibc module does not export them).
    private static func libc<T>(_ name: String, as type: T.Type) throws -> T {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else {
            throw Failure(description: "the C library has no \(name)")
        }
        return unsafeBitCast(symbol, to: type)
    }

    init(_ arguments: [String]) throws {
        typealias IntCall = @convention(c) (Int32) -> Int32
        let openpt = try Self.libc("posix_openpt", as: IntCall.self), grantpt = try Self.libc("grantpt", as: IntCall.self)
        let unlockpt = try Self.libc("unlockpt", as: IntCall.self)
        let ptsname = try Self.libc("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slave = open(String(cString: name), O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure(description: "cannot open \(String(cString: name))") }
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = CLIRunner.executable
        process.currentDirectoryURL = CLIRunner.packageRoot
        process.arguments = arguments
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    /// Reads until `text` has appeared after what earlier calls consumed, or fails after `timeout` seconds.
    @discardableResult
    func expect(_ text: String, timeout: Double = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !transcript.contains(text) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "timed out waiting for '\(text)'; got:\n\(transcript)") }
            var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&fds, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            let n = read(master, &buffer, buffer.count)
            guard n > 0 else { throw Failure(description: "the program closed the terminal before '\(text)'; got:\n\(transcript)") }
            transcript += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        let range = transcript.range(of: text)!
        let consumed = String(transcript[..<range.upperBound])
        transcript.removeSubrange(..<range.upperBound)
        return consumed
    }

    /// Types a line (with Return).
    func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits for the program to end and returns its exit status.
    func wait() -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while process.isRunning {
            var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&fds, 1, 100) > 0 {
                let n = read(master, &buffer, buffer.count)
                if n > 0 { transcript += String(decoding: buffer[0..<n], as: UTF8.self) }
            }
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
