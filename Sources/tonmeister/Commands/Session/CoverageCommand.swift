import ArgumentParser
import RecordingProtocol
import ScoreLayout

/// `tonmeister coverage SESSION`: what is in the can, bar by bar, and the gaps that still need a take.
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Show, for every bar, the takes that fully cover it and the best rating, and list the gaps."
    )

    @OptionGroup var file: SessionFile

    @Option(help: "Bars whose best rating is below this are gaps too.")
    var threshold = 3

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if !(1...5).contains(threshold) { throw ValidationError("--threshold must be a rating from 1 to 5") }
    }

    func run() throws {
        let session = try file.load()
        let index = try session.coverageIndex()
        let bars = index.coverage(), gaps = index.gaps(threshold: threshold)
        let score: ((Int) -> Int)? = session.hasSeveralScores ? { session.scorePage(index.page(ofBarIndex: $0) ?? 1).score } : nil
        output.emit(
            CoverageIndex.coverageJSON(bars: bars, gaps: gaps, threshold: threshold, ordered: index.playingOrder != nil, score: score),
            text: bars.map { b in
                "bar \((b.pass > 1 ? "\(b.bar)/\(b.pass)" : b.bar.description).padding(toLength: 4, withPad: " ", startingAt: 0)) "
                    + (b.best.map { "best \($0)" } ?? "uncovered") + "  takes " + (b.takes.isEmpty ? "–" : b.takes.map(String.init).joined(separator: " "))
            } + [gaps.isEmpty ? "no gaps (every bar fully covered at rating \(threshold) or better)"
                 : "gaps: " + gaps.map { g in
                     let bar = g.pass > 1 ? "\(g.bar)/\(g.pass)" : g.bar.description
                     if case .belowThreshold(let best) = g.reason { return "\(bar) (best \(best))" }
                     return "\(bar) (uncovered)"
                 }.joined(separator: ", ")]
        )
    }
}
