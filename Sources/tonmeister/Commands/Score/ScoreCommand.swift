import Foundation
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
        try ScoreDocument.opened(path: file, password: password)
    }
}

extension ScoreDocument {
    /// Opens a score and writes a warning to standard error for each repair its opening made.
    static func opened(path: String, password: String? = nil) throws -> ScoreDocument {
        let document = try ScoreDocument(path: path, password: password)
        for repair in document.repairs { FileHandle.standardError.write(Data("warning: \(path): \(repair)\n".utf8)) }
        return document
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
