import ScoreLayout

/// An edit plan: which take to use for every bar, where the splices fall, and what is still missing.
///
/// Made by `CoverageIndex.plan(_:)` (or `Session.editPlan(_:)`). `segments`, `splices` and
/// `uncovered` are in score order; a segment is a run of consecutive bars taken from one take,
/// a splice joins two segments at a barline, and an uncovered run is a run of bars no take may be
/// used for (the plan restarts after it without a splice). `totalMillis` is the objective the plan
/// maximises, Σ quality − splice costs, in thousandths.
public struct EditPlan: Hashable, Sendable {
    /// The segments in score order.
    public var segments: [PlanSegment]
    /// The splices in score order (one between every two consecutive segments that touch).
    public var splices: [PlanSplice]
    /// The runs of bars no take may be used for, in score order.
    public var uncovered: [UncoveredRun]
    /// Σ quality over the planned bars − the cost of every splice, in thousandths.
    public var totalMillis: Int
    /// The global bar indices planned (both ends included).
    public var bars: ClosedRange<Int>
    /// The printed numbers of the first and last planned bar.
    public var firstBar: BarNumber, lastBar: BarNumber
    /// Systems without bars lying between the first and last planned bar: they are not segments of
    /// their own (a splice between the bars either side of one falls somewhere inside it).
    public var unbarredSystems: [SystemReference]
    /// The options the plan was made with.
    public var options: PlanOptions
    /// True when a piece has a playing order: bars are then named with their pass (`5/2`) where it is not the first.
    public var ordered = false

    /// Creates a plan (the planner makes them; this is for tests and exports).
    public init(
        segments: [PlanSegment], splices: [PlanSplice], uncovered: [UncoveredRun], totalMillis: Int,
        bars: ClosedRange<Int>, firstBar: BarNumber, lastBar: BarNumber, unbarredSystems: [SystemReference] = [],
        options: PlanOptions
    ) {
        self.segments = segments
        self.splices = splices
        self.uncovered = uncovered
        self.totalMillis = totalMillis
        self.bars = bars
        self.firstBar = firstBar
        self.lastBar = lastBar
        self.unbarredSystems = unbarredSystems
        self.options = options
    }

    /// The objective as a decimal number (`totalMillis` / 1000).
    public var total: Double { Double(totalMillis) / 1_000 }

    /// The take chosen for every planned bar in score order; nil for an uncovered bar.
    public var takePerBar: [Int?] {
        var result = [Int?](repeating: nil, count: bars.count)
        for segment in segments {
            for index in segment.bars { result[index - bars.lowerBound] = segment.take }
        }
        return result
    }
}

/// A system of the layout, by page number and 0-based index on the page.
public struct SystemReference: Hashable, Sendable {
    /// The page number.
    public var page: Int
    /// The 0-based index of the system on its page.
    public var system: Int

    /// Creates a reference.
    public init(page: Int, system: Int) {
        self.page = page
        self.system = system
    }
}
