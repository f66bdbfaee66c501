/// The size of a page in PDF points (1/72 inch), after the page's `/Rotate`.
public struct PageSize: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
