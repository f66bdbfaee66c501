import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreDocument
import ScoreLayout
import Storage
import TonmeisterSupport

/// `tonmeister score numbering SESSION [--from-print] [--first N] [--pickup] [--restart-at BAR[=N] …] [--suffix BAR=a …] [--piece N]`.
struct ScoreNumberingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "numbering",
        abstract: "Show or set how the session's bars are numbered (upbeat, first bar, restarts, endings).",
        discussion: """
            Without options, shows the numbering. --from-print numbers the bars as the score PDF prints them (as \
            `score detect` does). --first N numbers the first bar N (default 1); --pickup makes it an upbeat numbered \
            one less (0). Both start the numbering afresh; with --piece N (1-based) they number that piece only and \
            keep the other pieces' numbers. --restart-at BAR=N restarts counting at the bar now numbered BAR (N \
            defaults to 1; BAR=0 for an upbeat); --suffix BAR=a numbers the bar now numbered BAR like the bar before \
            it with a suffix (a second ending: 12a). Both may be repeated. Bars are looked up by their present \
            numbers, inside the piece with --piece. Pieces keep their bars and take their new numbers; takes and \
            marks are positions on the page and stay where they are.
            """)

    @OptionGroup var file: SessionFile

    @Flag(name: .customLong("from-print"), help: "Number the bars as the score PDF prints them.")
    var fromPrint = false

    @Option(help: "The score PDF for --from-print (default: the session's score).")
    var score: String?

    @Option(help: "The number of the first bar (of the score, or of --piece).")
    var first: Int?

    @Flag(help: "The first bar is an upbeat, numbered one less than --first (0).")
    var pickup = false

    @Option(name: .customLong("restart-at"), parsing: .singleValue, help: "BAR[=N]: counting restarts at N at the bar now numbered BAR.")
    var restarts: [String] = []

    @Option(name: .customLong("suffix"), parsing: .singleValue, help: "BAR=LETTERS: the bar now numbered BAR repeats the number before it with these letters.")
    var suffixes: [String] = []

    @Option(help: "The piece (1-based) --first, --pickup, --restart-at and --suffix apply to.")
    var piece: Int?

    @OptionGroup var output: OutputOptions

    var changes: Bool { fromPrint || first != nil || pickup || !restarts.isEmpty || !suffixes.isEmpty }

    func validate() throws {
        if let first, !(0...BarNumber.maxValue).contains(first) { throw ValidationError("--first must be between 0 and \(BarNumber.maxValue)") }
        if let piece, piece < 1 { throw ValidationError("--piece must be 1 or more") }
        if fromPrint && (first != nil || pickup || piece != nil) { throw ValidationError("--from-print sets the whole numbering: give it without --first, --pickup and --piece") }
        if piece != nil && !changes { throw ValidationError("--piece needs --first, --pickup, --restart-at or --suffix") }
    }

    func run() throws {
        let store = try file.store()
        var session = try file.load()
        guard session.layout != nil else { throw CLIError.badInput("the session has no layout: detect one first (score detect, session create)") }
        if fromPrint, session.hasSeveralScores {
            throw CLIError.badInput("--from-print reads one PDF, but the session has \(session.scores.count) scores: number each piece with --piece N --first … (nothing was changed)")
        }
        var report: PrintedNumbering?
        if changes {
            let printed = try fromPrint ? numberingFromPrint(session) : nil
            report = printed
            let asked = try request(printed: printed)
            do { session = try store.renumberBars { session in try asked.rules(for: session) } } catch let error as NumberingRequestError {
                throw CLIError.badInput(error.description)
            }
        }
        emit(session, printed: report)
    }

    /// The printed numbers of the session's score read over its layout.
    private func numberingFromPrint(_ session: Session) throws -> PrintedNumbering {
        let document = try AnnotatedScore(session: session, sessionPath: file.session, score: score).document
        let plain = try session.layout!.renumbered([])
        return try document.numberedAsPrinted(plain).numbering
    }

    /// The request the options make (bars by their present numbers), with the rules read from the print.
    private func request(printed: PrintedNumbering?) throws -> NumberingRequest {
        let restarts = try self.restarts.map { text -> NumberingRequest.Restart in
            let (bar, value) = try Self.split(text, option: "--restart-at", default: "1")
            guard let number = Int(value) else { throw CLIError.badInput("--restart-at \(text): '\(value)' is not a bar number (0–\(BarNumber.maxValue))") }
            return NumberingRequest.Restart(bar: bar, to: number)
        }
        let suffixes = try self.suffixes.map { text -> NumberingRequest.Suffix in
            let (bar, letters) = try Self.split(text, option: "--suffix", default: nil)
            return NumberingRequest.Suffix(bar: bar, suffix: letters)
        }
        return NumberingRequest(first: first, pickup: pickup, piece: piece.map { $0 - 1 }, restarts: restarts, suffixes: suffixes,
                                printed: printed?.rules)
    }

    /// `BAR=VALUE` split at "=", with a default value when there is none.
    static func split(_ text: String, option: String, default fallback: String?) throws -> (String, String) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        if parts.count == 2 { return (parts[0], parts[1]) }
        guard let fallback else { throw CLIError.badInput("\(option) \(text): expected BAR=VALUE") }
        return (parts[0], fallback)
    }

    private func emit(_ session: Session, printed: PrintedNumbering?) {
        let layout = session.layout!
        var systems: [JSONValue] = [], lines: [String] = []
        for page in layout.pages {
            for (s, system) in page.systems.enumerated() {
                guard let bars = system.bars, let firstBar = bars.first, let lastBar = bars.last else { continue }
                systems.append(["page": .int(page.page), "system": .int(s + 1), "firstBar": .string(firstBar.number.description),
                                "lastBar": .string(lastBar.number.description)])
                lines.append("page \(page.page) system \(s + 1): bars \(firstBar.number)–\(lastBar.number)")
            }
        }
        let pieces: [JSONValue] = session.pieces.enumerated().map { n, p in
            ["piece": .int(n + 1), "title": .string(p.title), "firstBar": .string(p.firstBar.description), "lastBar": .string(p.lastBar.description)]
        }
        lines += session.pieces.enumerated().map { n, p in "piece \(n + 1) \(p.title): bars \(p.firstBar)–\(p.lastBar)" }
        var members: [(String, JSONValue)] = [("rules", .array(layout.numberingRules().map(\.json))), ("systems", .array(systems)),
                                              ("pieces", .array(pieces))]
        if let printed {
            members.append(("numbering", printed.json(layout: layout)))
            lines += printed.disagreements.map { $0.message(in: layout) }
        }
        output.emit(.object(members), text: lines)
    }
}
