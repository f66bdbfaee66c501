/// Detects systems, staves and barlines from a page's own drawing (born-digital PDFs), in exact PDF points.
///
/// Staff lines are long horizontal strokes or thin filled rectangles in fives; staves join into a system when a
/// start line, bracket or brace at their left edge, or barlines running through the gap, connect them; barlines
/// are vertical strokes that cover a staff from its top line to its bottom line and end on the outer lines of
/// staves, found per staff and kept where most staves of the system have them.
enum VectorLayoutDetector {
    /// A vertical stroke of the drawing.
    struct Stroke {
        var x: Double
        var top: Double
        var bottom: Double
        var thickness: Double
    }

    static func detect(_ drawing: PageDrawing, page: Int) -> DetectedPage {
        let lines = VectorStaff.lines(from: drawing)
        let staves = VectorStaff.staves(from: lines)
        let strokes = drawing.segments.filter { $0.isVertical && $0.thickness <= 6 }.map {
            Stroke(x: ($0.x0 + $0.x1) / 2, top: $0.minY, bottom: $0.maxY, thickness: $0.thickness)
        }
        let groups = systems(staves, strokes: strokes, boxes: drawing.boxes)
        let beams = VectorBarlines.beamShapes(in: drawing)
        var systems: [DetectedPage.System] = []
        for group in groups {
            let left = group.map(\.left).min()!, right = group.map(\.right).max()!
            let bars = VectorBarlines.find(in: group, strokes: strokes, boxes: drawing.boxes, beams: beams)
            let space = group.map(\.space).reduce(0, +) / Double(group.count)
            var system = DetectedPage.System(top: group.first!.top, bottom: group.last!.bottom, left: left, right: right,
                                             staves: group.map { $0.top...$0.bottom }, barlines: bars)
            system.confidence = DetectedPage.reported(DetectedPage.systemQuality(
                regularity: group.map(\.regularity).min()!, lastBarline: bars.last, barlines: bars.count, right: right, space: space))
            systems.append(system)
        }
        // Long lines in fives that belong to no staff would make the page less certain; stray single lines
        // (volta brackets, underlines, hairpins) are common and do not.
        let (status, confidence) = DetectedPage.judged(qualities: systems.map(\.confidence), longLines: lines.count)
        var result = DetectedPage(page: page, status: status, confidence: DetectedPage.reported(confidence),
                                  skewDegrees: 0, systems: systems)
        result.reading = .vector
        return result
    }

    /// Consecutive staves that are connected form a system.
    static func systems(_ staves: [VectorStaff], strokes: [Stroke], boxes: [PageDrawing.Box]) -> [[VectorStaff]] {
        let tops = staves.map(\.top), bottoms = staves.map(\.bottom)
        return staves.runs { joined($0, $1, strokes: strokes, boxes: boxes, tops: tops, bottoms: bottoms) }
    }

    /// True when `b` continues the system made of `group`: ink at the left edge (start line, bracket, brace)
    /// covers the gap between the group's last staff and `b`, or at least two strokes inside both staves cross it.
    /// A crossing stroke counts only when it starts on the top line of a staff and ends on the bottom line of one
    /// (`tops`, `bottoms`: every staff of the page), as barlines do: the edge of a frame or of a converter's
    /// "missing glyph" box running down the page joins nothing.
    static func joined(_ group: [VectorStaff], _ b: VectorStaff, strokes: [Stroke], boxes: [PageDrawing.Box],
                       tops: [Double], bottoms: [Double]) -> Bool {
        let a = group.last!
        guard min(a.right, b.right) - max(a.left, b.left) > 0.5 * min(a.right - a.left, b.right - b.left) else { return false }
        let space = (a.space + b.space) / 2
        let from = a.bottom, to = b.top
        guard to > from else { return true }
        let left = min(group.map(\.left).min()!, b.left)
        let tolerance = 0.3 * space
        // Connectors at the left edge: strokes and narrow tall boxes (brace and bracket glyphs, filled braces).
        var pieces: [(Double, Double)] = strokes.filter { $0.x >= left - 4 * space && $0.x <= left + space }.map { ($0.top, $0.bottom) }
        pieces += boxes.filter { $0.maxX >= left - 4 * space && $0.minX <= left + space && $0.width <= 3 * space && $0.height >= space }
            .map { ($0.minY, $0.maxY) }
        if covered(from: from, to: to, by: pieces, tolerance: tolerance) >= 0.9 { return true }
        // Barlines through the gap, inside both staves.
        let inner = max(a.left, b.left) + space, outer = min(a.right, b.right) + space
        let ends = 0.5 * space
        let crossing = strokes.filter { s in
            s.x > inner && s.x <= outer && s.top <= from + tolerance && s.bottom >= to - tolerance
                && tops.contains { abs($0 - s.top) <= ends } && bottoms.contains { abs($0 - s.bottom) <= ends }
        }
        var distinct: [Double] = []
        for s in crossing.sorted(by: { $0.x < $1.x }) where distinct.last.map({ s.x - $0 > space }) ?? true { distinct.append(s.x) }
        return distinct.count >= 2 || (distinct.count == 1 && outer - inner < 30 * space)
    }

    /// The fraction of `from...to` covered by the union of the intervals.
    static func covered(from: Double, to: Double, by pieces: [(Double, Double)], tolerance: Double) -> Double {
        let clipped = pieces.compactMap { p -> (Double, Double)? in
            let lo = max(from, p.0 - tolerance), hi = min(to, p.1 + tolerance)
            return hi > lo ? (lo, hi) : nil
        }.sorted { $0.0 < $1.0 }
        var total = 0.0, reach = from
        for (lo, hi) in clipped where hi > reach {
            total += hi - max(lo, reach)
            reach = hi
        }
        return total / (to - from)
    }
}
