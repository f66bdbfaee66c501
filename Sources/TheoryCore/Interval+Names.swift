extension Interval: CustomStringConvertible {
    /// The undirected short name: `M3`, `d14`, `AA7`, `P1`.
    public var name: String { quality.symbol + String(number) }

    /// The short name with a minus for descending intervals: `M-3`, `d14`, `A-1`.
    public var directedName: String {
        let n = abs(steps)
        if n < NameTable.maxSteps {
            let descending = steps < 0 || (steps == 0 && semitones < 0)
            let offset = (descending ? -semitones : semitones) - NameTable.majorSemitones[n] + NameTable.offsetRadius
            if offset >= 0 && offset <= 2 * NameTable.offsetRadius {
                return NameTable.names[NameTable.index(steps: n, offset: offset, descending: descending)]
            }
        }
        return quality.symbol + (direction == .descending ? "-" : "") + String(number)
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

/// Precomputed directed names of the intervals up to three octaves and four augmentations or diminutions.
/// Names are short enough to be stored inline, so returning one allocates nothing.
private enum NameTable {
    static let maxSteps = 22
    static let offsetRadius = 5
    static let majorSemitones: [Int] = (0..<maxSteps).map { Interval.majorSemitones(steps: $0) }

    static func index(steps: Int, offset: Int, descending: Bool) -> Int {
        ((steps * (2 * offsetRadius + 1)) + offset) * 2 + (descending ? 1 : 0)
    }

    static let names: [String] = {
        var table = [String](repeating: "", count: maxSteps * (2 * offsetRadius + 1) * 2)
        for n in 0..<maxSteps {
            for offset in 0...(2 * offsetRadius) {
                let quality = IntervalQuality(offset: offset - offsetRadius, perfectType: Interval.isPerfectType(n % 7))
                let name = quality.symbol + String(n + 1)
                table[index(steps: n, offset: offset, descending: false)] = name
                table[index(steps: n, offset: offset, descending: true)] = quality.symbol + "-" + String(n + 1)
            }
        }
        return table
    }()
}
