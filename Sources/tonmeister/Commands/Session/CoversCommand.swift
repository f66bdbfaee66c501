import ArgumentParser
import RecordingProtocol
import ScoreLayout

/// `tonmeister covers SESSION --bar 12` (`--bar 12/2`: its second pass) or `--page 2 --x 300 --y 400`: which takes cover a bar or a point.
struct CoversCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "covers",
        abstract: "Which takes cover a bar, a range of bars, or a point on the score.",
        discussion: """
            A take covers a bar fully when it starts by 25 % into the bar and ends at or after 75 % into it;
            otherwise it covers the bar partially. The rating is the one in force there (3 before the take's
            first rating mark; for a bar, the lowest in force inside it). Open takes run to the end of the score.
            With a playing order (`score form`), --bar 12/2 asks for the second time through bar 12, and --bar 12
            lists each take with the passes it covers.
            """
    )

    @OptionGroup var file: SessionFile

    @Option(help: "A bar number (12, 12a), or a bar and its pass in the playing order (12/2).")
    var bar: String?

    @Option(help: "A range of bars: 5-12.")
    var bars: String?

    @Option(help: "The page of a point (with --x and --y, in PDF points from the top-left).")
    var page: Int?

    @Option(help: "The x of the point.")
    var x: Double?

    @Option(help: "The y of the point.")
    var y: Double?

    @Option(help: "The pass of the point in the playing order (default 1).")
    var pass: Int?

    @Option(help: "In a session of several scores: the score (0-based, default 0) of --page.")
    var score: Int?

    @Option(help: "Look --bar and --bars up among this piece's bars (1-based), as where numbering restarts per piece or each piece has its own score.")
    var piece: Int?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        let point = page != nil || x != nil || y != nil
        if point && (page == nil || x == nil || y == nil) { throw ValidationError("a point needs --page, --x and --y") }
        if [bar != nil, bars != nil, point].filter({ $0 }).count != 1 {
            throw ValidationError("give one of --bar, --bars, or --page/--x/--y")
        }
        if pass != nil, !point { throw ValidationError("--pass goes with --page/--x/--y (a bar's pass is written --bar 12/2)") }
        if score != nil, !point { throw ValidationError("--score goes with --page/--x/--y (for bars, name the piece: --piece N)") }
        if piece != nil, point { throw ValidationError("--piece goes with --bar or --bars") }
        if let piece, piece < 1 { throw ValidationError("--piece must be 1 or more") }
    }

    func run() throws {
        let session = try file.load()
        var index = try session.coverageIndex()
        if let piece {
            guard session.pieces.indices.contains(piece - 1) else { throw ProtocolError.pieceNotFound(index: piece - 1, count: session.pieces.count) }
            guard let bars = session.pieceBarRanges()[piece - 1] else { throw ProtocolError.barNotFound("\(session.pieces[piece - 1].firstBar)…\(session.pieces[piece - 1].lastBar)") }
            index.barScope = bars
        }
        let query: CoverQuery
        if let bar {
            query = try BarAddress(bar).coverQuery
        } else if let bars {
            let parts = bars.split(separator: "-", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw CLIError.badInput("--bars takes a range such as 5-12, not '\(bars)'") }
            let from = try Self.barNumber(parts[0]), to = try Self.barNumber(parts[1])
            guard from <= to else { throw CLIError.badInput("--bars \(bars): the range runs backwards") }
            query = .bars(from, to)
        } else {
            query = .point(try session.sessionPosition(ScorePosition(page: page!, x: x!, y: y!, pass: pass), score: score))
        }
        let results = try query.run(on: index)
        output.emit(
            session.withScorePages { query.json(results) },
            text: results.isEmpty ? ["no take covers \(query.heading)"] : ["takes covering \(query.heading):"] + results.map { r in
                "  take \(r.label.padding(toLength: 5, withPad: " ", startingAt: 0)) \(r.coverage.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))"
                    + "rating \(r.rating)" + (r.passes.map { "  passes " + $0.map(String.init).joined(separator: ",") } ?? "")
                    + (r.open ? "  (open: no end marked)" : "")
            }
        )
    }

    static func barNumber(_ text: String) throws -> BarNumber {
        do { return try BarNumber(text) } catch { throw CLIError.badInput("'\(text)' is not a bar number (12, 12a)") }
    }
}
