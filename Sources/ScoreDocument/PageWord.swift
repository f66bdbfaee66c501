/// A word of a page's text, as poppler extracts it (or as OCR reads it from a scan's pixels): its characters and the
/// box they cover, in PDF points (origin top-left, y downward).
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
    /// Nil for a word of the PDF's own text; for a word OCR read from a scan's pixels (``ScannedNumberReader``),
    /// how sure it was, 0–1.
    public var ocrConfidence: Double?

    /// Creates a word.
    public init(text: String, left: Double, top: Double, right: Double, bottom: Double, ocrConfidence: Double? = nil) {
        self.text = text
        self.ocrConfidence = ocrConfidence
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
