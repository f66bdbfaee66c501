/// A tiny SVG writer: shapes and text appended as markup, coordinates in pixels (no Foundation).
package struct SVGCanvas {
    package private(set) var body = ""

    package init() {}

    /// Colours shared by every diagram: black ink, a highlighted root, light inlays.
    package enum Colour {
        package static let ink = "#1a1a1a"
        package static let root = "#c0392b"
        package static let inlay = "#d9d9d9"
        package static let muted = "#555555"
        package static let paper = "#ffffff"
    }

    package mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, width: Double = 1,
                               colour: String = Colour.ink, cap: String = "butt") {
        body += "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(colour)\" stroke-width=\"\(n(width))\" stroke-linecap=\"\(cap)\"/>\n"
    }

    package mutating func circle(_ cx: Double, _ cy: Double, r: Double, fill: String, stroke: String? = nil, strokeWidth: Double = 1.5) {
        let s = stroke.map { " stroke=\"\($0)\" stroke-width=\"\(n(strokeWidth))\"" } ?? ""
        body += "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"\(fill)\"\(s)/>\n"
    }

    package mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, rx: Double = 0, fill: String,
                               stroke: String? = nil, strokeWidth: Double = 1.5) {
        let s = stroke.map { " stroke=\"\($0)\" stroke-width=\"\(n(strokeWidth))\"" } ?? ""
        body += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" rx=\"\(n(rx))\" fill=\"\(fill)\"\(s)/>\n"
    }

    /// Text centred on (x, y) unless `anchor` says otherwise; `y` is the visual middle of the text.
    package mutating func text(_ s: String, _ x: Double, _ y: Double, size: Double, colour: String = Colour.ink,
                               bold: Bool = false, anchor: String = "middle") {
        let weight = bold ? " font-weight=\"bold\"" : ""
        body += "<text x=\"\(n(x))\" y=\"\(n(y + size * 0.35))\" font-size=\"\(n(size))\" text-anchor=\"\(anchor)\" fill=\"\(colour)\"\(weight)>\(Self.escape(s))</text>\n"
    }

    /// Appends another canvas shifted by (dx, dy).
    package mutating func group(_ other: SVGCanvas, dx: Double, dy: Double) {
        body += "<g transform=\"translate(\(n(dx)),\(n(dy)))\">\n" + other.body + "</g>\n"
    }

    /// The complete document with a white background.
    package func document(width: Double, height: Double) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"Helvetica, Arial, sans-serif\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"\(Colour.paper)\"/>\n" + body + "</svg>\n"
    }

    /// Escapes the characters XML reserves.
    package static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    /// A coordinate with at most one decimal.
    private func n(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded())
        if tenths % 10 == 0 { return String(tenths / 10) }
        let sign = tenths < 0 ? "-" : ""
        return sign + String(abs(tenths) / 10) + "." + String(abs(tenths) % 10)
    }
}
