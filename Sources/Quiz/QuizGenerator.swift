import Fretboard
import TheoryCore

/// Makes the questions of a quiz from a spec and a seed: the same spec and seed give the same quiz everywhere.
///
/// For each question a kind is drawn, then an interval (uniformly among those that can be asked), a direction,
/// and a placement (the given note or cell). A question equal to an earlier one is drawn again, up to a few
/// times, so short quizzes do not repeat themselves. Every answer is computed by TheoryCore or Fretboard.
public struct QuizGenerator: Sendable {
    public let spec: QuizSpec
    let tables: [QuizKind: [(Interval, [(QuizDirection, [IntervalPlacement])])]]
    let neck: Neck?

    /// Prepares the spec; throws when it is invalid or a kind it names has nothing to ask.
    public init(spec: QuizSpec) throws(QuizError) {
        try spec.validate()
        self.spec = spec
        var tables: [QuizKind: [(Interval, [(QuizDirection, [IntervalPlacement])])]] = [:]
        var neck: Neck?
        for kind in spec.kinds where tables[kind] == nil {
            let placements: [IntervalPlacement]
            switch kind {
            case .nameInterval, .earInterval:
                placements = IntervalPlacement.all(spec, directions: spec.directions, octaves: spec.octaves)
            case .buildInterval:
                placements = IntervalPlacement.all(spec, directions: Self.lineDirections(spec), octaves: spec.octaves)
            case .fretboardInterval:
                let fretNeck = try Self.neck(spec)
                neck = fretNeck
                placements = IntervalPlacement.all(spec, directions: Self.lineDirections(spec), octaves: nil).filter {
                    !fretNeck.cells(of: $0.first, in: spec.frets).isEmpty && !fretNeck.cells(of: $0.second, in: spec.frets).isEmpty
                }
            }
            if placements.isEmpty { throw .noQuestions(reason: Self.emptyReason(kind, spec)) }
            tables[kind] = placements.grouped()
        }
        self.tables = tables
        self.neck = neck
    }

    /// The quiz for a seed.
    public func quiz(seed: UInt64) -> Quiz {
        var random = QuizRandom(seed: seed)
        var questions: [Question] = []
        var seen: Set<String> = []
        for _ in 0..<spec.count {
            var question = makeQuestion(&random)
            var attempts = 1
            while seen.contains(Self.identity(question)) && attempts < 8 {
                question = makeQuestion(&random)
                attempts += 1
            }
            seen.insert(Self.identity(question))
            questions.append(question)
        }
        return Quiz(seed: seed, spec: spec, questions: questions)
    }

    private func makeQuestion(_ random: inout QuizRandom) -> Question {
        let kind = spec.kinds.count == 1 ? spec.kinds[0] : random.pick(spec.kinds)
        let (_, directions) = random.pick(tables[kind]!)
        let (_, placements) = random.pick(directions)
        let placement = random.pick(placements)
        switch kind {
        case .nameInterval, .earInterval: return namingQuestion(kind, placement, &random)
        case .buildInterval: return buildingQuestion(placement, &random)
        case .fretboardInterval: return fretboardQuestion(placement, neck!, &random)
        }
    }

    func namingQuestion(_ kind: QuizKind, _ p: IntervalPlacement, _ random: inout QuizRandom) -> Question {
        let equivalent = spec.enharmonicEquivalence || !kind.isWritten
        let notes = [p.first, p.second]
        let prompt: String
        switch (kind, p.direction) {
        case (.earInterval, .harmonic): prompt = "Listen: name the harmonic interval (both notes together)."
        case (.earInterval, let direction): prompt = "Listen: name the \(direction) melodic interval."
        case (_, .ascending): prompt = "Name the interval from \(p.first) up to \(p.second)."
        case (_, .descending): prompt = "Name the interval from \(p.first) down to \(p.second)."
        case (_, .harmonic): prompt = "Name the harmonic interval \(p.first)–\(p.second)."
        }
        let choices = spec.choices > 0
            ? Distractors.intervalChoices(p.interval, count: spec.choices, enharmonicAllowed: equivalent,
                                            maxAlteration: maxAlteration, random: &random) : []
        return Question(kind: kind, prompt: prompt, notes: notes, interval: p.directed, direction: p.direction,
                        answer: .interval(p.interval), choices: choices, acceptsEnharmonic: equivalent)
    }

