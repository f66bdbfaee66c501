import Foundation
import ArgumentParser
import RecordingProtocol
import ScoreLayout

/// `tonmeister take start|end`: start and end takes, as the producer taps the score.
struct TakeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "take", abstract: "Start or end a take, set its note, or delete it.",
        subcommands: [TakeStartCommand.self, TakeEndCommand.self, TakeNoteCommand.self, TakeDeleteCommand.self, TakeClockCommand.self])
}

/// `tonmeister take start SESSION --page 2 --x 80 --y 120` (or `--bar 12 [--at 0.1]`): a new take numbered by the session's scheme.
struct TakeStartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a new take at a point.")

    @OptionGroup var file: SessionFile
    @OptionGroup var at: PositionOptions

    @Option(help: "The piece (1-based), for per-piece numbering.")
    var piece: Int?

    @Option(help: "The recording's file or reel.")
    var source: String?

    @Option(help: "A note on the take.")
    var note = ""

    @Option(name: .customLong("record-start"), help: "The recorder's timecode HH:MM:SS:FF at the take's start (as its display shows it).")
    var recordStart: String?

    @Option(help: "The frame rate of --record-start (default 25).")
    var fps: Double?

    @Option(help: "Seconds from --record-start to the moment the take is started here (default 0).")
    var offset: Double?

    @Option(name: .customLong("started-at"), help: "When the take started, yyyy-mm-ddThh:mm:ss[.fff][±hh:mm] (default: now, by this computer's clock).")
    var startedAt: String?

    @OptionGroup var device: DeviceOption
    @OptionGroup var output: OutputOptions

    func run() throws {
        let start = try at.position(in: file.load)
        let clock = Take(number: 0, start: start, recordStart: recordStart, fps: fps ?? (recordStart == nil ? nil : 25),
                         tabletOffset: offset, startedAt: startedAt ?? WallClock.text(Date()))
        let store = try device.store(file)
        if let piece, let warning = try store.load().pieceWarning(piece: piece - 1, start: start) {
            WarningLog.shared.record([SessionWarning(kind: .takeOutsidePiece, message: warning)])
        }
        let take = try store.startTake(at: start, piece: piece.map { $0 - 1 }, source: source, note: note, clock: clock)
        output.emit(file.positionsByScore { device.tagged(take.summaryJSON) }, text: ["take \(take.label) started" + (take.recordStart.map { " at \($0)" } ?? "")])
    }
}

/// `tonmeister take end SESSION N --page 3 --x 300 --y 500`.
struct TakeEndCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "end", abstract: "End a take at a point.")

    @OptionGroup var file: SessionFile

    @Argument(help: "The take number.")
    var number: Int

    @OptionGroup var at: PositionOptions
    @OptionGroup var device: DeviceOption
    @OptionGroup var output: OutputOptions

    func run() throws {
        let end = try at.position(in: file.load)
        try device.store(file).endTake(number, at: end)
        output.emit(file.positionsByScore { device.tagged(["number": .int(number), "end": Take.json(end)]) }, text: ["take \(number) ended"])
    }
}

/// `tonmeister take note SESSION N "text"`: replace a take's note.
struct TakeNoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "note", abstract: "Set the note of a take.")

    @OptionGroup var file: SessionFile

    @Argument(help: "The take number.")
    var number: Int

    @Argument(help: "The note (replaces the old one; an empty string clears it).")
    var note: String

    @OptionGroup var device: DeviceOption
    @OptionGroup var output: OutputOptions

    func run() throws {
        try device.store(file).setNote(ofTake: number, to: note)
        output.emit(device.tagged(["number": .int(number), "note": .string(note)]), text: ["take \(number): note set"])
    }
}

/// `tonmeister take delete SESSION N`: soft-delete a take (its number is kept; `undo` brings it back).
struct TakeDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a take (it keeps its number).")

    @OptionGroup var file: SessionFile

    @Argument(help: "The take number.")
    var number: Int

    @OptionGroup var device: DeviceOption
    @OptionGroup var output: OutputOptions

    func run() throws {
        try device.store(file).deleteTake(number)
        output.emit(device.tagged(["number": .int(number), "deleted": .bool(true)]), text: ["take \(number) deleted"])
    }
}

