/// One bar of a system: an x-range `left…right` in PDF points and its printed number.
public struct BarLayout: Codable, Hashable, Sendable {
    /// The printed bar number (assigned by `ScoreLayout.renumbered(_:)` or by hand).
    public var number: BarNumber
    /// The x coordinate of the bar's left barline.
    public var left: Double
    /// The x coordinate of the bar's right barline.
    public var right: Double

    /// Creates a bar.
    public init(number: BarNumber, left: Double, right: Double) {
        self.number = number
        self.left = left
        self.right = right
    }

    /// The bar's width (`right - left`).
    public var width: Double { right - left }

    /// True when `left <= x <= right`.
    public func contains(x: Double) -> Bool { left <= x && x <= right }

    /// The horizontal distance from `x` to the bar's range (0 inside).
    public func distance(toX x: Double) -> Double {
        if x < left { return left - x }
        if x > right { return x - right }
        return 0
    }

    /// Where `x` lies inside the bar: 0 at the left barline, 1 at the right, clamped to 0…1.
    public func fraction(atX x: Double) -> Double {
        guard right > left else { return 0 }
        return min(1, max(0, (x - left) / (right - left)))
    }

}
