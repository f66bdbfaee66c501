import Foundation
import TestSupport
import Testing

/// `tonmeister quiz --interactive` logging, `quiz --practice`, `quiz stats` and `quiz grade --log`, each on a log in a
/// scratch directory (HOME points there too, so nothing touches the real ~/.tonmeister).
@Suite("Practice commands")
struct PracticeCommandTests {
    /// A scratch directory, removed by the caller.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("practice-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `tonmeister` with standard input `input` and HOME set to `home` (and without TONMEISTER_PRACTICE_LOG unless given).
    static func run(_ arguments: [String], input: String = "", home: URL, log: String? = nil) throws -> CLIRunner.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["TONMEISTER_PRACTICE_LOG"] = log
        return CLIRunner.Result(try ChildProcess.run(CLIRunner.executable, arguments, directory: CLIRunner.packageRoot,
                                                     input: Data(input.utf8), environment: environment))
    }

    static func json(_ result: CLIRunner.Result) throws -> [String: Any] {
        guard result.status == 0 else { throw CLIRunner.CLIFailure(result: result) }
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static let quizFlags = ["quiz", "--level", "1", "--direction", "ascending", "--count", "4", "--seed", "11"]

    @Test("--interactive appends each answer to the log (default ~/.tonmeister/practice.sqlite), and stats reads it back")
    func interactiveLogs() throws {
        let home = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let quiz = try Self.json(try Self.run(Self.quizFlags + ["--json"], home: home))
        let questions = try #require(quiz["questions"] as? [[String: Any]])
        let answers = questions.enumerated().map { $0.offset == 0 ? "P8" : $0.element["answer"] as! String }
        let asked = try Self.run(Self.quizFlags + ["--interactive", "--now", "2025-03-01T10:00:00Z"],
                                 input: answers.joined(separator: "\n") + "\n", home: home)
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stdout.contains("Score: 3/4"))
        let path = home.appendingPathComponent(".tonmeister/practice.sqlite").path
        #expect(FileManager.default.fileExists(atPath: path))

        let stats = try Self.json(try Self.run(["quiz", "stats", "--json", "--now", "2025-03-01T11:00:00Z"], home: home))
        #expect(stats["reviews"] as? Int == 4 && stats["correct"] as? Int == 3)
        let items = try #require(stats["items"] as? [[String: Any]])
        #expect(Set(items.compactMap { $0["item"] as? String }) == Set(questions.compactMap { $0["item"] as? String }))
        for key in ["item", "kind", "interval", "reviews", "correct", "accuracy", "meanSeconds", "due", "retrievability"] {
            #expect(items.allSatisfy { $0[key] != nil }, "items lack \(key)")
        }
        #expect((stats["intervals"] as? [[String: Any]])?.allSatisfy { $0["interval"] is String && $0["accuracy"] is Double } == true)
        #expect((stats["confusions"] as? [[String: Any]])?.first?["answeredAs"] as? String == "P8")
        #expect(stats["due"] is [[String: Any]] && stats["next"] is [[String: Any]])
        #expect((stats["first"] as? String)?.hasPrefix("2025-03-01T10:00:0") == true)

        let text = try Self.run(["quiz", "stats", "--now", "2025-03-01T11:00:00Z"], home: home)
        #expect(text.status == 0 && text.stdout.contains("Per interval:") && text.stdout.contains("4 answers"))

        // --no-log leaves the log alone.
        _ = try Self.run(Self.quizFlags + ["--interactive", "--no-log"], input: "P5\n", home: home)
        let again = try Self.json(try Self.run(["quiz", "stats", "--json"], home: home))
        #expect(again["reviews"] as? Int == 4)
    }

    @Test("--practice --json asks the due items first, the same way every time, and quiz grade --log regrades it")
    func practice() throws {
        let home = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let log = home.appendingPathComponent("log.sqlite").path
        // Grade a quiz with the first question wrong: its item is due soonest.
        let quizFile = home.appendingPathComponent("quiz.json"), answersFile = home.appendingPathComponent("answers.json")
        let made = try Self.run(Self.quizFlags + ["--json"], home: home)
        try Data(made.stdout.utf8).write(to: quizFile)
        let questions = try #require(try Self.json(made)["questions"] as? [[String: Any]])
        let answers = questions.enumerated().map { $0.offset == 0 ? "P8" : $0.element["answer"] as! String }
        try JSONSerialization.data(withJSONObject: answers).write(to: answersFile)
        let graded = try Self.run(["quiz", "grade", quizFile.path, answersFile.path, "--log", log, "--now", "2025-03-01T10:00:00Z"], home: home)
        #expect(graded.status == 0, "\(graded.stderr)")

        let flags = ["quiz", "--practice", "--level", "1", "--direction", "ascending", "--count", "6", "--seed", "5",
                     "--log", log, "--now", "2025-03-02T10:00:00Z", "--json"]
        let first = try Self.run(flags, home: home), second = try Self.run(flags, home: home)
        #expect(first.stdout == second.stdout)
        #expect(first.stderr.contains("practice: "))
        let practice = try Self.json(first)
        let items = try #require(practice["questions"] as? [[String: Any]]).compactMap { $0["item"] as? String }
        #expect(items.count == 6)
        #expect(items.first == questions[0]["item"] as? String, "the item answered wrong a day ago is due first")

        // The practice quiz regrades from its own document, and --log appends to the same log.
        let practiceFile = home.appendingPathComponent("practice.json")
        try Data(first.stdout.utf8).write(to: practiceFile)
        let practiceAnswers = try #require(practice["questions"] as? [[String: Any]]).map { $0["answer"] as! String }
        try JSONSerialization.data(withJSONObject: practiceAnswers).write(to: answersFile)
        let regraded = try Self.run(["quiz", "grade", practiceFile.path, answersFile.path, "--log", log, "--json"], home: home)
        #expect(regraded.status == 0, "\(regraded.stderr)")
        #expect(try Self.json(regraded)["score"] as? Int == 6)
        let stats = try Self.json(try Self.run(["quiz", "stats", "--log", log, "--json"], home: home))
        #expect(stats["reviews"] as? Int == 10)

        // Without --json the quiz prints as text, with its answer key.
        var textFlags = flags
        textFlags.removeLast()
        let text = try Self.run(textFlags, home: home)
        #expect(text.status == 0 && text.stdout.contains("Quiz with 6 questions") && text.stdout.contains("Answers:"))
    }

    @Test("a bad log path, a corrupt log, another database or a bad time exit 2 with a message and change nothing")
    func badLogs() throws {
        let home = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let missing = home.appendingPathComponent("no/such/dir/log.sqlite").path
        let garbage = home.appendingPathComponent("garbage.sqlite")
        let bytes = Data(repeating: 0x5A, count: 2048)
        try bytes.write(to: garbage)
        let session = home.appendingPathComponent("session.sqlite").path
        let created = try Self.run(["session", "import", "Examples/chorale-session.json", session], home: home)

        let cases: [([String], String)] = [
            (["quiz", "stats", "--log", missing], "no practice log"),
            (Self.quizFlags + ["--interactive", "--log", missing], "does not exist"),
            (["quiz", "stats", "--log", garbage.path], "is not a practice log"),
            (Self.quizFlags + ["--practice", "--log", garbage.path], "is not a practice log"),
            (Self.quizFlags + ["--interactive", "--log", garbage.path], "is not a practice log"),
            (["quiz", "stats", "--log", home.path], "cannot open the practice log"),
            (Self.quizFlags + ["--practice", "--log", home.appendingPathComponent("new.sqlite").path, "--now", "soon"], "ISO-8601"),
            (Self.quizFlags + ["--practice", "--retention", "1.5"], "--retention"),
        ] + (created.status == 0 ? [(["quiz", "stats", "--log", session], "another database")] : [])
        for (arguments, message) in cases {
            let result = try Self.run(arguments, input: "P5\n", home: home)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("Question 1"), "\(arguments) asked a question before refusing the log")
        }
        #expect(FileManager.default.contents(atPath: garbage.path) == bytes)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent(".tonmeister").path))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("new.sqlite").path))
    }

    @Test("TONMEISTER_PRACTICE_LOG names the log when --log is not given")
    func environment() throws {
        let home = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let log = home.appendingPathComponent("env.sqlite").path
        let asked = try Self.run(Self.quizFlags + ["--interactive"], input: "P5\nP4\n", home: home, log: log)
        #expect(asked.status == 0, "\(asked.stderr)")
        let stats = try Self.json(try Self.run(["quiz", "stats", "--json"], home: home, log: log))
        #expect(stats["reviews"] as? Int == 2)

        // --practice --interactive asks the picked items and logs them too.
        let practice = try Self.run(["quiz", "--practice", "--interactive", "--level", "1", "--count", "3", "--seed", "8"],
                                    input: "P5\nP4\nM3\n", home: home, log: log)
        #expect(practice.status == 0 && practice.stdout.contains("Question 3/3"), "\(practice.stderr)")
        #expect(practice.stderr.contains("practice: "))
        let after = try Self.json(try Self.run(["quiz", "stats", "--json"], home: home, log: log))
        #expect(after["reviews"] as? Int == 5)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent(".tonmeister").path))
    }
}
