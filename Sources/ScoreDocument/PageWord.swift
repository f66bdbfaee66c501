/// A word of a page's text, as poppler extracts it: its characters and the box they cover, in PDF points
/// (origin top-left, y downward).
public struct PageWord: Hashable, Sendable {
    /// The characters, without spaces.
    public var text: String
    /// The left edge.
    public var left: Double
    /// The top edge.
    public var top: Double
    /// The right edge.
    public var right: Double
    /// The bottom edge.
    public var bottom: Double

    /// Creates a word.
    public init(text: String, left: Double, top: Double, right: Double, bottom: Double) {
        self.text = text
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    /// The horizontal middle.
    public var midX: Double { (left + right) / 2 }
    /// The height of the box.
    public var height: Double { bottom - top }
}
