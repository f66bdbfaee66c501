/// A position resolved against a layout: its system and, when bars are known, its bar.
///
/// Produced by `ScoreLayout.resolve(_:)`. `systemIndex` is nil when the page has no systems;
/// the bar fields are nil when the system has no bars.
public struct ResolvedPosition: Codable, Hashable, Sendable {
    /// The page number.
    public var page: Int
    /// The 0-based index of the system on the page (containing or nearest), nil without systems.
    public var systemIndex: Int?
    /// The original x coordinate.
    public var x: Double
    /// The original y coordinate.
    public var y: Double
    /// The 0-based index of the bar within its system (containing or nearest).
    public var barIndex: Int?
    /// The bar's number.
    public var bar: BarNumber?
    /// Where x lies inside the bar's x-range: 0 at its left barline, 1 at its right, clamped.
    public var fraction: Double?
    /// The 0-based index of the bar in score order across all pages.
    public var globalBarIndex: Int?

    /// Creates a resolved position.
    public init(
        page: Int, systemIndex: Int?, x: Double, y: Double,
        barIndex: Int? = nil, bar: BarNumber? = nil, fraction: Double? = nil, globalBarIndex: Int? = nil
    ) {
        self.page = page
        self.systemIndex = systemIndex
        self.x = x
        self.y = y
        self.barIndex = barIndex
        self.bar = bar
        self.fraction = fraction
        self.globalBarIndex = globalBarIndex
    }

    /// The position as `ScorePosition` (page, x, y).
    public var position: ScorePosition { ScorePosition(page: page, x: x, y: y) }

    /// Compares two resolved positions in score order: by page, then system index, then x; on
    /// pages without systems by y, then x. Positions in the same system at the same x are `.same`.
    public static func order(_ a: ResolvedPosition, _ b: ResolvedPosition) -> ScoreOrder {
        if a.page != b.page { return a.page < b.page ? .before : .after }
        switch (a.systemIndex, b.systemIndex) {
        case (let sa?, let sb?):
            if sa != sb { return sa < sb ? .before : .after }
        default:
            if a.y != b.y { return a.y < b.y ? .before : .after }
        }
        if a.x != b.x { return a.x < b.x ? .before : .after }
        return .same
    }
}
