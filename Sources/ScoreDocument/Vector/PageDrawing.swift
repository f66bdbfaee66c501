/// What a page draws, as straight strokes, thin filled rectangles and the boxes of everything else, in PDF
/// points (origin top-left, y downward) — read from the page's own drawing operations, not from pixels.
struct PageDrawing: Sendable {
    /// A straight line the page draws: a stroked segment or a filled rectangle thin in one direction.
    struct Segment: Sendable, Hashable {
        var x0: Double, y0: Double, x1: Double, y1: Double
        /// Line width (a stroke) or the rectangle's short side (a fill).
        var thickness: Double
        /// How far the visible ends reach past the end points (half the width for round and square caps).
        var capExtension: Double = 0

        var isHorizontal: Bool { abs(y1 - y0) <= max(0.05, 0.002 * abs(x1 - x0)) && abs(x1 - x0) > 0 }
        var isVertical: Bool { abs(x1 - x0) <= max(0.05, 0.002 * abs(y1 - y0)) && abs(y1 - y0) > 0 }
        var minX: Double { min(x0, x1) }
        var maxX: Double { max(x0, x1) }
        var minY: Double { min(y0, y1) }
        var maxY: Double { max(y0, y1) }
    }

    /// The bounding box of a filled shape that is not a thin rectangle, or of a glyph (noteheads, clefs,
    /// braces, brackets' ends, beams, text).
    struct Box: Sendable, Hashable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
        /// False for a glyph whose font gave no metrics: a notehead-sized stand-in, not its true outline.
        var exact = true
        /// A filled shape of straight sides that is not an upright rectangle (a slanted beam); false for glyphs
        /// and curved shapes.
        var slanted = false
        var width: Double { maxX - minX }
        var height: Double { maxY - minY }
    }

    var width: Double
    var height: Double
    var segments: [Segment] = []
    var boxes: [Box] = []
    /// How many drawing operations were read (strokes, fills, glyph runs): 0 for a page with nothing drawn.
    var operations = 0
    /// How many glyphs were drawn.
    var glyphs = 0
}
