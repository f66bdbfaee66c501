import Foundation
import TonmeisterSupport

/// Writes text the user asked for (a plan, an EDL, an SVG) to `path`, whole or not at all; a failure is
/// reported with exit status 1.
func writeText(_ text: String, to path: String) throws {
    try writeBytes(Data(text.utf8), to: path)
}

/// Writes bytes (a WAV, a MIDI file) to `path`, whole or not at all; a failure is reported with exit status 1.
func writeBytes(_ data: Data, to path: String) throws {
    if let reason = AtomicFile.write(data, to: path) {
        throw CLIError.failure("cannot write \(path): \(reason)")
    }
}

/// Makes the directory `path` for output files (with its parents), or reports why it cannot be one: a file, FIFO or
/// device already there is bad input (status 2), other failures status 1 — never the system's raw error.
func makeOutputDirectory(_ path: String) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        guard isDirectory.boolValue else { throw CLIError.badInput("\(path) is not a directory (it is a file already there): give a directory for the output files") }
        return
    }
    do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
        throw CLIError.failure("cannot make the directory \(path): \((error as NSError).localizedDescription)")
    }
}

/// Writes a line to standard error (a drawn seed, a file written, a summary), leaving standard output to the result.
func printNote(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
