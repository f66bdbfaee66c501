import ArgumentParser
import RecordingProtocol
import ScoreLayout

/// `tonmeister session …`: work with a recording session.
struct SessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Create, show, import, export and render a recording session (.json document or .sqlite database).",
        subcommands: [SessionCreateCommand.self, SessionShowCommand.self, SessionImportCommand.self, SessionExportCommand.self,
                      SessionRenderCommand.self, SessionCheckCommand.self, SessionLinkAudioCommand.self, SessionClockCommand.self,
                      SessionRescoreCommand.self, SessionMusicCommand.self, SessionPlaceCommand.self,
                      SessionAddScoreCommand.self]
    )
}

/// `tonmeister session show SESSION`: a summary of the session.
struct SessionShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Summarise a session.")

    @OptionGroup var file: SessionFile
    @OptionGroup var output: OutputOptions

    func run() throws {
        let session = try file.load()
        let takes = session.liveTakes, marks = session.liveMarks
        let open = takes.filter { $0.end == nil }
        let ratings = marks.compactMap(\.kind.rating)
        let problems = marks.filter { $0.kind.problem != nil }
        let bars = session.layout?.barCount ?? 0
        output.emit(
            ["title": .string(session.title), "score": .string(session.score.file), "bars": .int(bars),
             "pieces": .array(session.pieces.map { ["title": .string($0.title), "firstBar": .string($0.firstBar.description),
                                                    "lastBar": .string($0.lastBar.description), "key": .optional($0.key)] }),
             "takes": .int(takes.count), "openTakes": .array(open.map { .int($0.number) }), "marks": .int(marks.count),
             "ratings": .int(ratings.count), "problems": .int(problems.count), "scores": SessionAddScoreCommand.scoresJSON(session)],
            text: ["\(session.title)"] + session.scores.indices.map { index in
                    "score" + (session.hasSeveralScores ? " \(index)" : "") + " \(session.scores[index].file), \(session.layout(ofScore: index)?.barCount ?? 0) bars"
                }
                + session.pieces.map { "  \($0.title): bars \($0.firstBar)–\($0.lastBar)" + ($0.key.map { ", \($0)" } ?? "") }
                + ["\(takes.count) takes (\(open.count) open: \(open.map(\.label).joined(separator: ", "))), \(marks.count) marks: "
                   + "\(ratings.count) ratings, \(problems.count) problems"]
        )
    }
}
