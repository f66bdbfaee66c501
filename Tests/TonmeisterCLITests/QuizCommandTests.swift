import Foundation
import Testing

/// `tonmeister quiz`: JSON shape, seeds, interactive mode on a pseudo-terminal, batch grading, and bad input.
@Suite("tonmeister quiz", .serialized)
struct QuizCommandTests {
    static func questions(_ arguments: String...) throws -> [[String: Any]] {
        let result = try CLIRunner.run(["quiz"] + arguments + ["--json"])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(json?["questions"] as? [[String: Any]])
    }

    @Test("the JSON has the documented keys, and the same seed gives the same bytes")
    func json() throws {
        let first = try CLIRunner.run("quiz", "--kind", "name-interval", "--count", "5", "--level", "3", "--seed", "11", "--json")
        let again = try CLIRunner.run("quiz", "--kind", "name-interval", "--count", "5", "--level", "3", "--seed", "11", "--json")
        #expect(first.status == 0 && first.stdout == again.stdout)
        let object = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as! [String: Any]
        #expect(object["seed"] as? Int == 11)
        #expect((object["spec"] as? [String: Any])?["level"] as? Int == 3)
        let questions = try #require(object["questions"] as? [[String: Any]])
        #expect(questions.count == 5)
        for q in questions {
            #expect(Set(q.keys).isSuperset(of: ["kind", "prompt", "notes", "answer"]))
            #expect((q["notes"] as? [String])?.count == 2)
        }
    }

    @Test("without --seed a seed is drawn and printed so the quiz can be made again")
    func seedPrinted() throws {
        let result = try CLIRunner.run("quiz", "--count", "2", "--json")
        #expect(result.status == 0)
        let seed = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["seed"] as? Int)
        #expect(result.stderr.contains("--seed \(seed)"))
        let again = try CLIRunner.run("quiz", "--count", "2", "--json", "--seed", String(seed))
        #expect(again.stdout == result.stdout)
    }

    @Test("interactive mode on a pseudo-terminal: asks, grades, times, and ends with the score and what was missed")
    func interactive() throws {
        let questions = try Self.questions("--count", "3", "--level", "1", "--seed", "42")
        let answers = try questions.map { try #require($0["answer"] as? String) }
        // --no-log: the answers would otherwise go to the practice log in ~/.tonmeister (PracticeCommandTests covers logging).
        let terminal = try PseudoTerminal(["quiz", "--interactive", "--no-log", "--count", "3", "--level", "1", "--seed", "42"])
        try terminal.expect("Question 1/3: \(questions[0]["prompt"] as! String)")
        try terminal.expect("> Your answer")
        terminal.send(answers[0])
        try terminal.expect("Right")
        try terminal.expect("> Your answer")
        terminal.send(answers[1] == "m2" ? "M2" : "m2")
        try terminal.expect("Wrong: the answer is \(answers[1])")
        try terminal.expect("> Your answer")
        terminal.send(answers[2] == "P8" ? "octave" : answers[2])
        let end = try terminal.expect("Missed:")
        #expect(end.contains("Score: 2/3 (67%) in "))
        try terminal.expect("2. \(questions[1]["prompt"] as! String) You wrote")
        #expect(terminal.wait() == 0)
    }

    @Test("quiz grade: a batch of answers against the quiz file")
    func grade() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-grade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let quiz = try CLIRunner.run("quiz", "--count", "3", "--level", "3", "--seed", "5", "--json")
        let quizFile = directory.appendingPathComponent("quiz.json"), answersFile = directory.appendingPathComponent("answers.json")
        try quiz.stdout.write(to: quizFile, atomically: true, encoding: .utf8)
        let questions = (try JSONSerialization.jsonObject(with: Data(quiz.stdout.utf8)) as! [String: Any])["questions"] as! [[String: Any]]
        let answers: [Any] = [questions[0]["answer"] as! String, "banana", NSNull()]
        try JSONSerialization.data(withJSONObject: answers).write(to: answersFile)
        let result = try CLIRunner.run("quiz", "grade", quizFile.path, answersFile.path, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(report["score"] as? Int == 1 && report["total"] as? Int == 3)
        #expect(report["missed"] as? [Int] == [2, 3])
        // An edited quiz file is refused rather than graded against other questions.
        try quiz.stdout.replacingOccurrences(of: "Name the", with: "Nome the").write(to: quizFile, atomically: true, encoding: .utf8)
        let edited = try CLIRunner.run("quiz", "grade", quizFile.path, answersFile.path)
        #expect(edited.status == 2 && edited.stderr.contains("differ from the ones its spec and seed make"))
    }

    @Test("--audio writes a 44.1 kHz 16-bit WAV and a MIDI file for each ear question and names them in the JSON")
    func audio() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-audio-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLIRunner.run("quiz", "--kind", "ear-interval", "--kind", "name-interval", "--count", "6", "--seed", "12",
                                       "--direction", "harmonic", "--direction", "ascending", "--audio", directory.path, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let questions = (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any])["questions"] as! [[String: Any]]
        var written = 0
        for (index, question) in questions.enumerated() {
            let names = question["audio"] as? [String]
            guard question["kind"] as? String == "ear-interval" else { #expect(names == nil); continue }
            let stem = String(format: "q%02d", index + 1)
            #expect(names == [stem + ".wav", stem + ".mid"])
            let wav = try Data(contentsOf: directory.appendingPathComponent(stem + ".wav"))
            #expect(wav.prefix(4) == Data("RIFF".utf8) && wav[8..<12] == Data("WAVE".utf8))
            let rate = wav[24..<28].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            #expect(rate == 44_100 && wav[34] == 16 && wav[22] == 1)
            let midi = try Data(contentsOf: directory.appendingPathComponent(stem + ".mid"))
            #expect(midi.prefix(4) == Data("MThd".utf8))
            written += 1
        }
        #expect(written > 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 2 * written)
    }

    @Test(arguments: [
        (["quiz", "--a4", "600"], "a4: 600.0 Hz is outside"),
        (["quiz", "--level", "7"], "level: 7 is outside 1…6"),
        (["quiz", "--kind", "nonsense"], "nonsense"),
        (["quiz", "--intervals", "M3,Q9"], "intervals:"),
        (["quiz", "--kind", "fretboard-interval", "--tuning", "lute-of-doom"], "tuning:"),
        (["quiz", "--spec", "/no/such/spec.json"], "cannot read the quiz spec"),
        (["quiz", "--interactive", "--json"], "--interactive"),
        (["quiz", "grade", "/no/such.json", "/no/answers.json"], "cannot read the quiz file"),
    ])
    func badInputExitsTwo(arguments: [String], message: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
