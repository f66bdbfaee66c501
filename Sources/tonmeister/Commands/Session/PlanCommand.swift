import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreLayout

/// What `tonmeister plan` writes: the plan as JSON, CSV, a Markdown edit list, a CMX3600 EDL, an
/// OpenTimelineIO timeline, or the score PDF annotated with the takes and the plan.
enum PlanFormat: String, CaseIterable, ExpressibleByArgument {
    case json, csv, md, edl, otio, pdf

    /// The plan in a text format (`session` gives the title and, for EDL and OTIO, the timing).
    ///
    /// JSON carries the reading's `"warnings"`; the EDL's and OTIO's timing warnings (takes placed at a
    /// tempo, takes without timecode) go to standard error, or refuse the export with `mode` `.strict`.
    ///
    /// `sessionPath` is the session file: relative sources are resolved beside it.
    func render(_ plan: EditPlan, session: Session, mode: ReadingMode = .lenient, sessionPath: String? = nil) throws -> String {
        switch self {
        case .json:
            var value = session.withScorePages { plan.json }
            if case .object(var members) = value, let warnings = WarningLog.shared.takeForJSON() {
                members.append(("warnings", warnings))
                value = .object(members)
            }
            return value.serialized() + "\n"
        case .csv: return plan.csv()
        case .md: return plan.markdown(title: session.title)
        case .edl: return try timeline(plan, session, mode, sessionPath).cmx3600()
        case .otio: return try timeline(plan, session, mode, sessionPath).otio()
        case .pdf: preconditionFailure("the PDF is written by AnnotatedScore")
        }
    }

    private func timeline(_ plan: EditPlan, _ session: Session, _ mode: ReadingMode, _ sessionPath: String?) throws -> EditTimeline {
        let base = sessionPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        let timeline = try EditTimeline(plan: plan, session: session, baseDirectory: base)
        if mode == .strict, let first = timeline.warnings.first { throw first.error }
        WarningLog.shared.record(timeline.warnings)
        return timeline
    }
}

