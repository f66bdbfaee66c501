import ArgumentParser
import Foundation
import Quiz
import Storage

/// `tonmeister quiz stats [--log FILE] [--now TIME] [--json]`: accuracy per interval and kind, and what is due.
struct QuizStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show the practice log: accuracy and response time per interval and kind, what is due now and next, and confusions.",
        discussion: """
            Each item (kind, interval, direction) has an FSRS-5 memory state replayed from its answers; it falls due \
            when its predicted recall drops to --retention. See docs/quiz.md.
            """)

    @OptionGroup var logOptions: PracticeLogOptions

    @Option(help: ArgumentHelp("The recall probability at which an item falls due (0.5–0.99).", valueName: "r"))
    var retention = 0.9

    @Option(help: "How many items not yet due to list, soonest first.")
    var next = 10

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Print the JSON indented.")
    var pretty = false

    func validate() throws {
        if !retention.isFinite || !FSRS.retentionRange.contains(retention) { throw ValidationError("--retention must be within 0.5…0.99") }
        if next < 0 { throw ValidationError("--next must be 0 or more") }
    }

    func run() throws {
        let entries = try logOptions.entries(required: true)
        let stats = PracticeStats(entries: entries, now: try logOptions.time(), scheduler: try FSRS(retention: retention))
        if json || pretty {
            print(stats.json(pretty: pretty, upcomingLimit: next))
        } else {
            for line in Self.text(stats, path: logOptions.location.path, next: next) { print(line) }
        }
    }

    /// The statistics as text tables.
    static func text(_ stats: PracticeStats, path: String, next: Int) -> [String] {
        var lines = ["Practice log \(path): \(stats.total.reviews) answers"]
        if let span = stats.span { lines[0] += ", \(span.lowerBound) … \(span.upperBound)" }
        guard stats.total.reviews > 0 else { return lines + ["Nothing practised yet."] }
        lines[0] += "; overall \(percent(stats.total.accuracy)) right, \(QuizResult.format(stats.total.meanSeconds)) s per answer"
        lines += ["", "Per interval:"]
        lines += table(["interval", "answers", "right", "mean time"], stats.intervals.map {
            [$0.name, "\($0.reviews)", percent($0.accuracy), QuizResult.format($0.meanSeconds) + " s"]
        })
        lines += ["", "Per kind:"]
        lines += table(["kind", "answers", "right", "mean time"], stats.kinds.map {
            [$0.name, "\($0.reviews)", percent($0.accuracy), QuizResult.format($0.meanSeconds) + " s"]
        })
        lines += ["", "Due now (\(stats.due.count)) at \(stats.now):"]
        lines += stats.due.isEmpty ? ["  nothing"] : table(["item", "due", "recall", "answers", "right"], stats.due.map(row))
        lines += ["", "Next due:"]
        let upcoming = stats.upcoming.prefix(next)
        lines += upcoming.isEmpty ? ["  nothing"] : table(["item", "due", "recall", "answers", "right"], upcoming.map(row))
        if !stats.confusions.isEmpty {
            lines += ["", "Confusions:"]
            lines += table(["item", "answered as", "times"], stats.confusions.prefix(10).map { [$0.item, $0.answeredAs, "\($0.count)"] })
        }
        return lines
    }

    private static func row(_ item: PracticeStats.ItemSummary) -> [String] {
        [item.item, item.due.description, percent(item.retrievability), "\(item.reviews)", percent(item.accuracy)]
    }

    private static func percent(_ ratio: Double) -> String { "\(Int((ratio * 100).rounded())) %" }

    /// Columns padded to their widest cell, indented by two spaces.
    private static func table(_ header: [String], _ rows: [[String]]) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { cells in
            "  " + zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
    }
}
