import Fretboard
import TheoryCore

/// One quiz question: what is asked, what is given, and the answer.
public struct Question: Hashable, Sendable {
    /// A fretboard cell shown in a question, with the note that sounds there when it is part of the question.
    public struct Cell: Hashable, Sendable {
        public let cell: FretCell
        /// The spelled note, or nil when naming it would give the answer away.
        public let note: Pitch?
        public init(_ cell: FretCell, note: Pitch?) { self.cell = cell; self.note = note }
    }

    public let kind: QuizKind
    /// The question as a sentence.
    public let prompt: String
    /// The two notes in the order written or played (naming, building: the given note; ear: both).
    public let notes: [Pitch]
    /// The cells shown (fretboard questions): the root, and for naming the second cell.
    public let cells: [Cell]
    /// The fretboard task, for fretboard questions.
    public let task: FretboardTask?
    /// The directed interval from the first note to the second.
    public let interval: Interval
    public let direction: QuizDirection
    public let answer: QuizAnswer
    /// The options of a multiple-choice question (the answer among them), or empty for a free answer.
    public let choices: [String]
    /// Whether a sounding twin (A4 for d5) is accepted.
    public let acceptsEnharmonic: Bool

    public init(kind: QuizKind, prompt: String, notes: [Pitch], cells: [Cell] = [], task: FretboardTask? = nil,
                interval: Interval, direction: QuizDirection, answer: QuizAnswer, choices: [String] = [],
                acceptsEnharmonic: Bool) {
        self.kind = kind
        self.prompt = prompt
        self.notes = notes
        self.cells = cells
        self.task = task
        self.interval = interval
        self.direction = direction
        self.answer = answer
        self.choices = choices
        self.acceptsEnharmonic = acceptsEnharmonic
    }

    /// The practice item this question trains, e.g. `name-interval/M3/descending` or `fretboard-interval/find/P5/ascending`.
    ///
    /// The scheduler keeps one memory state per item: the same skill asked from different notes.
    public var item: String {
        var parts = [kind.rawValue]
        if let task { parts.append(task.rawValue) }
        parts += [interval.ascending.name, direction.rawValue]
        return parts.joined(separator: "/")
    }
}
