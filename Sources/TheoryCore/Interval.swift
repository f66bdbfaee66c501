/// An exact interval between two spelled pitches: a signed number of diatonic steps and of semitones.
///
/// Quality, number and direction are derived from those two integers, so every interval between
/// spelled pitches is representable (C4→B##4 is an AA7 of 13 semitones, E#4→Fb4 a dd2 upward).
/// Direction follows the staff: an interval is descending when its second note is written lower;
/// for unisons, when it sounds lower (C4→Cb4 is a descending augmented unison, `A-1`).
public struct Interval: Hashable, Sendable {
    /// Signed diatonic steps: 0 for a unison, 2 for a third up, -2 for a third down, 9 for a tenth up.
    public let steps: Int
    /// Signed semitones: equal to `midi(b) - midi(a)` for the interval from `a` to `b`.
    public let semitones: Int

    /// Creates an interval from signed diatonic steps and signed semitones.
    @inlinable
    public init(steps: Int, semitones: Int) {
        self.steps = steps
        self.semitones = semitones
    }

    /// The interval from one pitch to another (`C#4` to `Bb5` is d14).
    @inlinable
    public init(from a: Pitch, to b: Pitch) {
        self.init(steps: b.diatonicIndex - a.diatonicIndex, semitones: b.midi - a.midi)
    }

    /// Creates an interval from quality, number (1 = unison, 10 = tenth) and direction.
    ///
    /// Throws when the quality does not exist for the number (`P3`, `M5`) or for a diminished unison,
    /// which is written as a descending augmented unison.
    public init(_ quality: IntervalQuality, _ number: Int, _ direction: Direction = .ascending) throws {
        let name = quality.symbol + String(number)
        guard number >= 1 else {
            throw TheoryError.invalidInterval(input: name, reason: "interval numbers start at 1 (unison)")
        }
        guard number <= Self.maximumNumber else {
            throw TheoryError.invalidInterval(input: name, reason: "number larger than \(Self.maximumNumber)")
        }
        let simpleIndex = (number - 1) % 7
        let perfectType = Self.isPerfectType(simpleIndex)
        guard let offset = quality.offset(perfectType: perfectType) else {
            let suggestion = perfectType ? "P\(number)" : "M\(number)"
            let kind = perfectType ? "takes perfect, augmented or diminished" : "takes major, minor, augmented or diminished"
            throw TheoryError.invalidInterval(input: name, reason: "a \(Self.ordinal(number)) \(kind)", suggestion: suggestion)
        }
        let size = Self.majorSemitones(steps: number - 1) + offset
        if number == 1 && size < 0 {
            throw TheoryError.invalidInterval(
                input: name, reason: "a diminished unison is written as a descending augmented unison",
                suggestion: String(repeating: "A", count: -size) + "-1")
        }
        let sign = direction == .descending ? -1 : 1
        self.init(steps: sign * (number - 1), semitones: sign * size)
    }

    /// The largest interval number accepted when constructing or parsing: the widest interval between two readable
    /// pitches (C-10 to B20, 30 octaves and a seventh), so every interval `interval` prints reads back.
    public static let maximumNumber = 7 * (Readability.octaves.count - 1) + 7

    /// Which way the interval goes on the staff.
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        case ascending, descending
        /// A perfect unison: no motion.
        case unison
    }

    /// +1 up, -1 down (a perfect unison counts as up).
    @inlinable var sign: Int { steps > 0 ? 1 : steps < 0 ? -1 : (semitones < 0 ? -1 : 1) }

    /// The direction on the staff (unisons by sound; a perfect unison is `.unison`).
    public var direction: Direction {
        if steps == 0 && semitones == 0 { return .unison }
        return sign > 0 ? .ascending : .descending
    }

    /// The diatonic number: 1 for unison, 3 for a third, 14 for a fourteenth (always positive).
    public var number: Int { abs(steps) + 1 }

    /// The size in semitones ignoring direction (negative for intervals such as dd2 that sound lower).
    public var size: Int { semitones * sign }

    /// The quality (perfect, major, minor, augmented or diminished any number of times).
    public var quality: IntervalQuality {
        let n = abs(steps)
        return IntervalQuality(offset: size - Self.majorSemitones(steps: n), perfectType: Self.isPerfectType(n % 7))
    }

    /// True when larger than an octave (a ninth or more).
    public var isCompound: Bool { abs(steps) > 7 }

    /// The interval reduced to at most an octave, direction kept (d14 → d7, P15 → P8, M10 → M3).
    public var simple: Interval {
        let n = abs(steps)
        guard n > 7 else { return self }
        let octaves = n % 7 == 0 ? n / 7 - 1 : n / 7
        return Interval(steps: sign * (n - 7 * octaves), semitones: sign * (size - 12 * octaves))
    }

    /// The inversion of the simple part, direction kept (M3 → m6, M10 → m6, A4 → d5, P1 → P8).
    public var inversion: Interval {
        let s = simple
        let n = abs(s.steps)
        return Interval(steps: sign * (7 - n), semitones: sign * (12 - s.size))
    }

    /// The same interval in the other direction (M3 → M-3).
    @inlinable public var reversed: Interval { Interval(steps: -steps, semitones: -semitones) }

    /// The same interval going up (M-3 → M3).
    public var ascending: Interval { sign < 0 ? reversed : self }

    /// Adds two intervals (M3 + m3 = P5; M3 + M-3 = P1).
    @inlinable
    public static func + (lhs: Interval, rhs: Interval) -> Interval {
        Interval(steps: lhs.steps + rhs.steps, semitones: lhs.semitones + rhs.semitones)
    }

    /// Subtracts an interval (P5 − M3 = m3).
    @inlinable
    public static func - (lhs: Interval, rhs: Interval) -> Interval { lhs + rhs.reversed }

    /// The reversed interval.
    @inlinable public static prefix func - (x: Interval) -> Interval { x.reversed }

    // MARK: - Tables

    /// Semitones of the major or perfect interval spanning `steps` diatonic steps (any size).
    @inlinable
    package static func majorSemitones(steps: Int) -> Int {
        let table = (0, 2, 4, 5, 7, 9, 11)
        let r = steps % 7
        let base: Int
        switch r {
        case 0: base = table.0
        case 1: base = table.1
        case 2: base = table.2
        case 3: base = table.3
        case 4: base = table.4
        case 5: base = table.5
        default: base = table.6
        }
        return base + 12 * (steps / 7)
    }

    /// Unisons, fourths, fifths and octaves (by simple index 0, 3, 4) take perfect qualities.
    @inlinable
    package static func isPerfectType(_ simpleIndex: Int) -> Bool {
        simpleIndex == 0 || simpleIndex == 3 || simpleIndex == 4
    }

    package static func ordinal(_ number: Int) -> String {
        let names = ["unison", "second", "third", "fourth", "fifth", "sixth", "seventh", "octave",
                     "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth"]
        if number >= 1 && number <= names.count { return names[number - 1] }
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }
}