    func buildingQuestion(_ p: IntervalPlacement, _ random: inout QuizRandom) -> Question {
        let side = p.direction == .descending ? "below" : "above"
        let prompt = "Which note is \(Self.article(p.interval.longName)) \(p.interval.longName) \(side) \(p.first)?"
        let choices = spec.choices > 0
            ? Distractors.pitchChoices(p, count: spec.choices, enharmonicAllowed: spec.enharmonicEquivalence,
                                     maxAlteration: maxAlteration, maxAccidentals: spec.noteAccidentals, random: &random) : []
        return Question(kind: .buildInterval, prompt: prompt, notes: [p.first], interval: p.directed, direction: p.direction,
                        answer: .pitch(p.second), choices: choices, acceptsEnharmonic: spec.enharmonicEquivalence)
    }

    func fretboardQuestion(_ p: IntervalPlacement, _ neck: Neck, _ random: inout QuizRandom, task asked: FretboardTask? = nil) -> Question {
        let task = asked ?? (spec.fretboardTasks.count == 1 ? spec.fretboardTasks[0] : random.pick(spec.fretboardTasks))
        let root = random.pick(neck.cells(of: p.first, in: spec.frets))
        let rootCell = Question.Cell(root, note: p.first)
        let place = "string \(root.string), fret \(root.fret)"
        let frets = "frets \(spec.frets.lowerBound)–\(spec.frets.upperBound)"
        switch task {
        case .find:
            let side = p.direction == .descending ? "below" : "above"
            let prompt = "On \(spec.tuning) (\(frets)), the root \(p.first) is at \(place). "
                + "Find every cell with the \(p.interval.longName) \(side) it."
            return Question(kind: .fretboardInterval, prompt: prompt, notes: [p.first], cells: [rootCell], task: .find,
                            interval: p.directed, direction: p.direction,
                            answer: .cells(neck.cells(of: p.second, in: spec.frets).sorted()), acceptsEnharmonic: true)
        case .name:
            let target = random.pick(neck.cells(of: p.second, in: spec.frets))
            let prompt = "On \(spec.tuning), the root \(p.first) is at \(place). "
                + "Name the interval \(p.direction == .descending ? "down" : "up") to string \(target.string), fret \(target.fret)."
            let choices = spec.choices > 0
                ? Distractors.intervalChoices(p.interval, count: spec.choices, enharmonicAllowed: true,
                                            maxAlteration: maxAlteration, random: &random) : []
            return Question(kind: .fretboardInterval, prompt: prompt, notes: [p.first],
                            cells: [rootCell, Question.Cell(target, note: nil)], task: .name,
                            interval: p.directed, direction: p.direction, answer: .interval(p.interval),
                            choices: choices, acceptsEnharmonic: true)
        }
    }

    /// How altered wrong options may be: as much as the most altered interval asked, and at least once
    /// (so the tritone twins A4 and d5 can face each other).
    private var maxAlteration: Int {
        max(1, spec.intervals.map { Distractors.alteration(of: $0.quality) }.max() ?? 0)
    }

    /// "a" or "an" before an interval's long name.
    private static func article(_ name: String) -> String {
        name.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    /// What makes two questions the same for the no-repeat rule.
    static func identity(_ q: Question) -> String {
        "\(q.kind) \(q.task?.rawValue ?? "") \(q.notes) \(q.cells.map(\.cell)) \(q.interval.directedName) \(q.direction)"
    }

    /// Building and fretboard questions go up or down; a spec with only `harmonic` asks them going up.
    private static func lineDirections(_ spec: QuizSpec) -> [QuizDirection] {
        let line = spec.directions.filter { $0 != .harmonic }
        return line.isEmpty ? [.ascending] : line
    }

    private static func neck(_ spec: QuizSpec) throws(QuizError) -> Neck {
        do {
            let neck = try Neck(try Tuning.named(spec.tuning))
            guard spec.frets.upperBound <= neck.frets else {
                throw QuizError.invalidSpec(field: "frets", reason: "\(spec.tuning) has \(neck.frets) frets, not \(spec.frets.upperBound)")
            }
            return neck
        } catch let error as QuizError {
            throw error
        } catch {
            throw .invalidSpec(field: "tuning", reason: "\(error)")
        }
    }

    private static func emptyReason(_ kind: QuizKind, _ spec: QuizSpec) -> String {
        let where_ = kind == .fretboardInterval
            ? "on \(spec.tuning) in frets \(spec.frets.lowerBound)–\(spec.frets.upperBound)"
            : "in octaves \(spec.octaves.lowerBound)–\(spec.octaves.upperBound)"
        return "\(kind) with intervals \(spec.intervals.map(\.name).joined(separator: " ")) has no pair of notes \(where_) "
            + "with at most \(spec.rootAccidentals) accidental(s) on the given note and \(spec.noteAccidentals) on any note"
    }
}
