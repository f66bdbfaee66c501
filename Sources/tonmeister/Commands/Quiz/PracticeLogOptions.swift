import ArgumentParser
import Foundation
import Quiz
import Storage

/// `--log FILE` and `--now TIME`: where the practice log is and what time it is for scheduling and logging.
///
/// The log is `--log`, else `$TONMEISTER_PRACTICE_LOG`, else `~/.tonmeister/practice.sqlite` (whose directory is
/// made on the first answer). A path that cannot be a log, or a file that is not one, is bad input (exit 2).
struct PracticeLogOptions: ParsableArguments {
    /// The environment variable naming the log.
    static let environmentKey = "TONMEISTER_PRACTICE_LOG"

    @Option(help: ArgumentHelp("The practice log, an SQLite file (default: $TONMEISTER_PRACTICE_LOG, else ~/.tonmeister/practice.sqlite).",
                               valueName: "file"))
    var log: String?

    @Option(help: ArgumentHelp("The time to schedule and log for, ISO-8601 such as 2025-03-01T18:00:00Z (default: now).",
                               valueName: "time"))
    var now: String?

    /// The log's path, and whether it is the default one (`~/.tonmeister/practice.sqlite`).
    var location: (path: String, isDefault: Bool) {
        if let log { return (log, false) }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment[Self.environmentKey], !path.isEmpty { return (path, false) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return ((home as NSString).appendingPathComponent(".tonmeister/practice.sqlite"), true)
    }

    /// The time `--now` names, or the clock's.
    func time() throws -> PracticeTime {
        guard let now else { return PracticeTime(secondsSince1970: Date().timeIntervalSince1970) }
        return try PracticeTime(iso8601: now)
    }

    /// Every answer in the log, oldest first; none when the log does not exist and `required` is false.
    func entries(required: Bool) throws -> [PracticeEntry] {
        let path = location.path
        if !FileManager.default.fileExists(atPath: path) {
            if required { throw CLIError.badInput("no practice log at \(path) (answer with `tonmeister quiz --interactive` to start one)") }
            return []
        }
        return try Self.checked { () throws(PracticeLogError) in try PracticeLog(path: path).entries() }
    }

    /// Opens the log now when it exists (so a bad file is refused before any question), else checks that it can be
    /// made; returns an opener that makes it on first use.
    func opener() throws -> () throws -> PracticeLog {
        let (path, isDefault) = location
        if FileManager.default.fileExists(atPath: path) {
            let log = try Self.checked { () throws(PracticeLogError) in try PracticeLog(path: path) }
            return { log }
        }
        let directory = (path as NSString).deletingLastPathComponent
        if !isDefault && !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
            throw CLIError.badInput("cannot open the practice log \(path): the directory \(directory) does not exist")
        }
        return {
            if isDefault && !FileManager.default.fileExists(atPath: directory) {
                do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                    throw CLIError.failure("cannot create \(directory) for the practice log: \(error.localizedDescription)")
                }
            }
            return try Self.checked { () throws(PracticeLogError) in try PracticeLog(path: path) }
        }
    }

    /// Runs a log operation, turning its errors into the command line's: bad input exits 2, a failed write 1.
    @discardableResult
    static func checked<T>(_ body: () throws(PracticeLogError) -> T) throws -> T {
        do { return try body() } catch {
            throw error.isBadInput ? CLIError.badInput(error.description) : CLIError.failure(error.description)
        }
    }
}

extension PracticeLogOptions {
    /// Appends the answered questions of a graded quiz to the log in one transaction, at `--now` (or the clock).
    ///
    /// Unanswered questions are left out. An answer without a time rates `good` when right (not `easy`, which
    /// needs a quick answer), `again` when wrong.
    func record(_ result: QuizResult, seed: UInt64) throws {
        let time = try self.time()
        let entries = result.records.filter { !$0.grade.given.isEmpty }.map { record in
            var entry = PracticeEntry(record, at: time, quizSeed: seed)
            if record.seconds == 0 { entry.rating = record.grade.correct ? .good : .again }
            return entry
        }
        guard !entries.isEmpty else { return }
        let log = try opener()()
        try Self.checked { () throws(PracticeLogError) in try log.append(contentsOf: entries) }
    }
}
