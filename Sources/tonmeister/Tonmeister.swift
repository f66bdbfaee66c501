import ArgumentParser
import Foundation
import Fretboard
import Quiz
import RecordingProtocol
import ScoreDocument
import Storage
import TheoryCore
import TonmeisterServer

/// The `tonmeister` command: music theory, fretboard, quizzes and the recording protocol.
@main
struct Tonmeister: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tonmeister",
        abstract: "Music theory and recording protocols for classical recording producers.",
        discussion: "Bad input exits with status 2 and a message on standard error; other failures exit with 1.",
        version: TonmeisterVersion.current,
        subcommands: [
            IntervalCommand.self, TransposeCommand.self, EnharmonicsCommand.self,
            ScaleCommand.self, ChordCommand.self, HarmonizeCommand.self,
            TuningsCommand.self, FretboardCommand.self, VoicingsCommand.self, QuizCommand.self,
            ScoreCommand.self, SessionCommand.self, TakeCommand.self, MarkCommand.self, UndoCommand.self, TakesCommand.self,
            CoversCommand.self, CoverageCommand.self, PlanCommand.self, MarkersCommand.self, ServeCommand.self, PieceCommand.self,
            DocsCommand.self, DemoCommand.self, FollowCommand.self,
        ]
    )

    /// Runs the command, mapping bad input to exit status 2 and other failures to 1.
    static func main() {
        do {
            var command = try parseAsRoot(TheoryArguments.normalized(Array(CommandLine.arguments.dropFirst())))
            try command.run()
            WarningLog.shared.flushToStandardError()
        } catch let code as ExitCode {
            // A command that printed its own answer and only sets the status (`session check`).
            WarningLog.shared.flushToStandardError()
            Foundation.exit(code.rawValue)
        } catch let error as TheoryError {
            fail(error.description, status: 2)
        } catch let error as FretboardError {
            fail(error.description, status: 2)
        } catch let error as QuizError {
            fail(error.description, status: 2)
        } catch let error as AudioError {
            fail(error.description, status: 2)
        } catch let error as ProtocolError {
            fail(error.description, status: 2)
        } catch let error as StoreError {
            fail(error.description, status: error.isEnvironmental ? 1 : 2)
        } catch let error as StorageError {
            // A rejected edit reads the same whether the session is a database or a document.
            if case .invalid(let reason) = error { fail(reason.description, status: 2) }
            fail(error.description, status: 1)
        } catch let error as ServerError {
            fail(error.description, status: 2)
        } catch let error as ScoreDocumentError {
            fail(error.description, status: error.exitStatus)
        } catch let error as CLIError {
            fail(error.description, status: error.exitStatus)
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            let message = fullMessage(for: error)
            if code == .validationFailure {
                fail(message, status: 2)
            }
            fail(message, status: 1)
        }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        WarningLog.shared.flushToStandardError()
        var text = message
        if !text.hasPrefix("Error:") && !text.hasPrefix("error:") { text = "error: " + text }
        FileHandle.standardError.write(Data((text + "\n").utf8))
        Foundation.exit(status)
    }
}

/// A command-line failure that is not a TheoryCore error: bad input (status 2) or something else (status 1).
enum CLIError: Error, CustomStringConvertible {
    case badInput(String)
    case failure(String)

    var description: String {
        switch self {
        case .badInput(let m), .failure(let m): return m
        }
    }

    var exitStatus: Int32 {
        if case .badInput = self { return 2 }
        return 1
    }
}
