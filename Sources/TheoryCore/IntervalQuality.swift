/// The quality of an interval: perfect, major, minor, or any number of augmentations or diminutions.
public enum IntervalQuality: Hashable, Sendable, CustomStringConvertible {
    case perfect
    case major
    case minor
    /// Augmented `n` times (`n` ≥ 1): A, AA, AAA …
    case augmented(Int)
    /// Diminished `n` times (`n` ≥ 1): d, dd, ddd …
    case diminished(Int)

    /// The short symbol: `P`, `M`, `m`, `A`, `AA`, `d`, `dd`.
    public var symbol: String {
        switch self {
        case .perfect: return "P"
        case .major: return "M"
        case .minor: return "m"
        case .augmented(let n): return String(repeating: "A", count: n)
        case .diminished(let n): return String(repeating: "d", count: n)
        }
    }

    /// The long name: "perfect", "doubly augmented", "triply diminished".
    public var longName: String {
        switch self {
        case .perfect: return "perfect"
        case .major: return "major"
        case .minor: return "minor"
        case .augmented(let n): return Self.multiplier(n) + "augmented"
        case .diminished(let n): return Self.multiplier(n) + "diminished"
        }
    }

    public var description: String { symbol }

    /// Semitones this quality adds to the major or perfect interval of the same number.
    /// `perfectType` says whether that number (unison, fourth, fifth, octave …) takes perfect qualities.
    /// Returns `nil` when the quality does not exist for that kind of number (a major fifth, a perfect third).
    public func offset(perfectType: Bool) -> Int? {
        switch self {
        case .perfect: return perfectType ? 0 : nil
        case .major: return perfectType ? nil : 0
        case .minor: return perfectType ? nil : -1
        case .augmented(let n): return n
        case .diminished(let n): return perfectType ? -n : -n - 1
        }
    }

    /// The quality that adds `offset` semitones to the major or perfect interval of a number.
    public init(offset: Int, perfectType: Bool) {
        if perfectType {
            self = offset == 0 ? .perfect : offset > 0 ? .augmented(offset) : .diminished(-offset)
        } else {
            switch offset {
            case 0: self = .major
            case -1: self = .minor
            case let o where o > 0: self = .augmented(o)
            default: self = .diminished(-offset - 1)
            }
        }
    }

    private static func multiplier(_ n: Int) -> String {
        switch n {
        case 1: return ""
        case 2: return "doubly "
        case 3: return "triply "
        case 4: return "quadruply "
        case 5: return "quintuply "
        default: return "\(n)-fold "
        }
    }
}
