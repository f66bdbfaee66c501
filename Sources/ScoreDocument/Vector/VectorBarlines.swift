/// Finds a system's barlines among the vertical strokes of a page's drawing.
enum VectorBarlines {
    typealias Stroke = VectorLayoutDetector.Stroke

    /// A column of strokes at one x, and the staves it covers.
    private struct Column {
        var x: Double
        var thickness: Double
        var staves: Set<Int>
        /// Strokes at this x that bridge exactly the gap between two staves of the system (stems never do).
        var bridges = 0
        var left: Double { x - thickness / 2 }
        var right: Double { x + thickness / 2 }
    }

    /// Barline centres from left to right, the system's final line included, its start line not.
    ///
    /// A stroke is a barline of a staff when it covers the staff from its top line to its bottom line and both
    /// of its ends lie on outer lines of the system's staves (a barline runs from a staff's top line to the
    /// same or a lower staff's bottom line; stems end at their notes). It is not a stem: no notehead at either
    /// end and no beam joining it (``joinsBeam``). Strokes at one x are joined across the staves and kept when
    /// more than half of the staves have them; kept strokes closer than 1.2 spaces form one barline (double,
    /// final and repeat barlines count once). A single stroke clearly thinner than the thin line of the
    /// system's closing barline is a stem reaching across the staff, not a barline. A heavy-light (start
    /// repeat) barline right after the clef and key at the head of the system is not a bar boundary.
    /// `beams`: the page's ``beamShapes(in:)``.
    static func find(in system: [VectorStaff], strokes: [Stroke], boxes: [PageDrawing.Box],
                     beams: [PageDrawing.Box] = []) -> [Double] {
        let space = system.map(\.space).reduce(0, +) / Double(system.count)
        let left = system.map(\.left).min()!, right = system.map(\.right).max()!
        let top = system.first!.top - space, bottom = system.last!.bottom + space
        let tolerance = 0.3 * space
        let beams = beams.filter { beam in
            beam.maxY >= top && beam.minY <= bottom && beam.height >= 0.3 * space && beam.width >= space
                && beam.height <= (beam.slanted ? 4 : 1.2) * space
        }
        var columns: [Column] = []
        for stroke in strokes where stroke.x >= left - 0.5 && stroke.x <= right + 1 && stroke.thickness <= 0.8 * space
            && stroke.bottom >= top && stroke.top <= bottom {
            // Both ends on outer staff lines: usually a top and a bottom line; a stroke drawn through the gap
            // between two staves may end on the next staff's top line (MuseScore draws a grand staff's barline
            // as top line to next top line, then that staff's own part).
            let startsOnLine = system.contains { abs(stroke.top - $0.top) <= tolerance || abs(stroke.top - $0.bottom) <= tolerance }
            let endsOnLine = system.contains { abs(stroke.bottom - $0.bottom) <= tolerance || abs(stroke.bottom - $0.top) <= tolerance }
            guard startsOnLine, endsOnLine else { continue }
            let covered = Set(system.indices.filter { stroke.top <= system[$0].top + tolerance && stroke.bottom >= system[$0].bottom - tolerance })
            let bridge = covered.isEmpty && zip(system, system.dropFirst()).contains {
                abs(stroke.top - $0.0.bottom) <= tolerance && abs(stroke.bottom - $0.1.top) <= tolerance
            }
            guard bridge || (!covered.isEmpty && !hasNotehead(stroke, boxes: boxes, space: space)
                             && !joinsBeam(stroke, beams: beams, space: space)) else { continue }
            if let n = columns.firstIndex(where: { abs($0.x - stroke.x) <= 0.6 }) {
                columns[n].staves.formUnion(covered)
                columns[n].bridges += bridge ? 1 : 0
                columns[n].thickness = max(columns[n].thickness, stroke.thickness)
            } else {
                columns.append(Column(x: stroke.x, thickness: stroke.thickness, staves: covered, bridges: bridge ? 1 : 0))
            }
        }
        let needed = system.count / 2 + 1
        // A barline broken at a note that touches it in one staff still shows in the others and in the gaps.
        let kept = columns.filter { $0.staves.count >= needed || ($0.bridges > 0 && $0.staves.count + $0.bridges >= needed) }
            .sorted { $0.x < $1.x }
        // Join strokes of one barline.
        var barlines: [[Column]] = []
        for column in kept {
            if let last = barlines.last?.last, column.left - last.right <= 1.2 * space { barlines[barlines.count - 1].append(column) } else { barlines.append([column]) }
        }
        // The start line (where the staff lines begin) is no barline.
        barlines.removeAll { $0.last!.right <= left + space }
        // The closing barline at the staff's right end sets the thickness of a thin barline of this system.
        if let closing = barlines.last, right - closing.last!.right <= space {
            let thin = closing.map(\.thickness).min()!
            barlines.removeAll { $0.count == 1 && $0[0].thickness < 0.8 * thin }
        }
        // A start repeat (thick then thin) just after the system's clef and key; one after an upbeat's note ends
        // the upbeat's bar.
        if let first = barlines.first, first.count >= 2, first[0].thickness >= 1.5 * first[1].thickness,
           first[0].x - left <= 16 * space, !hasNoteheads(in: left...first[0].left, system: system, boxes: boxes, space: space) {
            barlines.removeFirst()
        }
        return barlines.map { ($0.first!.left + $0.last!.right) / 2 }
    }

