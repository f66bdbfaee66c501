import ArgumentParser
import Foundation
import Quiz
import Storage

/// The practice options of `tonmeister quiz`: `--practice` picks the items by spaced repetition from the log, and
/// `--interactive` appends every answer to it (unless `--no-log`).
struct PracticeOptions: ParsableArguments {
    @Flag(help: "Pick the questions from the practice log by spaced repetition: due items first (least likely recalled first), then new ones, then often-confused ones.")
    var practice = false

    @Flag(name: .customLong("no-log"), help: "Do not append the answers of --interactive to the practice log.")
    var noLog = false

    @Option(help: ArgumentHelp("The recall probability at which an item falls due (0.5–0.99).", valueName: "r"))
    var retention = 0.9

    @OptionGroup var logOptions: PracticeLogOptions

    func validate() throws {
        if noLog && logOptions.log != nil && !practice { throw ValidationError("--no-log and --log contradict each other") }
        if !retention.isFinite || !FSRS.retentionRange.contains(retention) { throw ValidationError("--retention must be within 0.5…0.99") }
    }

    /// The quiz to ask: the spec's own (seeded) quiz, or with `--practice` the items the scheduler picks.
    func quiz(spec: QuizSpec, seed: UInt64) throws -> Quiz {
        let generator = try QuizGenerator(spec: spec)
        guard practice else { return generator.quiz(seed: seed) }
        let entries = try logOptions.entries(required: false)
        let planner = PracticePlanner(generator: generator, scheduler: try FSRS(retention: retention))
        let (quiz, picks) = try planner.quiz(entries: entries, now: try logOptions.time(), seed: seed)
        printNote("practice: \(Self.summary(picks)) from \(generator.items.count) items; \(entries.count) answers in \(logOptions.location.path)")
        return quiz
    }

    /// The `onAnswer` hook of an interactive quiz: appends each answer to the log as it is given.
    ///
    /// A bad log is refused here, before the first question; a new log file is made on the first answer. Answers
    /// are logged at `--now` (or the clock) plus the time since the quiz began.
    func recorder(seed: UInt64) throws -> (AnswerRecord) throws -> Void {
        guard !noLog else { return { _ in } }
        let open = try logOptions.opener()
        let start = try logOptions.time(), clock = ContinuousClock(), began = clock.now
        var log: PracticeLog?
        return { record in
            let entry = PracticeEntry(record, at: start.adding(days: (clock.now - began).seconds / 86_400), quizSeed: seed)
            if log == nil { log = try open() }
            try PracticeLogOptions.checked { () throws(PracticeLogError) in try log!.append(entry) }
        }
    }

    /// "3 due, 5 new, 2 by confusion weight (1 confused pair)".
    static func summary(_ picks: [PracticePlanner.Pick]) -> String {
        var due = 0, new = 0, weighted = 0, partners = 0, repeated = 0
        for pick in picks {
            switch pick.reason {
            case .due: due += 1
            case .new: new += 1
            case .confused: weighted += 1
            case .partner: partners += 1
            case .repeated: repeated += 1
            }
        }
        var parts = ["\(due) due", "\(new) new", "\(weighted) by confusion weight"]
        if partners > 0 { parts.append("\(partners) confused partner\(partners == 1 ? "" : "s")") }
        if repeated > 0 { parts.append("\(repeated) repeated") }
        return parts.joined(separator: ", ")
    }
}
