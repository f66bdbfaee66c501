import Foundation
import Testing
@testable import ScoreDocument

/// Dashed strokes cost cairo one piece per dash, and round joins and caps a pen whose vertices grow with the line's
/// width, whatever the coordinates: the limits check counts both (``StrokeTally``) and refuses a page over
/// ``PDFFile/maximumDashes`` or ``PDFFile/maximumPenVertices`` before poppler draws it.
@Suite("Dashed and wide strokes within the limits")
struct StrokeLimitsTests {
    /// What ``StrokeTally`` counts in page content `content`, fed as the limits check feeds it.
    static func tally(_ content: String) throws -> StrokeTally {
        var tally = StrokeTally(page: true)
        var operands: [ContentLexer.Operand] = []
        try Array(content.utf8).withUnsafeBytes { bytes in
            var lexer = ContentLexer(bytes, tolerant: true)
            while let token = try lexer.next() {
                switch token {
                case .operand(let operand): operands.append(operand)
                case .op(let op):
                    tally.take(op, operands, scale: 1)
                    operands.removeAll()
                }
            }
        }
        return tally
    }

    @Test("Dashes counted by hand", arguments: [
        ("[2] 0 d 0 0 m 100 0 l S", 50.0),                     // one length: 1 piece per 2 points (an upper bound)
        ("[3 1] 0 d 0 0 10 10 re S", 20.0),                    // 40 points, two lengths over a period of 4
        ("[3 1] 0 d 0 0 m 30 40 l 30 0 l h S", 60.0),          // 50 + 40 + 30 closing back
        ("[2] 0 d 0 0 m 0 10 10 10 10 0 c S", 15.0),           // the control polygon: 30 points
        ("[2] 0 d 0 0 m 100 0 l f", 0.0),                      // filled, not stroked
        ("[2] 0 d 0 0 m 100 0 l n 0 0 m 10 0 l S", 5.0),       // `n` ends the first path unpainted
        ("q [2] 0 d Q 0 0 m 100 0 l S", 0.0),                  // Q restores the solid line
        ("[2] 0 d [] 0 d 0 0 m 100 0 l S", 0.0),               // an empty pattern is solid
        ("[0 0] 0 d 0 0 m 100 0 l S", 0.0),                    // all zero: cairo refuses it and draws nothing
        ("[2] 0 d 0 0 m 100 0 l S 0 0 m 100 0 l s", 150.0),  // `s` closes the path: 100 + 100 more
        ("[1] 0 d /F 100 Tf 1 Tr BT (ab) Tj ET", 3200.0),      // stroked text: 16 em per glyph
        ("[1] 0 d /F 100 Tf 0 Tr BT (ab) Tj ET", 0.0),         // filled text
    ])
    func counted(_ content: String, _ expected: Double) throws {
        #expect(try Self.tally(content).dashes == expected)
    }

    @Test("Cairo's pen: 22 vertices for a line 1 point wide at 300 dpi, about 20 000 for one of 10⁶ points")
    func pen() {
        #expect(StrokeTally.penVertices(width: 1) == 22)   // 2π / acos(1 - 0.1 / 2.083) = 20.2, up to an even 22
        #expect(StrokeTally.penVertices(width: 1_000_000) == 20280)
        #expect(StrokeTally.penVertices(width: 0.01) == 1)
    }

    @Test("Round joins and caps counted by hand, half a pen each", arguments: [
        ("0 0 m 100 0 l 100 100 l S", 0.0),                   // PDF's initial state: square ends
        ("1 J 0 0 m 100 0 l 100 100 l S", 44.0),                // two segments' joins and two caps, 11 each
        ("1 j 2 w 0 0 10 10 re S", 90.0),                       // four joins and two caps, 15 each (a pen of 30)
        ("1 J 0 0 m 100 0 l f", 0.0),                          // filled
        ("q 1 J Q 0 0 m 100 0 l S", 0.0),
        ("[50] 0 d 1 J 0 0 m 100 0 l S", 77.0),                 // 3, and two caps for each of the 2 dashes: 7 × 11
    ])
    func roundPens(_ content: String, _ expected: Double) throws {
        #expect(try Self.tally(content).vertices == expected)
    }

