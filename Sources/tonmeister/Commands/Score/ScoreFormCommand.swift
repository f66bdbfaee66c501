import ArgumentParser
import ScoreDocument
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
            piece's order is printed. A session without pieces gets one piece spanning the whole score. --detect reads the
            repeat signs the score PDF draws and proposes an order per piece (with --piece, for that piece), saving
            nothing: confirm a proposal with the --order it prints.
            """
    )

    @OptionGroup var file: SessionFile

    @Option(help: "The playing order: runs of bars such as 1-8,1-8,9-24; 'score' for score order.")
    var order: String?

    @Flag(help: "Propose each piece's order from the repeat signs drawn in the score (repeat barlines, endings, D.C./D.S./Fine/Coda); changes nothing.")
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
        if detect { return try runDetect() }
        var index = piece.map { $0 - 1 }
        if let spans = try order.map({ $0 == "score" ? nil : try BarSpan.list($0) }) {
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

    /// `--detect`: proposes each piece's order from the repeat signs drawn in the score; changes nothing.
    private func runDetect() throws {
        let session = try file.load()
        guard let layout = session.layout, layout.barCount > 0 else {
            throw CLIError.badInput("the session has no layout with bars: detect one first (score detect, session create --detect)")
        }
        if session.hasSeveralScores {
            throw CLIError.badInput("--detect reads one PDF, but the session has \(session.scores.count) scores: give the order with --order --piece N")
        }
        if let piece, piece > max(1, session.pieces.count) {
            throw CLIError.badInput("--piece \(piece): the session has \(session.pieces.count) piece\(session.pieces.count == 1 ? "" : "s")")
        }
        let form: DrawnForm
        do {
            form = try AnnotatedScore(session: session, sessionPath: file.session, score: nil).document.drawnForm(layout: layout)
        } catch let error as ScoreDocumentError {
            throw CLIError.badInput("the score PDF could not be read: \(error)")
        }
        let index = session.pieces.isEmpty ? nil : piece.map { $0 - 1 }
        let proposals = FormProposal.proposals(session: session, form: form, piece: index)
        if let index, proposals.isEmpty {
            throw CLIError.badInput("--piece \(index + 1): its bars are not in the layout")
        }
        for p in proposals where p.order == nil {
            let title = p.title.isEmpty ? "" : " (\(p.title))"
            WarningLog.shared.record([SessionWarning(
                kind: .noRepeatSigns,
                message: "piece \(p.piece + 1)\(title): " + (p.form.isEmpty ? "no repeat signs were found in the score"
                    : "the signs found do not change the order") + "; the proposal is score order")])
        }
        var current: [Int: [BarSpan]] = [:]
        for (i, piece) in session.pieces.enumerated() { current[i] = piece.order }
        let out = FormProposalOutput(proposals: proposals, bars: layout.allBars(), sessionPath: file.session, current: current)
        output.emit(out.json, text: out.lines)
    }
}
