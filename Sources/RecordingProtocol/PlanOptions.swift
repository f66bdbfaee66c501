/// The knobs of the edit planner: splice penalty, minimum quality, edit-point preference, the bars to plan and takes to leave out.
///
/// The defaults give DESIGN §6's default objective: maximise Σ quality − 0.75 × splices over
/// the whole score with every live take. Money amounts (the penalty and the edit-point bonus)
/// are rounded to thousandths, and the planner compares plans in integer thousandths, so equal
/// plans are recognised exactly and the tie-breaks decide.
public struct PlanOptions: Hashable, Sendable {
    /// The cost of one splice (a change of take between consecutive planned bars); default 0.75.
    public var splicePenalty: Double
    /// The lowest acceptable quality: a take whose quality on a bar is below it is not eligible there; nil accepts any.
    public var minimumRating: Int?
    /// When true, a splice at a barline near an edit-point mark costs `splicePenalty − editPointBonus` (not below 0).
    public var preferEditPoints: Bool
    /// What a splice at an edit point saves when `preferEditPoints` is on; default 0.5.
    public var editPointBonus: Double
    /// The bars to plan as global 0-based bar indices (both ends included); nil plans the whole score.
    public var bars: ClosedRange<Int>?
    /// Take numbers never to use.
    public var excludedTakes: Set<Int>

    /// The default splice penalty of DESIGN §6.
    public static let defaultSplicePenalty = 0.75
    /// The default edit-point bonus.
    public static let defaultEditPointBonus = 0.5
    /// An edit point counts for a barline when it lies within this many bars of it (half a bar either side).
    public static let editPointReach = 0.5
    /// The largest splice penalty or bonus accepted.
    public static let maximumAmount = 1_000.0

    /// Creates options; the defaults are DESIGN §6's default objective.
    public init(
        splicePenalty: Double = PlanOptions.defaultSplicePenalty, minimumRating: Int? = nil,
        preferEditPoints: Bool = false, editPointBonus: Double = PlanOptions.defaultEditPointBonus,
        bars: ClosedRange<Int>? = nil, excludedTakes: Set<Int> = []
    ) {
        self.splicePenalty = splicePenalty
        self.minimumRating = minimumRating
        self.preferEditPoints = preferEditPoints
        self.editPointBonus = editPointBonus
        self.bars = bars
        self.excludedTakes = excludedTakes
    }

    /// The splice penalty in thousandths (rounded half away from zero).
    public var splicePenaltyMillis: Int { Self.millis(splicePenalty) }

    /// The cost in thousandths of a splice at an edit point: the penalty less the bonus (not below 0) when
    /// `preferEditPoints` is on, else the full penalty.
    public var editPointSpliceMillis: Int {
        preferEditPoints ? max(0, splicePenaltyMillis - Self.millis(editPointBonus)) : splicePenaltyMillis
    }

    /// Checks the amounts and the rating against a score of `barCount` bars.
    ///
    /// - Throws: `ProtocolError.invalidPlanOption` naming the option.
    public func validate(barCount: Int) throws(ProtocolError) {
        for (name, value) in [("splice penalty", splicePenalty), ("edit-point bonus", editPointBonus)] {
            guard value.isFinite, value >= 0, value <= Self.maximumAmount else {
                throw .invalidPlanOption(option: name, reason: "must be a number from 0 to \(Int(Self.maximumAmount)), not \(value)")
            }
        }
        if let minimumRating, !(1...5).contains(minimumRating) {
            throw .invalidPlanOption(option: "minimum rating", reason: "must be a rating from 1 to 5, not \(minimumRating)")
        }
        if let bars, bars.lowerBound < 0 || bars.upperBound >= barCount {
            throw .invalidPlanOption(option: "bar range",
                                     reason: "\(bars.lowerBound)…\(bars.upperBound) (0-based) lies outside the \(barCount) bars of the score")
        }
    }

    /// An amount in thousandths, rounded half away from zero.
    static func millis(_ value: Double) -> Int { Int((value * 1_000).rounded()) }
}
