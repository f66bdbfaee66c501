import TheoryCore

/// Plausible wrong options for multiple-choice questions.
///
/// For an interval the nearest mistakes come first: its enharmonic twins (d4 for M3; left out when twins count
/// as right), the same number with a neighbouring quality (m3, A3), the neighbouring numbers (M2, P4), and the
/// same interval an octave away (M10). The options are drawn from the closest `2 × (count − 1)` of these and
/// shuffled with the answer.
package enum Distractors {
    /// The options, as short interval names, for an ascending interval answer.
    package static func intervalChoices(_ answer: Interval, count: Int, enharmonicAllowed: Bool,
                                        random: inout QuizRandom) -> [String] {
        let wrong = candidates(answer, enharmonicAllowed: enharmonicAllowed)
        let picked = random.sample(Array(wrong.prefix(2 * (count - 1))), count - 1)
        return random.shuffled([answer] + picked).map(\.name)
    }

    /// The options, as notes, for a building question: the given note moved by the interval's near misses.
    package static func pitchChoices(_ p: IntervalPlacement, count: Int, enharmonicAllowed: Bool,
                                     random: inout QuizRandom) -> [String] {
        var seen: Set<Pitch> = [p.second]
        var wrong: [Pitch] = []
        for interval in candidates(p.interval, enharmonicAllowed: enharmonicAllowed) {
            let pitch = p.direction == .descending ? p.first.transposed(downBy: interval) : p.first.transposed(by: interval)
            guard abs(pitch.accidental) <= 2, seen.insert(pitch).inserted else { continue }
            if enharmonicAllowed && pitch.midi == p.second.midi { continue }
            wrong.append(pitch)
        }
        let picked = random.sample(Array(wrong.prefix(2 * (count - 1))), count - 1)
        return random.shuffled([p.second] + picked).map(\.description)
    }

    /// Wrong ascending intervals near `answer`, nearest first, without repeats.
    package static func candidates(_ answer: Interval, enharmonicAllowed: Bool) -> [Interval] {
        let n = answer.number
        var list: [Interval] = []
        func add(_ quality: IntervalQuality, _ number: Int) {
            guard number >= 1, number <= Interval.maximumNumber, let interval = try? Interval(quality, number),
                  interval.semitones >= 0, interval != answer, !list.contains(interval) else { return }
            if enharmonicAllowed && interval.semitones == answer.semitones { return }
            list.append(interval)
        }
        func qualities(_ number: Int) -> [IntervalQuality] {
            let degree = (number - 1) % 7
            return degree == 0 || degree == 3 || degree == 4 ? [.perfect] : [.minor, .major]
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

    /// The quality that makes `number` the same size as `interval`, if it is at most doubly altered.
    private static func twin(of interval: Interval, number: Int) -> IntervalQuality? {
        let steps = number - 1
        let octaves = steps / 7, degree = steps % 7
        let major = [0, 2, 4, 5, 7, 9, 11][degree] + 12 * octaves
        let perfectType = degree == 0 || degree == 3 || degree == 4
        let quality = IntervalQuality(offset: interval.semitones - major, perfectType: perfectType)
        switch quality {
        case .augmented(let k) where k > 2: return nil
        case .diminished(let k) where k > 2: return nil
        default: return quality
        }
    }

    /// The quality of the same number `offset` semitones larger.
    private static func quality(of interval: Interval, plus offset: Int) -> IntervalQuality? {
        twin(of: Interval(steps: interval.steps, semitones: interval.semitones + offset), number: interval.number)
    }
}
