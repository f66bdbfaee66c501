import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreDocument
import ScoreLayout
import Storage
import TonmeisterSupport

/// `tonmeister session add-score SESSION FILE.pdf [--title T] [--no-detect] [--no-piece]`: another score (a movement
/// printed as its own PDF) after the session's scores.
struct SessionAddScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-score",
        abstract: "Add another score PDF to a session (a movement that comes as its own PDF), with its layout and a piece on its bars.",
        discussion: """
            Scores are numbered from 0: the session's own score is 0, the first one added 1, and so on. The layout \
            is detected from the PDF (as `session create --detect`), numbered as printed, and a piece spanning the \
            new score's bars is added to the programme (titled --title, default the PDF's file name); --no-piece \
            adds none. Positions on the new score are given with --score N and the page in that PDF \
            (`take start SESSION --score 1 --page 1 --x 80 --y 120`). Takes and marks already made do not move.
            """
    )

    @OptionGroup var file: SessionFile

    @Argument(help: "The PDF of the new score.")
    var score: String

    @Option(help: "The password of an encrypted PDF.")
    var password: String?

    @Option(help: "The title of the piece on the new score's bars (default: the PDF's file name).")
    var title: String?

    @Option(help: "The key of that piece, such as \"D major\".")
    var key: String?

    @Flag(name: .customLong("no-detect"), help: "Do not detect the new score's layout (queries then know none of its bars).")
    var noDetect = false

    @Flag(name: .customLong("no-piece"), help: "Add no piece for the new score.")
    var noPiece = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let document = try ScoreDocument.opened(path: score, password: password)
        let layout = noDetect ? nil : try document.numberedAsPrinted(ScoreLayout(detected: document.detectLayout())).layout
        let store = try file.store()
        let before = try store.load()
        // The last score's page count, from its PDF when the session has not recorded it yet.
        var previousPages: Int?
        if before.scores[before.scores.count - 1].pages == nil {
            let last = before.scores[before.scores.count - 1]
            guard let path = SessionFile.scorePath(last, sessionPath: file.session) else {
                throw CLIError.badInput("\(last.file) (score \(before.scores.count - 1)) is not found: its page count is needed to add a score after it (nothing was changed)")
            }
            previousPages = try ScoreDocument(path: path).pageCount
        }
        var piece: Piece?
        if !noPiece {
            guard let bars = layout?.allBars(), let first = bars.first, let last = bars.last else {
                throw CLIError.badInput("\(score): no bars were detected, so no piece can span them; add it with --no-piece (nothing was changed)")
            }
            piece = Piece(title: title ?? URL(fileURLWithPath: score).deletingPathExtension().lastPathComponent,
                          firstBar: first.number, lastBar: last.number, key: key)
        }
        let reference = ScoreReference(file: SessionCreateCommand.path(of: score, from: file.session), sha256: SHA256.hex(document.data),
                                       pages: document.pageCount)
        let index = try store.addScore(reference, layout: layout, previousPages: previousPages, piece: piece)
        let session = try store.load()
        output.emit(.object([("score", .int(index)), ("scores", Self.scoresJSON(session))]),
                    text: ["added score \(index): \(reference.file) (" + TakesCommand.count(document.pageCount, "page")
                           + ", \(layout?.barCount ?? 0) bars)" + (piece.map { "; piece \(session.pieces.count): \($0.title)" } ?? "")])
    }

    /// `[{"score","file","sha256","pages","bars"}]`: the session's scores with their bar counts.
    static func scoresJSON(_ session: Session) -> JSONValue {
        .array(session.scores.indices.map { index in
            let s = session.scores[index]
            return ["score": .int(index), "file": .string(s.file), "sha256": .string(s.sha256), "pages": s.pages.map { .int($0) } ?? .null,
                    "bars": .int(session.layout(ofScore: index)?.barCount ?? 0)]
        })
    }
}
