import ScoreLayout

/// Overlays collected for one block of a worksheet page, in points from the block's top-left corner.
package struct WorksheetCanvas: Sendable {
    /// Ink, grey for secondary text, light grey for rules and inlays.
    package enum Ink {
        package static let text = OverlayColor(red: 0.1, green: 0.1, blue: 0.1)
        package static let muted = OverlayColor(red: 0.38, green: 0.38, blue: 0.38)
        package static let rule = OverlayColor(red: 0.6, green: 0.6, blue: 0.6)
        package static let light = OverlayColor(red: 0.84, green: 0.84, blue: 0.84)
    }

    package private(set) var overlays: [Overlay] = []

    package init() {}

    /// Text with its baseline at `y`, starting at, centred on, or ending at `x`.
    package mutating func text(_ s: String, x: Double, y: Double, size: Double, bold: Bool = false,
                               colour: OverlayColor = Ink.text, alignment: OverlayTextStyle.Alignment = .left) {
        guard !s.isEmpty else { return }
        overlays.append(Overlay(.text(s, at: PagePoint(x: x, y: y), size: size), stroke: colour,
                                textStyle: OverlayTextStyle(weight: bold ? .bold : .regular, alignment: alignment)))
    }

    package mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, width: Double = 0.6,
                               colour: OverlayColor = Ink.text) {
        overlays.append(Overlay(.line(from: PagePoint(x: x1, y: y1), to: PagePoint(x: x2, y: y2)), stroke: colour, lineWidth: width))
    }

    package mutating func rectangle(x: Double, y: Double, width: Double, height: Double, stroke: OverlayColor? = Ink.text,
                                    fill: OverlayColor? = nil, lineWidth: Double = 0.8) {
        overlays.append(Overlay(.rectangle(origin: PagePoint(x: x, y: y), width: width, height: height),
                                stroke: stroke, fill: fill, lineWidth: lineWidth))
    }

    package mutating func circle(x: Double, y: Double, radius: Double, stroke: OverlayColor? = Ink.text,
                                 fill: OverlayColor? = nil, lineWidth: Double = 1) {
        overlays.append(Overlay(.circle(center: PagePoint(x: x, y: y), radius: radius), stroke: stroke, fill: fill,
                                lineWidth: lineWidth))
    }

    /// Adds another canvas's overlays moved by (dx, dy).
    package mutating func append(_ other: WorksheetCanvas, dx: Double, dy: Double) {
        overlays += other.overlays.map { $0.moved(dx: dx, dy: dy) }
    }
}
