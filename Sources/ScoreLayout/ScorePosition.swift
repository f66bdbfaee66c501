/// A point on a page of the score in PDF points (origin top-left, y downward, pages from 1).
///
/// JSON: `{"page":1,"x":80.0,"y":120.0}`.
public struct ScorePosition: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The page number (from 1).
    public var page: Int
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (growing downward).
    public var y: Double

    /// Creates a position.
    public init(page: Int, x: Double, y: Double) {
        self.page = page
        self.x = x
        self.y = y
    }

    /// `p1 (80, 120)`.
    public var description: String {
        "p\(page) (\(LayoutError.format(x)), \(LayoutError.format(y)))"
    }

}
