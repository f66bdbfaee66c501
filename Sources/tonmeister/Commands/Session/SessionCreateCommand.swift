import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreDocument
import ScoreLayout
import Storage
import TonmeisterSupport

/// `tonmeister session create FILE --score S.pdf [--detect] [--title T]`: a new, empty session on a score.
struct SessionCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an empty session (.json or .sqlite) on a PDF score, recording the score's SHA-256.",
        discussion: "With --detect the layout (systems and bars) is detected from the PDF and stored in the session."
    )

    @Argument(help: "The session to create: a .json document or a .sqlite database (it must not exist yet).")
    var file: String

    @Option(help: "The PDF score.")
    var score: String

    @Option(help: "The password of an encrypted PDF.")
    var password: String?

    @Flag(help: "Detect the layout from the PDF and store it in the session.")
    var detect = false

    @Option(help: "The session's title (default: the score's file name).")
    var title: String?

    @OptionGroup var output: OutputOptions

    func run() throws {
        let ext = URL(fileURLWithPath: file).pathExtension.lowercased()
        guard ["json", "sqlite", "db"].contains(ext) else {
            throw CLIError.badInput("\(file): a session is a .json document or a .sqlite database")
        }
        guard !FileManager.default.fileExists(atPath: file) else {
            throw CLIError.badInput("\(file) already exists; choose a new name (nothing was changed)")
        }
        let document = try ScoreDocument.opened(path: score, password: password)
        let layout = detect ? try document.numberedAsPrinted(ScoreLayout(detected: document.detectLayout())).layout : nil
        let session = Session(title: title ?? URL(fileURLWithPath: score).deletingPathExtension().lastPathComponent,
                              score: ScoreReference(file: Self.path(of: score, from: file), sha256: SHA256.hex(document.data)),
                              layout: layout)
        if ext == "json" {
            try SessionStore.writeAtomically(session.jsonData(pretty: true), to: file)
        } else {
            do { try SessionDatabase(path: file).save(session) } catch {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
                throw error
            }
        }
        let bars = layout?.barCount ?? 0
        output.emit(["file": .string(file), "score": .string(score), "sha256": .string(session.score.sha256),
                     "pages": .int(document.pageCount), "bars": .int(bars)],
                    text: ["created \(file) on \(score) (" + TakesCommand.count(document.pageCount, "page") + (detect ? ", \(bars) bars detected)" : ")")])
    }

    /// The score's path as the session records it: relative to the session file's folder (so that the session and
    /// its score can move together, and commands find the score wherever they run), `../` where needed.
    static func path(of score: String, from session: String) -> String {
        let target = URL(fileURLWithPath: score).standardizedFileURL.pathComponents
        let folder = URL(fileURLWithPath: session).standardizedFileURL.deletingLastPathComponent().pathComponents
        var common = 0
        while common < min(target.count - 1, folder.count), target[common] == folder[common] { common += 1 }
        guard common > 1 || folder.count == 1 else { return URL(fileURLWithPath: score).standardizedFileURL.path }
        return (Array(repeating: "..", count: folder.count - common) + target[common...]).joined(separator: "/")
    }
}