    /// True when a notehead (an exact outline one to two spaces tall, at least as wide, as drawn or with its curves'
    /// control points) lies between the
    /// system's staff lines (or on ledger lines near them) within `range`: the head of a system holds clef, key and
    /// time signature, whose shapes are taller.
    private static func hasNoteheads(in range: ClosedRange<Double>, system: [VectorStaff], boxes: [PageDrawing.Box], space: Double) -> Bool {
        let top = system.first!.top - 3 * space, bottom = system.last!.bottom + 3 * space
        return boxes.contains { box in
            box.exact && box.minX > range.lowerBound + space && box.maxX < range.upperBound
                && box.height >= 0.7 * space && box.height <= 1.9 * space && box.width >= 0.9 * space && box.width <= 2.2 * space
                && box.width >= 0.9 * box.height
                && box.minY >= top && box.maxY <= bottom
        }
    }

    /// The shapes that may be beams: thick horizontal lines and filled rectangles (a horizontal beam) and
    /// straight-sided slanted fills, in page coordinates; ``find`` keeps those of a beam's size for the system.
    static func beamShapes(in drawing: PageDrawing) -> [PageDrawing.Box] {
        drawing.segments.filter { $0.isHorizontal && $0.thickness <= 8 }.map {
            let y = ($0.y0 + $0.y1) / 2
            return PageDrawing.Box(minX: $0.minX, minY: y - $0.thickness / 2, maxX: $0.maxX, maxY: y + $0.thickness / 2)
        } + drawing.boxes.filter(\.slanted)
    }

    /// True when a beam holds one end of the stroke: it is a stem. Barlines end on staff lines, where no beam
    /// meets them; a stem of beamed notes ends in its beam (the far end of a group's last stem at the beam's end).
    private static func joinsBeam(_ stroke: Stroke, beams: [PageDrawing.Box], space: Double) -> Bool {
        let reach = stroke.thickness / 2 + 0.1 * space
        return beams.contains { beam in
            guard beam.minX <= stroke.x + reach, beam.maxX >= stroke.x - reach,
                  max(beam.maxX - stroke.x, stroke.x - beam.minX) >= 0.5 * space else { return false }
            return [stroke.top, stroke.bottom].contains { $0 >= beam.minY - 0.2 * space && $0 <= beam.maxY + 0.2 * space }
        }
    }

    /// True when a notehead-sized shape touches one end of the stroke: it is a stem. A true outline must
    /// touch the stroke (a note can stand a point after a barline); a stand-in box may be a little off.
    private static func hasNotehead(_ stroke: Stroke, boxes: [PageDrawing.Box], space: Double) -> Bool {
        boxes.contains { box in
            let reach = stroke.thickness / 2 + (box.exact ? 0.15 : 0.15 * space)
            guard box.height >= 0.5 * space, box.height <= 1.6 * space, box.width >= 0.8 * space, box.width <= 2.5 * space,
                  box.minX <= stroke.x + reach, box.maxX >= stroke.x - reach else { return false }
            // A notehead lies beside its stem, never across it (ties, slurs and volta numbers cross barlines):
            // to the right of a stem going down from it, to the left of a stem going up.
            if box.minX < stroke.x - 0.3 * space && box.maxX > stroke.x + 0.3 * space { return false }
            let nearTop = box.minY <= stroke.top + 0.3 * space && box.maxY >= stroke.top - 0.3 * space
                && box.maxX > stroke.x + 0.3 * space
            let nearBottom = box.minY <= stroke.bottom + 0.3 * space && box.maxY >= stroke.bottom - 0.3 * space
                && box.minX < stroke.x - 0.3 * space
            return nearTop || nearBottom
        }
    }
}
