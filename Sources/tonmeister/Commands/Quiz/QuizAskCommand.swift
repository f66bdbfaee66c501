import ArgumentParser
import Foundation
import Quiz

/// `tonmeister quiz [ask] --kind K --count N --level L --seed S [--practice] [--interactive] [--json] [--worksheet FILE]`: makes a quiz.
struct QuizAskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Make a quiz from a spec or flags; print it, or ask it in the terminal with --interactive.",
        discussion: """
            The same spec and seed give the same quiz on every machine. Without --seed (and without a seed in the \
            spec) a seed is drawn and printed, so the quiz can be made again.
            """)

    @OptionGroup var specOptions: QuizSpecOptions

    @OptionGroup(title: "Practice") var practiceOptions: PracticeOptions

    @Option(help: "The seed (a whole number ≥ 0).")
    var seed: UInt64?

    @Flag(help: "Ask the questions one by one in the terminal, grade and time each answer (appending it to the practice log unless --no-log), and end with the score.")
    var interactive = false

    @Option(help: "Write a WAV and a MIDI file for each ear question into this directory (created when missing).")
    var audio: String?

    @Flag(help: "Print the JSON of the quiz.")
    var json = false

    @Flag(help: "Print the JSON indented.")
    var pretty = false

    @OptionGroup var worksheet: QuizWorksheet

    func validate() throws {
        if interactive && json { throw ValidationError("--interactive asks in the terminal; it cannot print --json") }
    }

    func run() throws {
        let (spec, specSeed) = try specOptions.resolve()
        let drawn = seed ?? specSeed
        let seed = drawn ?? UInt64.random(in: 0..<(1 << 32))
        if drawn == nil { printNote("seed \(seed) (give --seed \(seed) to make this quiz again)") }
        let quiz = try practiceOptions.quiz(spec: spec, seed: seed)
        let audioNames = try writeAudio(quiz)
        try worksheet.write(quiz, audio: audioNames, audioDirectory: audio)
        if interactive {
            var loop = InteractiveQuiz(questions: quiz.questions)
            loop.remarks = audioNames.mapValues { ["  Listen: " + $0.map { "\(audio ?? ".")/\($0)" }.joined(separator: " or ")] }
            loop.onAnswer = try practiceOptions.recorder(seed: seed)
            let clock = ContinuousClock(), start = clock.now
            _ = try loop.run(
                read: { readLine(strippingNewline: true) },
                write: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
                now: { (clock.now - start).seconds })
        } else if json {
            print(quiz.json(audio: audioNames, pretty: pretty))
        } else {
            for line in Self.text(quiz, audio: audioNames) { print(line) }
        }
    }

    /// Writes the ear questions' audio into `--audio DIR`; returns the file names by question index.
    private func writeAudio(_ quiz: Quiz) throws -> [Int: [String]] {
        guard let audio else { return [:] }
        let files = try quiz.audio()
        do {
            try FileManager.default.createDirectory(atPath: audio, withIntermediateDirectories: true)
        } catch {
            throw CLIError.failure("cannot create the directory \(audio): \(error.localizedDescription)")
        }
        for file in files.values.joined() {
            try writeBytes(Data(file.bytes), to: URL(fileURLWithPath: audio).appendingPathComponent(file.name).path)
        }
        return files.mapValues { $0.map(\.name) }
    }

    /// The quiz as text: the questions, then the answer key.
    static func text(_ quiz: Quiz, audio: [Int: [String]] = [:]) -> [String] {
        var lines = ["Quiz with \(quiz.questions.count) questions (seed \(quiz.seed))", ""]
        for (index, question) in quiz.questions.enumerated() {
            lines.append("\(index + 1). \(question.prompt)" + (audio[index].map { " (" + $0.joined(separator: ", ") + ")" } ?? ""))
            if !question.choices.isEmpty {
                lines.append("   " + zip(Grader.optionLetters, question.choices).map { "\($0)) \($1)" }.joined(separator: "   "))
            }
        }
        lines += ["", "Answers:"]
        for (index, question) in quiz.questions.enumerated() {
            lines.append("\(index + 1). \(question.answer)")
        }
        return lines
    }
}
