extension PageDrawing {
    /// Adds a glyph whose outline is not known: a box the size of a notehead of a music font (an em is four staff
    /// spaces), from the origin 0.3 em along the baseline and 0.125 em either side of it. `place` maps a point of
    /// glyph space (em, y downward, as cairo's font matrix) to the page.
    mutating func addNominalGlyph(place: ((Double, Double)) -> (x: Double, y: Double)) {
        boxes.append(Box(around: [(0.0, -0.125), (0.3, -0.125), (0.0, 0.125), (0.3, 0.125)].map(place), exact: false))
    }

    /// True when a glyph transform is one whose boxes ``addGlyphBox(_:origin:glyphTransform:)`` places as cairo
    /// does: upright, unmirrored and at least a point per em.
    static func isUpright(_ m: Affine) -> Bool {
        abs(m.yx) <= 1e-9 * m.xx && abs(m.xy) <= 1e-9 * m.yy && m.xx >= 1 && m.yy >= 1
    }

    /// Adds a glyph's box from its control box in em (y upward), as cairo's script reports it for a font drawn
    /// upright on a vector surface: FreeType's box at the size rounded to 1/64 point, in 1/64 points, widened to
    /// whole points (cairo's metric hinting).
    mutating func addGlyphBox(_ box: FreeTypeFont.GlyphBox, origin: (x: Double, y: Double), glyphTransform m: Affine) {
        let sx = (m.xx * 64 + 0.5).rounded(.down) / 64, sy = (m.yy * 64 + 0.5).rounded(.down) / 64
        func floorPixel(_ v: Double) -> Double { ((v * 64).rounded() / 64).rounded(.down) }
        func ceilPixel(_ v: Double) -> Double { ((v * 64).rounded() / 64).rounded(.up) }
        let x1 = floorPixel(box.minX * sx), x2 = ceilPixel(box.maxX * sx)
        let y1 = floorPixel(-box.maxY * sy), y2 = ceilPixel(-box.minY * sy)
        guard x2 > x1 || y2 > y1 else { return }
        boxes.append(.init(minX: origin.x + x1, minY: origin.y + y1, maxX: origin.x + x2, maxY: origin.y + y2))
    }
}

extension PageDrawing.Box {
    /// The bounding box of `points` (at least one).
    init(around points: [(x: Double, y: Double)], exact: Bool = true) {
        let xs = points.map(\.x), ys = points.map(\.y)
        self.init(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!, exact: exact)
    }
}