    /// Eighty lines 900 000 points long, each cut into three million dashes: within every coordinate limit,
    /// six seconds of cairo's stroker before the check (more lines, minutes).
    static let zigzag = (1...40).map { "900000 \($0) l 0 \($0).5 l" }.joined(separator: " ")

    /// Twenty thousand round joins of a line 10⁶ points wide: 13 s and 1.6 GB of cairo's stroker before the check.
    static let wideZigzag = (1...10_000).map { "10 \($0) l 0 \($0).5 l" }.joined(separator: " ")

    static let refused: [(String, page: String, content: String, extra: [String], reason: String)] = [
        ("an operator", "", "[0.3] 0 d 1 w 0 0 m \(zigzag) S", [], "too-many-dashes"),
        ("a graphics state", "/ExtGState << /G 5 0 R >>", "/G gs 1 w 0 0 m \(zigzag) S",
         ["<< /Type /ExtGState /D [[0.3] 0] >>"], "too-many-dashes"),
        ("a form's solid lines under the page's pattern", "/XObject << /A 5 0 R >>", "[0.3] 0 d /A Do",
         ["stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200]|1 w 0 0 m \(zigzag) S"], "too-many-dashes"),
        ("stroked text", "", "[0.001] 0 d BT /F1 900000 Tf 1 Tr (abcdefgh) Tj ET", [], "too-many-dashes"),
        ("wide round joins", "", "1000000 w 1 j 0 0 m \(wideZigzag) S", [], "pen-too-wide"),
        ("a graphics state's wide round pen", "/ExtGState << /G 5 0 R >>", "/G gs 0 0 m \(wideZigzag) S",
         ["<< /Type /ExtGState /LW 1000000 /LC 1 >>"], "pen-too-wide"),
        ("a form's joins under the page's wide pen", "/XObject << /A 5 0 R >>", "1000000 w 1 j /A Do",
         ["stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200]|0 0 m \(wideZigzag) S"], "pen-too-wide"),
        ("a form's own wide pen, magnified by the page", "/XObject << /A 5 0 R >>", "10 0 0 10 0 0 cm /A Do",
         ["stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200]|10000 w 1 j 0 J 0 0 m \(wideZigzag) S"], "pen-too-wide"),
    ]

    @Test("A page cut into too many dashes or too wide round pens is refused before poppler draws it", arguments: refused)
    func refusedPage(_ name: String, page: String, content: String, extra: [String], reason: String) throws {
        let start = Date()
        let detected = try HostileInputTests.detect(ImageFreePageTests.pdf(
            page: "/Rotate 90 /Resources << \(page) >>", content: content, extra: extra))
        #expect(detected.status == .unreadable, "\(name)")
        #expect(detected.unreadableReason?.hasPrefix(reason) == true, "\(name): \(detected.unreadableReason ?? "nil")")
        #expect(Date().timeIntervalSince(start) < 5, "\(name)")
    }

    /// The limits check's tally of page 1 of a PDF built from `page`, `content` and `extra` objects.
    static func checked(page: String, content: String, extra: [String]) throws -> StrokeTally {
        let document = try ScoreDocument(data: ImageFreePageTests.pdf(page: page, content: content, extra: extra))
        return try withExtendedLifetime(document) {
            var file = try PDFFile(bytes: UnsafeRawBufferPointer(document.bytes.pointer))
            return try file.checkLimits(page: 0).stroke
        }
    }

    /// A form's path with two joins and two caps (four events), stroked with whatever width it inherits.
    static let inheritingForm = "stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200]|0 0 m 10 1 l 0 2 l S"

    @Test("A form's joins take the caller's pen magnified once by the caller's matrix, the form's and the form's own cm",
          arguments: [
        // (page content, form, the width the pen is drawn at)
        ("10 0 0 10 0 0 cm 10 w 1 j /A Do", inheritingForm, 100.0),
        ("10 w 1 j /A Do", "stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200]|10 0 0 10 0 0 cm 0 0 m 10 1 l 0 2 l S", 100.0),
        ("10 0 0 10 0 0 cm 10 w 1 j /A Do",
         "stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Matrix [3 0 0 3 0 0]|0 0 m 10 1 l 0 2 l S", 300.0),
        ("0.5 0 0 0.5 0 0 cm 10 w 1 j /A Do", inheritingForm, 10.0),   // a shrinking matrix is not trusted to thin it
        ("10 w /A Do", "stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200]|1 J 0 0 m 10 1 l 0 2 l S", 10.0),  // its own round caps
    ])
    func inheritedPen(content: String, form: String, width: Double) throws {
        let tally = try Self.checked(page: "/Resources << /XObject << /A 5 0 R >> >>", content: content, extra: [form])
        #expect(tally.vertices == 4 * StrokeTally.penVertices(width: width) / 2)
    }

