/// A bar number the engraver printed, tied to the bar it numbers (by its global index in score order).
public struct PrintedBarNumber: Hashable, Sendable, Codable {
    /// The global index of the bar the number stands over (see `ScoreLayout.allBars()`).
    public var globalIndex: Int
    /// The number as printed.
    public var number: BarNumber
    /// True when it stands at the head of a system (where most engravers print them); false for a number over a
    /// barline inside a system (numbers printed every bar or every few bars).
    public var atSystemStart: Bool
    /// Nil for a number read from the PDF's own text; for one OCR read from a scan's pixels, how sure it was, 0–1.
    public var ocrConfidence: Double?

    /// Creates a printed number.
    public init(globalIndex: Int, number: BarNumber, atSystemStart: Bool, ocrConfidence: Double? = nil) {
        self.globalIndex = globalIndex
        self.number = number
        self.atSystemStart = atSystemStart
        self.ocrConfidence = ocrConfidence
    }

    /// Where the number was read: `text` (the PDF's own text) or `ocr` (a scan's pixels).
    public var source: String { ocrConfidence == nil ? "text" : "ocr" }
}
