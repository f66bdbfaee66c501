extension Interval: CustomStringConvertible {
    /// The undirected short name: `M3`, `d14`, `AA7`, `P1`.
    public var name: String { quality.symbol + String(number) }

    /// The short name with a minus for descending intervals: `M-3`, `d14`, `A-1`.
    public var directedName: String {
        quality.symbol + (direction == .descending ? "-" : "") + String(number)
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
