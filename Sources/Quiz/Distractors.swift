import TheoryCore

/// Plausible wrong options for multiple-choice questions.
///
/// For an interval the nearest mistakes come first: its enharmonic twins (d4 for M3; left out when twins count
/// as right), the same number with a neighbouring quality (m3, A3), the neighbouring numbers (M2, P4), and the
/// same interval an octave away (M10). The nearest half of the wrong options are always offered, the others are
/// drawn from the next nearest, and all are shuffled with the answer.
package enum Distractors {
    /// The options, as short interval names, for an ascending interval answer.
    package static func intervalChoices(_ answer: Interval, count: Int, enharmonicAllowed: Bool, maxAlteration: Int,
                                        random: inout QuizRandom) -> [String] {
        let wrong = candidates(answer, enharmonicAllowed: enharmonicAllowed, maxAlteration: maxAlteration)
        return random.shuffled([answer] + pick(wrong, count - 1, &random)).map(\.name)
    }

    /// The options, as notes, for a building question: the given note moved by the interval's near misses.
    /// Notes with more accidentals than the quiz uses (`maxAccidentals`) are offered only when too few others exist.
    package static func pitchChoices(_ p: IntervalPlacement, count: Int, enharmonicAllowed: Bool, maxAlteration: Int,
                                     maxAccidentals: Int, random: inout QuizRandom) -> [String] {
        var seen: Set<Pitch> = [p.second]
        var wrong: [Pitch] = [], spare: [Pitch] = []
        for interval in candidates(p.interval, enharmonicAllowed: enharmonicAllowed, maxAlteration: maxAlteration) {
            let pitch = p.direction == .descending ? p.first.transposed(downBy: interval) : p.first.transposed(by: interval)
            guard abs(pitch.accidental) <= 2, seen.insert(pitch).inserted else { continue }
            if enharmonicAllowed && pitch.midi == p.second.midi { continue }
            if abs(pitch.accidental) <= maxAccidentals { wrong.append(pitch) } else { spare.append(pitch) }
        }
        if wrong.count < count - 1 { wrong += spare }
        return random.shuffled([p.second] + pick(wrong, count - 1, &random)).map(\.description)
    }

    /// `k` wrong options: the nearest half always, the rest drawn from the next nearest.
    private static func pick<T>(_ wrong: [T], _ k: Int, _ random: inout QuizRandom) -> [T] {
        let sure = (k + 1) / 2
        let rest = Array(wrong.dropFirst(sure).prefix(2 * k - sure))
        return Array(wrong.prefix(sure)) + random.sample(rest, k - min(sure, wrong.count))
    }

    /// Wrong ascending intervals near `answer`, nearest first, without repeats, at most `maxAlteration` times
    /// augmented or diminished (so a quiz on plain intervals does not offer doubly diminished ones).
    package static func candidates(_ answer: Interval, enharmonicAllowed: Bool, maxAlteration: Int = 2) -> [Interval] {
        let n = answer.number
        var list: [Interval] = []
        func add(_ quality: IntervalQuality, _ number: Int) {
            guard number >= 1, number <= Interval.maximumNumber, let interval = try? Interval(quality, number),
                  interval.semitones >= 0, interval != answer, !list.contains(interval) else { return }
            if enharmonicAllowed && interval.semitones == answer.semitones { return }
            if alteration(of: quality) > maxAlteration { return }
            list.append(interval)
        }
        func qualities(_ number: Int) -> [IntervalQuality] {
            Interval.isPerfectType((number - 1) % 7) ? [.perfect] : [.minor, .major]
        }
        // Enharmonic twins: the neighbouring numbers at the same size.
        for number in [n - 1, n + 1] where number >= 1 {
            if let twin = twin(of: answer, number: number) { add(twin, number) }
        }
        // The same number, one semitone smaller or larger.
        for offset in [-1, 1] {
            if let quality = quality(of: answer, plus: offset) { add(quality, n) }
        }
        // The neighbouring numbers with their plain qualities.
        for number in [n - 1, n + 1] { for quality in qualities(number) { add(quality, number) } }
        // The same quality an octave away.
        add(answer.quality, n > 7 ? n - 7 : n + 7)
        // The next numbers out, so large option counts can be filled.
        for number in [n - 2, n + 2] { for quality in qualities(number) { add(quality, number) } }
        return list
    }

    /// How many times a quality is augmented or diminished (0 for perfect, major and minor).
    package static func alteration(of quality: IntervalQuality) -> Int {
        switch quality {
        case .perfect, .major, .minor: return 0
        case .augmented(let k), .diminished(let k): return k
        }
    }

    /// The quality that makes `number` the same size as `interval`, if it is at most doubly altered.
    private static func twin(of interval: Interval, number: Int) -> IntervalQuality? {
        let quality = Interval(steps: number - 1, semitones: interval.semitones).quality
        return alteration(of: quality) > 2 ? nil : quality
    }

    /// The quality of the same number `offset` semitones larger.
    private static func quality(of interval: Interval, plus offset: Int) -> IntervalQuality? {
        twin(of: Interval(steps: interval.steps, semitones: interval.semitones + offset), number: interval.number)
    }
}
