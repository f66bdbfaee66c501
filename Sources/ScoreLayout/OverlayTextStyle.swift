/// How a text overlay is set: its weight and where its anchor point sits (the font is DejaVu Sans).
public struct OverlayTextStyle: Hashable, Sendable {
    /// The weight of the font.
    public enum Weight: String, Hashable, Sendable {
        case regular, bold
    }

    /// Where the anchor point sits on the baseline.
    public enum Alignment: String, Hashable, Sendable {
        /// The text starts at the point.
        case left
        /// The text is centred on the point.
        case center
        /// The text ends at the point.
        case right
    }

    /// Regular or bold.
    public var weight: Weight
    /// Whether the text starts at, is centred on, or ends at its point.
    public var alignment: Alignment

    /// A style; the defaults are how score labels are drawn (bold, from the point).
    public init(weight: Weight = .bold, alignment: Alignment = .left) {
        self.weight = weight
        self.alignment = alignment
    }

    /// Bold, starting at the point: how score labels have always been drawn.
    public static let label = OverlayTextStyle()
    /// Regular weight, starting at the point: running text.
    public static let body = OverlayTextStyle(weight: .regular)
}
