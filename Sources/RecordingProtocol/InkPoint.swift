/// One point of a free-hand stroke (an `.ink` mark), in PDF points from the page's top-left corner.
public struct InkPoint: Hashable, Sendable {
    /// Points from the left edge of the page.
    public var x: Double
    /// Points from the top edge of the page.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The most points a stroke may have.
    public static let maximumCount = 5_000
}
