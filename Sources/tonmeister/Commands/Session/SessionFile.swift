import ArgumentParser
import Foundation
import RecordingProtocol

/// The SESSION argument of the session commands: a `.json` session document (a `.sqlite` database once the
/// Storage module lands).
struct SessionFile: ParsableArguments {
    @Argument(help: "The session: a .json session document (tonmeister-session/1).")
    var session: String

    /// Reads and validates the session.
    func load() throws -> Session { try Self.load(session) }

    /// Reads and validates the session at `session`.
    static func load(_ session: String) throws -> Session {
        let url = URL(fileURLWithPath: session)
        switch url.pathExtension.lowercased() {
        case "json":
            break
        case "sqlite", "db":
            throw CLIError.badInput("\(session): SQLite session databases are not supported yet; use a .json session document")
        default:
            throw CLIError.badInput("\(session): a session is a .json document (tonmeister-session/1)")
        }
        guard FileManager.default.fileExists(atPath: session) else { throw CLIError.badInput("no such file: \(session)") }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw CLIError.badInput("cannot read \(session): \(error.localizedDescription)")
        }
        return try Session(json: data)
    }
}
