/// The size of a page in PDF points (1/72 inch), after the page's `/Rotate`.
public struct PageSize: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size in pixels at a resolution (rounded up, at least 1).
    public func pixels(dpi: Double) -> (width: Int, height: Int) {
        (max(1, Int((width * dpi / 72).rounded(.up))), max(1, Int((height * dpi / 72).rounded(.up))))
    }
}
