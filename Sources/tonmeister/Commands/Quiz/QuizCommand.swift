import ArgumentParser

/// `tonmeister quiz`: interval quizzes — generate, ask, grade, practise.
struct QuizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Interval quizzes: generate (seeded), ask in the terminal, grade, practise with spaced repetition.",
        subcommands: [QuizAskCommand.self, QuizGradeCommand.self, QuizStatsCommand.self],
        defaultSubcommand: QuizAskCommand.self)
}
