extension Interval: CustomStringConvertible {
    /// The undirected short name: `M3`, `d14`, `AA7`, `P1`.
    public var name: String { quality.symbol + String(number) }

    /// The short name with a minus for descending intervals: `M-3`, `d14`, `A-1`.
    ///
    /// Intervals within three octaves either way and three semitones of major or perfect come from a table of
    /// inline strings; others are written out.
    public var directedName: String {
        let row = steps + Self.nameTableSteps, column = semitones - Self.majorOrPerfectSemitones(steps) + 3
        if UInt(bitPattern: row) <= UInt(2 * Self.nameTableSteps), UInt(bitPattern: column) <= 6 {
            return Self.directedNameTable[row &* 7 &+ column]
        }
        return writtenDirectedName
    }

    /// Steps either way covered by ``directedNameTable``.
    private static let nameTableSteps = 21

    /// Semitones of the major or perfect interval with these (signed) steps.
    @inline(__always)
    private static func majorOrPerfectSemitones(_ steps: Int) -> Int {
        steps >= 0 ? majorSemitones(steps: steps) : -majorSemitones(steps: -steps)
    }

    /// Names of the intervals of ±21 steps, within three semitones of major or perfect: row = steps + 21,
    /// column = semitones − major or perfect + 3.
    private static let directedNameTable: [String] = (-nameTableSteps...nameTableSteps).flatMap { steps in
        (-3...3).map { Interval(steps: steps, semitones: majorOrPerfectSemitones(steps) + $0).writtenDirectedName }
    }

    /// ``directedName`` written out character by character.
    private var writtenDirectedName: String {
        let n = abs(steps)
        let descending = steps < 0 || (steps == 0 && semitones < 0)
        let octaves = n / 7, degree = n - 7 * octaves
        let perfectType = degree == 0 || degree == 3 || degree == 4
        let major = (degree < 3 ? 2 * degree : 2 * degree - 1) + 12 * octaves   // 0 2 4 5 7 9 11 per octave
        let offset = (descending ? -semitones : semitones) - major
        // Quality letters, an optional minus and the number, written straight into a small (inline) string.
        let letters: Int, letter: UInt8
        if perfectType {
            (letters, letter) = offset == 0 ? (1, 0x50) : offset > 0 ? (offset, 0x41) : (-offset, 0x64)   // P A d
        } else {
            switch offset {
            case 0: (letters, letter) = (1, 0x4D)                                                          // M
            case -1: (letters, letter) = (1, 0x6D)                                                         // m
            case let o where o > 0: (letters, letter) = (o, 0x41)
            default: (letters, letter) = (-offset - 1, 0x64)
            }
        }
        let number = n + 1
        let digits = number < 10 ? 1 : number < 100 ? 2 : 3
        let length = letters + (descending ? 1 : 0) + digits
        guard length <= 15 else {
            return quality.symbol + (direction == .descending ? "-" : "") + String(number)
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var i = 0
            for _ in 0..<letters { buffer[i] = letter; i += 1 }
            if descending { buffer[i] = 0x2D; i += 1 }
            switch digits {
            case 1: buffer[i] = UInt8(0x30 + number)
            case 2: buffer[i] = UInt8(0x30 + number / 10); buffer[i + 1] = UInt8(0x30 + number % 10)
            default:
                buffer[i] = UInt8(0x30 + number / 100)
                buffer[i + 1] = UInt8(0x30 + number / 10 % 10)
                buffer[i + 2] = UInt8(0x30 + number % 10)
            }
            return length
        }
    }

    /// The simple name: the name of ``simple`` (`d14` → `d7`).
    public var simpleName: String { simple.name }

    /// The long name: "major third", "doubly augmented seventh", "descending minor tenth".
    public var longName: String {
        let base = quality.longName + " " + Self.ordinal(number)
        return direction == .descending ? "descending " + base : base
    }

    /// The label relative to the major scale: `3`, `b3`, `#11`, `bb7` (direction ignored).
    public var degreeLabel: String {
        let n = abs(steps)
        let alteration = size - Self.majorSemitones(steps: n)
        return AccidentalStyle.ascii.text(for: alteration) + String(n + 1)
    }

    /// The canonical short form, which parses back: ``directedName``.
    public var description: String { directedName }
}
