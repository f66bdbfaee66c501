/// A bar number the engraver printed, tied to the bar it numbers (by its global index in score order).
public struct PrintedBarNumber: Hashable, Sendable, Codable {
    /// The global index of the bar the number stands over (see `ScoreLayout.allBars()`).
    public var globalIndex: Int
    /// The number as printed.
    public var number: BarNumber
    /// True when it stands at the head of a system (where most engravers print them); false for a number over a
    /// barline inside a system (numbers printed every bar or every few bars).
    public var atSystemStart: Bool

    /// Creates a printed number.
    public init(globalIndex: Int, number: BarNumber, atSystemStart: Bool) {
        self.globalIndex = globalIndex
        self.number = number
        self.atSystemStart = atSystemStart
    }
}
