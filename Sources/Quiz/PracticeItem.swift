import TheoryCore

/// A skill the scheduler tracks: a kind of question (and fretboard task), an interval and a direction.
///
/// Its key is `Question.item`: `name-interval/M3/descending`, `fretboard-interval/find/P5/ascending`. The same
/// item is asked from different notes; the scheduler keeps one memory state per item.
public struct PracticeItem: Hashable, Sendable, CustomStringConvertible {
    public let kind: QuizKind
    /// The fretboard task, for fretboard items (nil for the other kinds).
    public let task: FretboardTask?
    /// The interval, ascending.
    public let interval: Interval
    public let direction: QuizDirection

    public init(kind: QuizKind, task: FretboardTask? = nil, interval: Interval, direction: QuizDirection) {
        self.kind = kind
        self.task = kind == .fretboardInterval ? task : nil
        self.interval = interval.ascending
        self.direction = direction
    }

    /// Reads a key: `kind[/task]/interval/direction`.
    public init(key: String) throws(QuizError) {
        func bad(_ reason: String) -> QuizError { .invalidDocument(what: "practice item '\(key)'", reason: reason) }
        let parts = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let kind = parts.first.flatMap(QuizKind.init(rawValue:)) else {
            throw bad("it does not start with a kind (\(QuizKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let expected = kind == .fretboardInterval ? 4 : 3
        guard parts.count == expected else {
            throw bad(kind == .fretboardInterval ? "write fretboard-interval/TASK/INTERVAL/DIRECTION" : "write \(kind)/INTERVAL/DIRECTION")
        }
        var task: FretboardTask?
        if kind == .fretboardInterval {
            guard let named = FretboardTask(rawValue: parts[1]) else { throw bad("'\(parts[1])' is not a fretboard task (find, name)") }
            task = named
        }
        let interval: Interval
        do { interval = try Interval(parts[expected - 2]) } catch { throw bad("\(error)") }
        guard interval.name == parts[expected - 2], interval == interval.ascending else {
            throw bad("'\(parts[expected - 2])' is not an ascending interval's short name such as M3")
        }
        guard let direction = QuizDirection(rawValue: parts[expected - 1]) else {
            throw bad("'\(parts[expected - 1])' is not a direction (ascending, descending, harmonic)")
        }
        self.init(kind: kind, task: task, interval: interval, direction: direction)
    }

    /// The key, as `Question.item` writes it.
    public var key: String {
        var parts = [kind.rawValue]
        if let task { parts.append(task.rawValue) }
        parts += [interval.name, direction.rawValue]
        return parts.joined(separator: "/")
    }

    public var description: String { key }

    /// The same kind, task and direction with another interval (the item a confusion points to).
    public func with(interval other: Interval) -> PracticeItem {
        PracticeItem(kind: kind, task: task, interval: other, direction: direction)
    }
}

extension Question {
    /// The practice item this question trains (its key is `item`).
    public var practiceItem: PracticeItem {
        PracticeItem(kind: kind, task: task, interval: interval, direction: direction)
    }
}
