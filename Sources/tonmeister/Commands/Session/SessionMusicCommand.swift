import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreFollowing
import TonmeisterSupport

/// `tonmeister session music SESSION FILE`: names the score's notes (MusicXML or MEI) beside the PDF (`score.music`).
struct SessionMusicCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "music",
        abstract: "Name the score's notes (MusicXML .musicxml/.xml/.mxl or MEI) that `session place` follows takes through.",
        discussion: """
            The file is read first (an unreadable one is refused with exit status 2) and stored as an absolute path in \
            the session's score.music. Its measures are mapped to the layout's bars by printed number (else by count \
            when both have as many); what does not agree is reported. --clear forgets the notes. In a session of several \
            scores, --score names the score (0-based) whose notes they are; its measures map to the bars of its pages.
            """)

    @OptionGroup var file: SessionFile

    @Argument(help: "The score's notes: MusicXML (.musicxml, .xml, .mxl) or MEI (.mei).")
    var music: String?

    @Flag(help: "Forget the score's notes.")
    var clear = false

    @Option(help: "In a session of several scores: the score (0-based, default 0) whose notes these are.")
    var score = 0

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if clear == (music != nil) { throw ValidationError("give the score's notes (FILE) or --clear") }
        if score < 0 { throw ValidationError("--score is 0 or more (scores are numbered from 0)") }
    }

    func run() throws {
        let session = try file.load()
        guard session.scores.indices.contains(score) else {
            throw CLIError.badInput(ProtocolError.scoreNotFound(index: score, count: session.scores.count, reason: "").description)
        }
        let whose = session.hasSeveralScores ? "score \(score)'s" : "the score's"
        guard let music else {
            try file.store().setMusic(nil, score: score)
            return output.emit(["music": .null, "score": .int(score)], text: ["the session names no notes of \(session.hasSeveralScores ? "score \(score)" : "its score") now"])
        }
        let path = URL(fileURLWithPath: music).standardizedFileURL.path
        let notes: FollowedScore
        do { notes = try ScoreFile.read(path) } catch let error as FollowError {
            throw error.exitStatus == 2 ? CLIError.badInput(error.description) : CLIError.failure(error.description)
        }
        WarningLog.shared.record(notes.repairs.map { $0.warning(score: path) })
        var seen = Set<String>()
        let measures = notes.measures.map(\.number).filter { seen.insert($0).inserted }
        let mismatches = session.layout.map { MeasureMap(measures: measures, layout: $0, pages: session.pageRange(ofScore: score)).mismatches }
            ?? ["the session has no layout yet: measures are mapped to bars when takes are placed"]
        try file.store().setMusic(path, score: score)
        output.emit(["music": .string(path), "measures": .int(measures.count), "mismatches": .array(mismatches.map(JSONValue.string)),
                     "score": .int(score)],
                    text: ["\(whose) notes: \(path) (\(measures.count) measure\(measures.count == 1 ? "" : "s"))"] + mismatches.map { "  " + $0 })
    }
}
