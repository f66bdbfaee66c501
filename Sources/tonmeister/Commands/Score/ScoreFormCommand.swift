import ArgumentParser
import RecordingProtocol
import ScoreLayout

/// `tonmeister score form SESSION [--order "1-8,1-8,9-24"] [--piece N] [--detect]`: a piece's playing order.
struct ScoreFormCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Show or set the playing order of a piece: its bars as played, repeats included.",
        discussion: """
            The order is a list of runs of printed bar numbers: --order "1-8,1-8,9-24" plays bars 1–8 twice, then
            9–24. Each run goes from the first bar with its first number in the piece to the next bar with its last
            number. Positions then carry their pass (the second time through bar 5 is 5/2), and coverage, covers,
            plans and exports run in playing order. --order score goes back to score order. Without --order the
            piece's order is printed. A session without pieces gets one piece spanning the whole score.
            """
    )

    @OptionGroup var file: SessionFile

    @Option(help: "The playing order: runs of bars such as 1-8,1-8,9-24; 'score' for score order.")
    var order: String?

    @Flag(help: "Propose the order from the repeat signs drawn in the score (repeat barlines, endings, D.C./D.S.).")
    var detect = false

    @Option(help: "The piece (1-based); may be left out when the session has one piece (or none).")
    var piece: Int?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if order != nil && detect { throw ValidationError("give --order or --detect, not both") }
        if let piece, piece < 1 { throw ValidationError("--piece must be 1 or more") }
        if let order, order != "score" {
            do { _ = try BarSpan.list(order) } catch { throw ValidationError("--order: \(error)") }
        }
    }

    func run() throws {
        var index = piece.map { $0 - 1 }
        var detected: [BarSpan]?
        if detect {
            detected = try Self.detectedOrder(session: try file.load(), piece: index)
        }
        if let spans = try order.map({ $0 == "score" ? nil : try BarSpan.list($0) }) ?? detected.map({ Optional($0) }) {
            index = try file.store().setOrder(spans, ofPiece: index)
        }
        let session = try file.load()
        let shown = index ?? 0
        guard session.pieces.indices.contains(shown) else {
            output.emit(["pieces": .array([])], text: ["the session has no pieces: the whole score is played in score order"])
            return
        }
        let form = try PieceForm(session: session, piece: shown)
        output.emit(form.json, text: form.lines)
    }

    /// The order the repeat signs drawn in the score give for a piece.
    ///
    /// Repeat-sign detection (a `ScoreDocument` API) is not part of this build yet; when it is, this is the one call to
    /// wire: detect the signs of the piece's bars, map them to `RepeatSigns`, and return `signs.playingOrder()`.
    static func detectedOrder(session: Session, piece: Int?) throws -> [BarSpan] {
        throw CLIError.failure("detecting repeat signs from the score is not available yet; give the order with --order \"1-8,1-8,9-24\"")
    }
}
