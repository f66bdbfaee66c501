import ArgumentParser
import ScoreDocument
import Foundation
import RecordingProtocol
import Storage
import TonmeisterServer
import TonmeisterSupport

/// `tonmeister serve SESSION`: the live note-taking page and its JSON API for one session.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a session to browsers on tablets: the score, takes and marks, live for every device.",
        discussion: """
            SESSION is a .sqlite database, or a .json document imported first into the database beside it \
            (day1.json → day1.sqlite; an existing database is served as it is). The server listens on \
            127.0.0.1 (this machine only) unless --host says otherwise. Every request must carry a token: a random \
            one unless --token gives it; the full URL is printed, with a QR code for the tablet to scan. Requests \
            with a foreign Origin or Host, and writes not sent as JSON, are refused. See docs/serve.md.
            """
    )

    @OptionGroup var file: SessionFile

    @Option(help: "The TCP port (0: any free port).")
    var port = 8080

    @Option(help: "The address to listen on: 127.0.0.1 (this machine), or 0.0.0.0 for the network (needs --token).")
    var host = "127.0.0.1"

    @Option(help: "A secret of 8 or more letters, digits or -._~ that every request must carry (default: a random one).")
    var token: String?

    @Flag(help: "Serve without a token (only on this machine: --host must be a loopback address).")
    var noToken = false

    @Option(help: "Another host name the tablet may use for this machine (repeatable).")
    var allowHost: [String] = []

    @Flag(help: "Print the QR code of the URL even when standard output is not a terminal.")
    var qr = false

    @Option(help: "The score PDF (default: the session's score file, from here or beside the session).")
    var score: String?

    @Option(help: "The password of the score PDF when it is encrypted.")
    var password: String?

    func validate() throws {
        if noToken && token != nil { throw ValidationError("--no-token conflicts with --token") }
        do { try ServerConfiguration(host: host, port: port, token: noToken ? nil : token ?? "placeholder-token").validate() } catch {
            throw ValidationError(error.description + (noToken ? " (drop --no-token)" : ""))
        }
    }

    func run() throws {
        let prepared = try SessionFiles.prepare(file.session)
        if prepared.imported { Self.say("imported \(file.session) into \(prepared.database)") }
        if prepared.reused { Self.say("serving \(prepared.database), the database beside \(file.session) (made earlier)") }
        let session = try SessionStore(path: prepared.database).load()
        if score != nil, session.hasSeveralScores {
            throw CLIError.badInput("--score names one PDF, but the session has \(session.scores.count) scores: each is found from the session's own paths")
        }
        let scorePath: String, morePaths: [String]
        do {
            scorePath = try SessionFiles.scorePath(for: session, sessionPath: prepared.database, explicit: score)
            morePaths = try SessionFiles.moreScorePaths(for: session, sessionPath: prepared.database)
        } catch let error as ServerError {
            throw CLIError.badInput(error.description)
        }
        for (reference, path) in zip(session.scores, [scorePath] + morePaths) where !reference.sha256.isEmpty {
            if let data = FileManager.default.contents(atPath: path), SHA256.hex(data) != reference.sha256 {
                Self.say("warning: " + SessionWarning.scoreChanged(path: path).message)
            }
        }
        let token = noToken ? nil : self.token ?? ServerConfiguration.randomToken()
        var configuration = ServerConfiguration(host: host, port: port, token: token)
        configuration.allowedHosts = Set(allowHost)
        configuration.scorePassword = password
        let server: TonmeisterServer
        do {
            server = try TonmeisterServer(sessionPath: prepared.database, scorePath: scorePath, moreScorePaths: morePaths, configuration: configuration)
        } catch let error as ServerError {
            throw CLIError.badInput(error.description)
        }
        let host = self.host, title = session.title, showQR = qr || isatty(STDOUT_FILENO) == 1
        let done = DispatchSemaphore(value: 0)
        let failure = LockedError()
        Task {
            do {
                try await server.run { port in
                    let shown = host.contains(":") ? "[\(host)]" : host
                    let url = "http://\(shown):\(port)/" + (token.map { "?token=\($0)" } ?? "")
                    Self.say("serving \(title) at \(url)")
                    if showQR, let code = try? QRCode(url) { Self.say(code.terminalText()) }
                    Self.say("press Ctrl-C to stop")
                }
            } catch {
                failure.error = error
            }
            done.signal()
        }
        done.wait()
        if let error = failure.error { throw CLIError.failure("the server stopped: \(error)") }
    }

    /// Prints a line at once (the server runs for long; its output must not wait in a buffer).
    private static func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

/// The error a server task ended with, handed back to the command's thread.
private final class LockedError: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?

    var error: (any Error)? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