/// `tonmeister plan SESSION`: the best edit plan — one take per bar, the splices, and the bars still missing.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Choose one take per bar for the edit: the best total quality for the fewest splices.",
        discussion: """
            The plan maximises the sum over bars of quality(take, bar) — the lowest rating in force in the bar, \
            less 1 per problem mark touching it — minus the splice penalty for every change of take. Only takes \
            that fully cover a bar (from 25 % into it to 75 % into it) are used there; bars without one are \
            uncovered and the plan restarts after them without a splice. Equal plans: fewer splices, then the \
            higher take number at the first bar where they differ. See docs/sessions.md.
            """
    )

    @OptionGroup var file: SessionFile

    @Option(help: "The output format: json, csv, md (a Markdown edit list), edl (CMX3600), otio (OpenTimelineIO) or pdf (the annotated score; needs -o).")
    var format: PlanFormat = .md

    @Option(name: .shortAndLong, help: "The file to write (standard output when omitted).")
    var output: String?

    @Option(help: "With --format pdf: the score PDF (default: the session's score file, found from here or beside the session).")
    var score: String?

    @Option(help: "With --format pdf: the password of the score PDF when it is encrypted.")
    var password: String?

    @Flag(help: "With --format pdf: draw only the takes the plan uses.")
    var onlyPlanTakes = false

    @Option(help: "Plan one piece of the programme: its number (1, 2, …) or title.")
    var piece: String?

    @Option(help: "Plan a range of bars: 10-20 (inside --piece when both are given).")
    var bars: String?

    @Option(help: "Takes never to use: 3,5.")
    var exclude: String?

    @Option(help: "The cost of one splice (rounded to 0.001).")
    var splicePenalty: Double = PlanOptions.defaultSplicePenalty

    @Option(help: "The lowest acceptable quality, 1-5: bars where every take is below it need a retake.")
    var minRating: Int?

    @Flag(help: "Make splices near an edit-point mark (within half a bar of the barline) cheaper by --edit-point-bonus.")
    var preferEditPoints = false

    @Option(help: "What a splice at an edit point saves with --prefer-edit-points.")
    var editPointBonus: Double = PlanOptions.defaultEditPointBonus

    @Flag(help: "The same as --format json.")
    var json = false

    func validate() throws {
        if json && format != .md && format != .json { throw ValidationError("--json conflicts with --format \(format.rawValue)") }
        if !splicePenalty.isFinite || splicePenalty < 0 { throw ValidationError("--splice-penalty must be a number of 0 or more") }
        if !editPointBonus.isFinite || editPointBonus < 0 { throw ValidationError("--edit-point-bonus must be a number of 0 or more") }
        if let minRating, !(1...5).contains(minRating) { throw ValidationError("--min-rating must be a rating from 1 to 5") }
        if format == .pdf && output == nil { throw ValidationError("--format pdf writes a file: give -o FILE.pdf") }
    }

    func run() throws {
        let session = try file.load()
        var options = PlanOptions(splicePenalty: splicePenalty, minimumRating: minRating, preferEditPoints: preferEditPoints,
                                  editPointBonus: editPointBonus, excludedTakes: try excludedTakes())
        let pieceRange = try piece.map { try session.barIndices(ofPiece: $0) }
        options.bars = pieceRange
        if let bars {
            let (from, to) = try Self.barRange(bars)
            options.bars = try barIndices(session, from, to, within: pieceRange)
        }
        let plan = try session.editPlan(options)
        if format == .pdf, let output {
            let pages = try AnnotatedScore(session: session, sessionPath: file.session, score: score, password: password)
                .write(plan: plan, onlyPlanTakes: onlyPlanTakes, to: output)
            print("wrote \(output): \(pages) page\(pages == 1 ? "" : "s"), \(plan.segments.count) segment\(plan.segments.count == 1 ? "" : "s"), "
                  + "\(plan.splices.count) splice\(plan.splices.count == 1 ? "" : "s")")
            return
        }
        let text = try (json ? PlanFormat.json : format).render(plan, session: session, mode: file.mode, sessionPath: file.session)
        if let output {
            try writeText(text, to: output)
        } else {
            print(text, terminator: "")
        }
    }

    /// The bars `from`…`to`, inside the piece when `--piece` is given (and then a bar outside it is named as such).
    private func barIndices(_ session: Session, _ from: BarNumber, _ to: BarNumber, within pieceRange: ClosedRange<Int>?) throws
        -> ClosedRange<Int> {
        let error: ProtocolError
        do { return try session.barIndices(from: from, to: to, within: pieceRange) } catch let e { error = e }
        guard case .barNotFound(let bar) = error, let piece, let pieceRange, let layout = session.layout else { throw error }
        let first = layout.bar(atGlobalIndex: pieceRange.lowerBound)?.number.description ?? "?"
        let last = layout.bar(atGlobalIndex: pieceRange.upperBound)?.number.description ?? "?"
        throw CLIError.badInput("bar \(bar) is not in piece \(piece) (bars \(first)–\(last))")
    }

    /// The numbers of `--exclude`.
    private func excludedTakes() throws -> Set<Int> {
        guard let exclude else { return [] }
        var numbers = Set<Int>()
        for part in exclude.split(separator: ",", omittingEmptySubsequences: false) {
            guard let number = Int(part.trimmingCharacters(in: .whitespaces)) else {
                throw CLIError.badInput("--exclude takes take numbers separated by commas (3,5), not '\(exclude)'")
            }
            numbers.insert(number)
        }
        return numbers
    }

    /// `10-20` (or a single bar `10`) as bar numbers.
    static func barRange(_ text: String) throws -> (BarNumber, BarNumber) {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, !parts.contains(where: \.isEmpty) else {
            throw CLIError.badInput("--bars takes a range such as 10-20, not '\(text)'")
        }
        let from = try CoversCommand.barNumber(parts[0]), to = try CoversCommand.barNumber(parts.last!)
        return (from, to)
    }
}
