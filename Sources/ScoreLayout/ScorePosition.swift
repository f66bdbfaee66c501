/// A point on a page of the score in PDF points (origin top-left, y downward, pages from 1),
/// and which time through it the playing order is there.
///
/// JSON: `{"page":1,"x":80.0,"y":120.0}`, with `"pass":2` on the second time through a repeat
/// (absent is the first time; an explicit `"pass":1` is kept as written).
public struct ScorePosition: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The page number (from 1).
    public var page: Int
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (growing downward).
    public var y: Double
    /// The time through this point in the playing order (1-based); nil is the first time.
    public var pass: Int?

    /// Creates a position.
    public init(page: Int, x: Double, y: Double, pass: Int? = nil) {
        self.page = page
        self.x = x
        self.y = y
        self.pass = pass
    }

    /// The pass through this point, 1 when none is given.
    public var passNumber: Int { pass ?? 1 }

    /// The same point on another pass (1 is written as no pass).
    public func onPass(_ pass: Int) -> ScorePosition {
        ScorePosition(page: page, x: x, y: y, pass: pass == 1 ? nil : pass)
    }

    /// `p1 (80, 120)`, `p1 (80, 120) pass 2`.
    public var description: String {
        "p\(page) (\(LayoutError.format(x)), \(LayoutError.format(y)))" + (pass.map { " pass \($0)" } ?? "")
    }

}
