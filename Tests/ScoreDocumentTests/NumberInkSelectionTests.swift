import Testing
@testable import ScoreDocument

/// Which groups of ink above a scanned system the bar-number OCR reads (``NumberInkFinder/mayBeNumber(_:)``): a group
/// none of whose pieces is wider than tall; noteheads, slurs and dynamics are left unread.
@Suite("Groups of ink the bar-number OCR reads")
struct NumberInkSelectionTests {
    /// A group of pieces of the given widths and heights (pixels), side by side.
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var pieces: [(width: Int, height: Int)]
        var read: Bool
        var description: String { name }
    }

    static let cases = [
        Case(name: "a 1", pieces: [(6, 40)], read: true),
        Case(name: "a 0 (the widest digit, 0.7 of its height)", pieces: [(28, 40)], read: true),
        Case(name: "three digits", pieces: [(20, 40), (28, 40), (26, 40)], read: true),
        Case(name: "two digits touching, as wide as tall", pieces: [(40, 40)], read: true),
        Case(name: "a notehead", pieces: [(36, 28)], read: false),
        Case(name: "a slur", pieces: [(70, 20)], read: false),
        Case(name: "an m beside an f (mf)", pieces: [(40, 30), (20, 40)], read: false),
        Case(name: "a digit beside a notehead", pieces: [(20, 40), (36, 30)], read: false),
    ]

    @Test("a group is read unless one of its pieces is wider than tall", arguments: cases)
    func selection(_ example: Case) {
        var x = 100
        let pieces = example.pieces.map { piece in
            defer { x += piece.width + 4 }
            var group = NumberInkFinder.Group(x0: x, y0: 500, x1: x + piece.width, y1: 500 + piece.height, ink: [])
            group.widestPiece = Double(piece.width) / Double(piece.height)
            return group
        }
        let groups = NumberInkFinder.lines(pieces)
        #expect(groups.count == 1, "the pieces make one group")
        #expect(groups.allSatisfy { NumberInkFinder.mayBeNumber($0) == example.read })
    }

    /// On a page: over a system's head, a digit-like stroke is found and a notehead-like blob beside it is not,
    /// though each is a piece of digit size; both are found when the blob is as tall as wide.
    @Test("the finder leaves out a blob wider than tall above the staff")
    func finderOnAPage() throws {
        func blob(width: Int) -> (inout [UInt8], Int) -> Void {
            { pixels, rowWidth in
                // A stroke 10 × 40 pixels at x 400 and a blob `width` × 30 at x 600, above the staff (y 540–580).
                for y in 540..<580 { for x in 400..<410 { pixels[y * rowWidth + x] = 15 } }
                for y in 545..<575 { for x in 600..<(600 + width) { pixels[y * rowWidth + x] = 15 } }
            }
        }
        for (width, expected) in [(40, [400]), (30, [400, 600])] {
            let (image, layout) = ScannedNumberTests.page(draw: blob(width: width))
            let finder = try #require(NumberInkFinder(image: image))
            let groups = finder.groups(in: layout.systems[0], previousBottom: -.infinity, barlines: true)
            #expect(groups.map(\.x0) == expected, "a blob \(width) pixels wide")
        }
    }
}
