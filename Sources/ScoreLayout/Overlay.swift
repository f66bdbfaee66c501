/// A point on a page in PDF points (origin top-left, y downward).
public struct PagePoint: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A colour with opacity, components in 0…1.
public struct OverlayColor: Hashable, Sendable, Codable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// The same colour with another opacity.
    public func opacity(_ alpha: Double) -> OverlayColor { OverlayColor(red: red, green: green, blue: blue, alpha: alpha) }

    public static let red = OverlayColor(red: 0.85, green: 0.1, blue: 0.1)
    public static let green = OverlayColor(red: 0.1, green: 0.6, blue: 0.2)
    public static let blue = OverlayColor(red: 0.1, green: 0.3, blue: 0.85)
    public static let orange = OverlayColor(red: 0.95, green: 0.55, blue: 0.05)
    public static let black = OverlayColor(red: 0, green: 0, blue: 0)
    public static let white = OverlayColor(red: 1, green: 1, blue: 1)
}

/// Something drawn on a page: a rectangle, a line, a bracket, a circle or a text label, in PDF points.
public struct Overlay: Hashable, Sendable {
    /// The shape and where it goes.
    public enum Shape: Hashable, Sendable {
        /// A rectangle with its top-left corner at `origin`.
        case rectangle(origin: PagePoint, width: Double, height: Double)
        /// A straight line.
        case line(from: PagePoint, to: PagePoint)
        /// A vertical bracket from `top` to `bottom` at `x` with short horizontal hooks pointing
        /// right (an opening bracket `[`, a take start) or left (a closing bracket `]`, a take end).
        case bracket(x: Double, top: Double, bottom: Double, opensRight: Bool, hook: Double)
        /// A text label whose baseline starts at `at` (or is centred on or ends at it: see ``Overlay/textStyle``).
        case text(String, at: PagePoint, size: Double)
        /// A circle, filled and outlined like a rectangle.
        case circle(center: PagePoint, radius: Double)
    }

    public var shape: Shape
    /// The outline (or text) colour; nil draws no outline.
    public var stroke: OverlayColor?
    /// The fill colour (rectangles, and a box behind text); nil fills nothing.
    public var fill: OverlayColor?
    /// Line width in points.
    public var lineWidth: Double
    /// Dash lengths in points, empty for a solid line.
    public var dash: [Double]
    /// The weight and alignment of a text label (bold, from its start, unless set).
    public var textStyle: OverlayTextStyle

    public init(_ shape: Shape, stroke: OverlayColor? = .red, fill: OverlayColor? = nil, lineWidth: Double = 1,
                dash: [Double] = [], textStyle: OverlayTextStyle = .label) {
        self.shape = shape
        self.stroke = stroke
        self.fill = fill
        self.lineWidth = lineWidth
        self.dash = dash
        self.textStyle = textStyle
    }
}
