import Testing
@testable import ScoreDocument

/// A stroke from a staff's top line to its bottom line is a barline only when it is no stem (issue 30): no beam
/// joins it and it is as thick as the system's other barlines. Drawings built by hand: one staff, space 5 pt,
/// lines at y 100…120 from x 50 to 550, barlines 0.8 pt thick at 200 and 350 and the closing one at 550.
@Suite("Vector barlines: stems reaching across the staff are no barlines")
struct VectorStemTests {
    /// One extra thing drawn on the staff, and the barlines expected.
    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var segments: [PageDrawing.Segment] = []
        var boxes: [PageDrawing.Box] = []
        var barlines: [Double]
    }

    static func stroke(_ x: Double, _ top: Double = 100, _ bottom: Double = 120, thickness: Double = 0.8) -> PageDrawing.Segment {
        .init(x0: x, y0: top, x1: x, y1: bottom, thickness: thickness)
    }

    static let cases = [
        Case(description: "a stroke like the barlines, alone, is one", segments: [stroke(300)], barlines: [200, 300, 350, 550]),
        Case(description: "a stem whose end lies in a horizontal beam (a thick line) is not",
             segments: [stroke(260), .init(x0: 260, y0: 119, x1: 290, y1: 119, thickness: 2.5), stroke(290, 104, 120)],
             barlines: [200, 350, 550]),
        Case(description: "a stem ending in a slanted beam (a straight-sided fill) is not",
             segments: [stroke(260)], boxes: [.init(minX: 259.6, minY: 98, maxX: 290, maxY: 103, slanted: true)],
             barlines: [200, 350, 550]),
        Case(description: "a glyph or curve of a beam's size at the end is no beam (a bar number, a slur)",
             segments: [stroke(300)], boxes: [.init(minX: 296, minY: 94, maxX: 310, maxY: 100.5)],
             barlines: [200, 300, 350, 550]),
        Case(description: "a thin line at the staff's top (a volta's line) is no beam",
             segments: [stroke(300), .init(x0: 280, y0: 100, x1: 330, y1: 100, thickness: 0.5)],
             barlines: [200, 300, 350, 550]),
        Case(description: "a single stroke much thinner than the closing barline is a stem",
             segments: [stroke(420, thickness: 0.5)], barlines: [200, 350, 550]),
        Case(description: "a thinner stroke is kept when no closing barline sets the width",
             segments: [stroke(420, thickness: 0.5)], barlines: [200, 350, 420]),
    ]

    @Test("stems and barlines", arguments: cases)
    func classify(_ c: Case) {
        var drawing = PageDrawing(width: 600, height: 300)
        drawing.segments = (0..<5).map { k in .init(x0: 50, y0: 100 + 5 * Double(k), x1: 550, y1: 100 + 5 * Double(k), thickness: 0.4) }
        let closing = !c.description.contains("no closing barline")
        drawing.segments += [Self.stroke(50), Self.stroke(200), Self.stroke(350)] + (closing ? [Self.stroke(550)] : [])
        drawing.segments += c.segments
        drawing.boxes += c.boxes
        let page = VectorLayoutDetector.detect(drawing, page: 1)
        #expect(page.systems.count == 1)
        #expect(page.systems.first?.barlines.map { ($0 * 10).rounded() / 10 } == c.barlines)
    }
}
