import ScoreLayout

/// A change of take at a barline between two consecutive planned bars.
public struct PlanSplice: Hashable, Sendable {
    /// The index in playing order of the bar after the barline (the first bar of the new take).
    public var index: Int
    /// The time through that bar in the playing order (1-based).
    public var pass: Int
    /// The printed number of the bar after the barline.
    public var bar: BarNumber
    /// The take before the barline, and its label.
    public var fromTake: Int, fromLabel: String
    /// The take after the barline, and its label.
    public var toTake: Int, toLabel: String
    /// The barline: the left edge of the bar after it, at the vertical middle of its system.
    public var at: ScorePosition
    /// True when either take has an edit-point mark within half a bar of the barline.
    public var atEditPoint: Bool
    /// What the splice cost in the objective, in thousandths.
    public var costMillis: Int

    /// Creates a splice.
    public init(
        pass: Int = 1, index: Int, bar: BarNumber, fromTake: Int, fromLabel: String, toTake: Int, toLabel: String,
        at: ScorePosition, atEditPoint: Bool, costMillis: Int
    ) {
        self.index = index
        self.pass = pass
        self.bar = bar
        self.fromTake = fromTake
        self.fromLabel = fromLabel
        self.toTake = toTake
        self.toLabel = toLabel
        self.at = at
        self.atEditPoint = atEditPoint
        self.costMillis = costMillis
    }
}
