/// One of the seven note letters, ordered as on the staff from C upward.
public enum Letter: Int, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    case C = 0, D, E, F, G, A, B

    /// Semitones above C of the natural note with this letter (C = 0 … B = 11).
    public var naturalSemitone: Int { Self.semitoneTable[rawValue] }

    /// Position on the line of fifths of the natural note (F = -1, C = 0, G = 1 … B = 5).
    public var fifths: Int { Self.fifthsTable[rawValue] }

    /// The letter a number of diatonic steps away (wrapping around the octave).
    public func advanced(by steps: Int) -> Letter {
        Letter(rawValue: floorMod(rawValue + steps, 7))!
    }

    /// Reads a letter, case-insensitively; `nil` for anything else.
    public init?(character: Character) {
        switch character {
        case "C", "c": self = .C
        case "D", "d": self = .D
        case "E", "e": self = .E
        case "F", "f": self = .F
        case "G", "g": self = .G
        case "A", "a": self = .A
        case "B", "b": self = .B
        default: return nil
        }
    }

    public var description: String { ["C", "D", "E", "F", "G", "A", "B"][rawValue] }

    public static func < (lhs: Letter, rhs: Letter) -> Bool { lhs.rawValue < rhs.rawValue }

    private static let semitoneTable = [0, 2, 4, 5, 7, 9, 11]
    private static let fifthsTable = [0, 2, 4, -1, 1, 3, 5]
}

/// Integer division rounding toward negative infinity.
@inlinable package func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q
}

/// Remainder with the sign of the divisor (always in `0..<b` for positive `b`).
@inlinable package func floorMod(_ a: Int, _ b: Int) -> Int {
    let r = a % b
    return r < 0 ? r + b : r
}
