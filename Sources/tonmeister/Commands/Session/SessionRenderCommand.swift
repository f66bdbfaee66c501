import ArgumentParser
import RecordingProtocol

/// `tonmeister session render SESSION -o notes.pdf`: the score with every take, rating and problem drawn on it.
struct SessionRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Write the score PDF with the session's takes, ratings, problems and edit points drawn over it.",
        discussion: """
            Each take is a line above the systems it spans, from an opening bracket with its label to a closing one; \
            its marks sit on that line (ratings coloured red 1 to green 5, ! problems, ✂ edit points). With --plan \
            the default edit plan is drawn too (as `tonmeister plan --format pdf`).
            """)

    @OptionGroup var file: SessionFile

    @Option(name: .shortAndLong, help: "The PDF to write.")
    var output: String

    @Option(help: "The score PDF (default: the session's score file, found from here or beside the session).")
    var score: String?

    @Option(help: "The password of the score PDF when it is encrypted.")
    var password: String?

    @Flag(help: "Also draw the default edit plan: chosen takes, splices and bars that need a retake.")
    var plan = false

    func run() throws {
        let session = try file.load()
        let chosen = plan ? try session.editPlan() : nil
        let pages = try AnnotatedScore(session: session, sessionPath: file.session, score: score, password: password)
            .write(plan: chosen, onlyPlanTakes: false, to: output)
        print("wrote \(output): \(pages) page\(pages == 1 ? "" : "s"), \(session.liveTakes.count) takes, \(session.liveMarks.count) marks")
    }
}