/// `tonmeister mark …`: add a mark (the default) or delete one.
struct MarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark", abstract: "Mark a take: a rating (1–5), a problem, an edit point or a text; or delete a mark.",
        subcommands: [MarkAddCommand.self, MarkDeleteCommand.self], defaultSubcommand: MarkAddCommand.self)
}

/// `tonmeister mark delete SESSION ID`: soft-delete a mark (no other mark is renumbered).
struct MarkDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a mark (others keep their ids).")

    @OptionGroup var file: SessionFile

    @Argument(help: "The mark id.")
    var id: Int

    @OptionGroup var device: DeviceOption
    @OptionGroup var output: OutputOptions

    func run() throws {
        try device.store(file).deleteMark(id)
        output.emit(device.tagged(["id": .int(id), "deleted": .bool(true)]), text: ["mark \(id) deleted"])
    }
}

/// `tonmeister mark SESSION --take N --rating 4 --page 2 --x 150 --y 130`: a rating, problem, edit point or text.
struct MarkAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Mark a take: a rating (1–5), a problem, an edit point or a text (the default).")

    @OptionGroup var file: SessionFile

    @Option(help: "The take number.")
    var take: Int

    @Option(help: "A rating: 1 bad, 2 ±, 3 ok, 4 good, 5 excellent.")
    var rating: Int?

    @Option(help: "A problem: intonation, balance, ensemble, noise, false-start, wrong-note, tempo, other, or your own symbol.")
    var problem: String?

    @Flag(help: "A preferred splice place.")
    var editPoint = false

    @Option(help: "A text mark, or the text of a problem.")
    var text: String?

    @OptionGroup var at: PositionOptions

    @Option(help: "For a range: the page where it ends (with --to-x and --to-y).")
    var toPage: Int?
    @Option(help: "For a range: the x where it ends.")
    var toX: Double?
    @Option(help: "For a range: the y where it ends.")
    var toY: Double?
    @Option(help: "For a range: the pass of its end, with --to-page/--to-x/--to-y (default 1).")
    var toPass: Int?
    @Option(help: "For a range in a session of several scores: the score of --to-page or --to-bar (0-based; default the score of --score).")
    var toScore: Int?
    @Option(help: "For a range: the bar where it ends, such as 49 or 12/2.")
    var toBar: String?
    @Option(name: .customLong("to-at"), help: "With --to-bar: how far through that bar the range ends, from 0 to 1 (default 1, its end).")
    var toFraction: Double?

    @Option(help: "Seconds since the take's record start.")
    var time: Double?

    @OptionGroup var device: DeviceOption
    @OptionGroup var output: OutputOptions

    func validate() throws {
        let kinds = [rating != nil, problem != nil, editPoint, text != nil && problem == nil].filter { $0 }.count
        if kinds != 1 { throw ValidationError("give one of --rating, --problem, --edit-point or --text") }
        if let rating, !(1...5).contains(rating) { throw ValidationError("--rating must be 1 to 5, not \(rating)") }
        if toPage != nil || toX != nil || toY != nil || toPass != nil || toBar != nil || toFraction != nil {
            try PositionOptions.check(page: toPage, x: toX, y: toY, bar: toBar, fraction: toFraction, pass: toPass, prefix: "to-")
        }
    }

    func run() throws {
        let kind: MarkKind = rating.map { .rating($0) } ?? problem.map { .problem(ProblemKind($0)) } ?? (editPoint ? .editPoint : .text)
        var to = try toPage.map { try PositionOptions.point(ScorePosition(page: $0, x: toX!, y: toY!, pass: toPass), score: toScore ?? at.score, in: file.load) }
        if let toBar { to = try file.load().position(of: try BarAddress(toBar), fraction: toFraction ?? 1, inScore: toScore ?? at.score) }
        let mark = try device.store(file).addMark(take: take, kind: kind, at: try at.position(in: file.load), to: to, time: time, text: text)
        // A tap outside its take is kept where it lies (DESIGN §6); say so. The mark is committed by now: a failure to
        // read the session back for this warning must not turn its acknowledgement into a failure (a retry would add it twice).
        if let session = try? file.store().load() { WarningLog.shared.record(session.placementWarnings(for: mark)) }
        output.emit(file.positionsByScore { device.tagged(["id": .int(mark.id), "take": .int(mark.take), "kind": .string(mark.kind.name), "at": Take.json(mark.at)]) },
                    text: ["mark \(mark.id) (\(mark.kind.name)) on take \(mark.take)"])
    }
}
