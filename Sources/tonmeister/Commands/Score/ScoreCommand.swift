import ArgumentParser
import ScoreLayout
import ScoreDocument

/// `tonmeister score …`: work with a PDF score.
struct ScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Inspect, render and detect the layout of a PDF score.",
        subcommands: [ScoreInfoCommand.self, ScoreRenderCommand.self, ScoreDetectCommand.self, ScoreNumberingCommand.self,
                      ScoreFormCommand.self]
    )
}

/// Options every score command shares: the PDF and its password.
struct ScoreFileOptions: ParsableArguments {
    @Argument(help: "The PDF score.")
    var file: String

    @Option(help: "The password of an encrypted PDF.")
    var password: String?

    func open() throws -> ScoreDocument {
        try ScoreDocument(path: file, password: password)
    }
}

extension ScoreDocumentError {
    /// Exit status: 2 for bad input (the file, its password, a page or resolution), 1 for failures.
    var exitStatus: Int32 {
        switch self {
        case .renderFailed, .writeFailed: return 1
        default: return 2
        }
    }
}
