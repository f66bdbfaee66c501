/// One system of a page: a y-range `top…bottom` in PDF points with optional staves and bars.
///
/// `staves` and `bars` are nil when unknown; JSON omits them then. Detected systems span from
/// the top line of their first staff to the bottom line of their last staff; hand-declared
/// systems may be any range.
public struct SystemLayout: Codable, Hashable, Sendable {
    /// The y coordinate of the system's top edge.
    public var top: Double
    /// The y coordinate of the system's bottom edge.
    public var bottom: Double
    /// The staves from top to bottom, or nil when unknown.
    public var staves: [StaffLayout]?
    /// The bars from left to right, or nil when unknown.
    public var bars: [BarLayout]?

    /// Creates a system.
    public init(top: Double, bottom: Double, staves: [StaffLayout]? = nil, bars: [BarLayout]? = nil) {
        self.top = top
        self.bottom = bottom
        self.staves = staves
        self.bars = bars
    }

    /// The system's height (`bottom - top`).
    public var height: Double { bottom - top }

    /// True when `top <= y <= bottom`.
    public func contains(y: Double) -> Bool { top <= y && y <= bottom }

    /// The vertical distance from `y` to the system's range (0 inside).
    public func distance(toY y: Double) -> Double {
        if y < top { return top - y }
        if y > bottom { return y - bottom }
        return 0
    }

    /// The bars, or an empty array when unknown.
    public var knownBars: [BarLayout] { bars ?? [] }

    /// The horizontal extent from the first bar's left to the last bar's right, nil without bars.
    public var barExtent: ClosedRange<Double>? {
        guard let first = bars?.first, let last = bars?.last, first.left <= last.right else { return nil }
        return first.left...last.right
    }

    /// The index of the bar whose x-range contains `x`; at a shared barline the later bar wins.
    public func bar(containing x: Double) -> Int? {
        knownBars.lastIndex { $0.contains(x: x) }
    }

    /// The index of the bar containing `x`, else of the nearest bar (ties go to the earlier bar).
    ///
    /// Nil only when the system has no bars or `x` is not a number.
    public func nearestBar(to x: Double) -> Int? {
        if let inside = bar(containing: x) { return inside }
        var best: (index: Int, distance: Double)?
        for (i, bar) in knownBars.enumerated() {
            let d = bar.distance(toX: x)
            if best == nil || d < best!.distance { best = (i, d) }
        }
        return best?.index
    }

}