    @Test("An annotation's appearance is drawn in the page's initial state, not the one the page's content ended in")
    func annotationState() throws {
        // The page ends magnified 100 times with a round pen 1 000 points wide and strokes nothing itself; the
        // appearance strokes in PDF's initial state (1 point, square ends): no round pen at all.
        let annotation = "<< /Type /Annot /Subtype /Square /Rect [0 0 200 200] /AP << /N 5 0 R >> >>"
        let tally = try Self.checked(page: "/Resources << >> /Annots [6 0 R]", content: "100 0 0 100 0 0 cm 1000 w 1 j 1 J",
                                     extra: [Self.inheritingForm, annotation])
        #expect(tally.vertices == 0)
        // The same appearance with round joins of its own is charged at its own 1-point pen.
        let round = "stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200]|1 j 1 J 0 0 m 10 1 l 0 2 l S"
        let own = try Self.checked(page: "/Resources << >> /Annots [6 0 R]", content: "100 0 0 100 0 0 cm 1000 w",
                                   extra: [round, annotation])
        #expect(own.vertices == 4 * StrokeTally.penVertices(width: 1) / 2)
    }

    @Test("An annotation's box is mapped onto its rectangle as poppler maps it", arguments: [
        // (bbox, matrix, rect, scale, shift, reach)
        ([0.0, 0, 200, 100], [Double](), [0.0, 0, 200, 100], 1.0, 0.0, 200.0),
        ([0.0, 0, 0.00001, 0.00001], [], [0.0, 0, 200, 200], 20_000_000.0, 0.0, 200.0),
        ([0.0, 0, 10, 10], [2.0, 0, 0, 2, 0, 0], [0.0, 0, 200, 100], 10.0, 0.0, 200.0),   // the matrix first: 20 × 20
        ([0.0, 0, 400, 400], [], [0.0, 0, 200, 200], 1.0, 0.0, 200.0),                    // shrunk: not trusted
        ([0.0, 0, 0, 10], [], [0.0, 0, 200, 200], 20.0, 0.0, 200.0),                      // flat in x: x not scaled
        ([0.0, 0, 10, 10], [1.0, 0, 0, 1, -5000, 3], [50.0, 60, 70, 80], 2.0, 5000.0, 80.0),
        ([0.0, 0, 10], [], [0.0, 0, 200, 200], 1.0, 0.0, 200.0),                          // no box: not drawn
    ])
    func annotationPlacement(bbox: [Double], matrix: [Double], rect: [Double], scale: Double, shift: Double, reach: Double) {
        #expect(PDFFile.annotationPlacement(bbox: bbox, matrix: matrix, rect: rect)
                == PDFFile.AnnotationPlacement(scale: scale, shift: shift, reach: reach))
    }

    /// A page with one square annotation on `rect` whose appearance has `bbox` and draws `content`.
    static func annotated(rect: String, bbox: String, content: String) -> Data {
        ImageFreePageTests.pdf(page: "/Resources << >> /Annots [6 0 R]", content: "0 0 0 RG 1 w 10 100 m 190 100 l S",
                               extra: ["stream:/Type /XObject /Subtype /Form /BBox [\(bbox)]|\(content)",
                                       "<< /Type /Annot /Subtype /Square /Rect [\(rect)] /AP << /N 5 0 R >> >>"])
    }

    @Test("An appearance whose tiny box is mapped onto a page-sized rectangle is refused for what it draws there")
    func magnifiedAppearance() throws {
        // Ten thousand round joins of a line 0.05 wide in a box 10⁻⁵ wide, mapped onto 200 points (2·10⁷ times):
        // poppler drew the page in 4.7 s and 1.9 GB at 150 dpi. Every number is magnified too.
        let zigzag = (0..<10_000).map { String(format: "0.00001 %.8f l 0 %.8f l", Double($0) * 5e-7, Double($0) * 5e-7 + 2.5e-7) }.joined(separator: " ")
        let tiny = try HostileInputTests.detect(Self.annotated(rect: "0 0 200 200", bbox: "0 0 0.00001 0.00001",
                                                               content: "1 j 1 J 0.05 w 0 0 m \(zigzag) S"))
        #expect(tiny.unreadableReason?.hasPrefix("coordinate-out-of-range") == true, "\(tiny.unreadableReason ?? "nil")")
        // A box 10⁻³ wide (2·10⁵ times): every number stays within the limits, but the pen is 800 000 points wide.
        let wider = (0..<10_000).map { String(format: "0.001 %.6f l 0 %.6f l", Double($0) * 5e-5, Double($0) * 5e-5 + 2.5e-5) }.joined(separator: " ")
        let small = try HostileInputTests.detect(Self.annotated(rect: "0 0 200 200", bbox: "0 0 0.001 0.001",
                                                                content: "1 j 1 J 4 w 0 0 m \(wider) S"))
        #expect(small.unreadableReason?.hasPrefix("pen-too-wide") == true, "\(small.unreadableReason ?? "nil")")
        // Drawn the size it was made (its box the size of its rectangle), the same appearance is cheap and passes.
        let tally = try Self.checked(page: "/Resources << >> /Annots [6 0 R]", content: "1 w 10 100 m 190 100 l S",
                                     extra: ["stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200]|1 j 1 J 0.05 w 0 0 m 10 1 l 0 2 l S",
                                             "<< /Type /Annot /Subtype /Square /Rect [0 0 200 200] /AP << /N 5 0 R >> >>"])
        #expect(tally.vertices == 4 * StrokeTally.penVertices(width: 0.05) / 2)
        let plain = Self.annotated(rect: "0 0 200 200", bbox: "0 0 200 200", content: "1 j 1 J 0.05 w 0 0 m 10 1 l 0 2 l S")
        #expect(try HostileInputTests.detect(plain).status != .unreadable)
    }

    @Test("Dashed lines of a real page pass: a form's own pattern, a pattern restored, an ordinary dash")
    func ordinaryDashesPass() throws {
        let staff = (0..<5).map { "10 \(80 + 4 * $0) m 190 \(80 + 4 * $0) l S" }.joined(separator: " ")
        let content = "0 0 0 RG 1 w 1 J 1 j \(staff) q [3 2] 0 d 10 60 m 190 60 l S Q /A Do \(staff)"
        let data = ImageFreePageTests.pdf(
            page: "/Resources << /XObject << /A 5 0 R >> >>", content: content,
            extra: ["stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200]|[1 1] 0 d 10 40 m 190 40 l S"])
        let document = try ScoreDocument(data: data)
        let cost = try withExtendedLifetime(document) {
            var file = try PDFFile(bytes: UnsafeRawBufferPointer(document.bytes.pointer))
            return try file.checkLimits(page: 0)
        }
        let expected: Double = 72 + 180   // 180 points at 2 lengths over 5, and 180 at 2 over 2 in the form
        #expect(cost.stroke.dashes == expected)
        #expect(cost.stroke.vertices > 0 && cost.stroke.vertices < 10_000)
    }

    @Test("LilyPond's dashed text spanners, ottava and pedal brackets pass the check and are read")
    func lilypondDashes() throws {
        // Fixtures/lilypond-dashed.ly, engraved by LilyPond 2.24: it draws its dashed lines with `[ on off ] 0 d`.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/lilypond-dashed.pdf")
        let document = try ScoreDocument(data: Data(contentsOf: url))
        let cost = try withExtendedLifetime(document) {
            var file = try PDFFile(bytes: UnsafeRawBufferPointer(document.bytes.pointer))
            return try file.checkLimits(page: 0)
        }
        #expect(cost.stroke.dashes > 0 && cost.stroke.dashes < 1_000)
        #expect(cost.stroke.vertices < PDFFile.maximumPenVertices / 100)
        let page = try #require(try document.detectLayout().first)
        #expect(page.status != .unreadable && page.systems.count == 1, "\(page.status) \(page.systems.count)")
    }
}
