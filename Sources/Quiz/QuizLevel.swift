import TheoryCore

/// The difficulty presets 1–6: which intervals and how many accidentals.
///
/// | level | intervals | given note | any note |
/// |---|---|---|---|
/// | 1 | m3 M3 P4 P5 P8 | naturals | naturals |
/// | 2 | every major, minor and perfect simple interval | naturals | ♯/♭ |
/// | 3 | level 2 and the tritones A4 d5 | ♯/♭ | ♯/♭ |
/// | 4 | every simple interval, singly augmented or diminished too | ♯/♭ | 𝄪/𝄫 |
/// | 5 | level 4 and compound intervals up to two octaves | ♯/♭ | 𝄪/𝄫 |
/// | 6 | any quality, doubly augmented and diminished included, up to two octaves | 𝄪/𝄫 | 𝄪/𝄫 |
public struct QuizLevel: Hashable, Sendable {
    /// The levels there are.
    public static let range = 1...6

    public let level: Int
    public let intervals: [Interval]
    public let rootAccidentals: Int
    public let noteAccidentals: Int

    /// The preset of a level.
    public init(_ level: Int) throws(QuizError) {
        guard Self.range.contains(level) else { throw .invalidSpec(field: "level", reason: "\(level) is outside 1…6") }
        self.level = level
        switch level {
        case 1: intervals = Self.make(["m3", "M3", "P4", "P5", "P8"]); (rootAccidentals, noteAccidentals) = (0, 0)
        case 2: intervals = Self.plain(upTo: 8); (rootAccidentals, noteAccidentals) = (0, 1)
        case 3: intervals = Self.sorted(Self.plain(upTo: 8) + Self.make(["A4", "d5"])); (rootAccidentals, noteAccidentals) = (1, 1)
        case 4: intervals = Self.altered(upTo: 8, times: 1); (rootAccidentals, noteAccidentals) = (1, 2)
        case 5: intervals = Self.altered(upTo: 15, times: 1); (rootAccidentals, noteAccidentals) = (1, 2)
        default: intervals = Self.altered(upTo: 15, times: 2); (rootAccidentals, noteAccidentals) = (2, 2)
        }
    }

    private static func make(_ names: [String]) -> [Interval] { names.map { try! Interval($0) } }

    private static func sorted(_ list: [Interval]) -> [Interval] {
        list.sorted { ($0.steps, $0.semitones) < ($1.steps, $1.semitones) }
    }

    /// Major, minor and perfect intervals from the second up to `number`.
    private static func plain(upTo number: Int) -> [Interval] {
        altered(upTo: number, times: 0)
    }

    /// Every quality up to `times` augmentations or diminutions, from the unison (augmented only) up to `number`.
    private static func altered(upTo number: Int, times: Int) -> [Interval] {
        var list: [Interval] = []
        for n in 1...number {
            var qualities: [IntervalQuality] = Interval.isPerfectType((n - 1) % 7) ? [.perfect] : [.minor, .major]
            for k in stride(from: 1, through: times, by: 1) { qualities += [.augmented(k), .diminished(k)] }
            for quality in qualities {
                // Unisons are asked only as perfect or augmented (a diminished unison is a descending augmented one).
                if n == 1, quality == .perfect { continue }
                if n == 1, case .diminished = quality { continue }
                guard let interval = try? Interval(quality, n) else { continue }
                // An interval that does not go up (dd2, C to Dbbb, sounds lower) is left out; so is d2 (a unison
                // by sound) below level 6.
                if interval.semitones < 0 || (interval.semitones == 0 && n > 1 && times < 2) { continue }
                list.append(interval)
            }
        }
        return sorted(list)
    }
}
