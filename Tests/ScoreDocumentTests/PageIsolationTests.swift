import Foundation
import ScoreLayout
import Testing
@testable import ScoreDocument

/// Each page is read on its own: a page whose readings fail or give a layout the layout rules refuse (two
/// overlapping systems, built by hand) falls back to the next reading or is reported unreadable with its
/// reason, and the other pages keep their layouts.
@Suite("A page that cannot be read costs no other page its layout")
struct PageIsolationTests {
    /// A staff of five lines 4 pt apart from `left` to `right` with its top line at `top` (PDF y upward), and
    /// barlines at `bars`.
    static func staff(top: Double, left: Double, right: Double, bars: [Double] = []) -> String {
        var s = (0..<5).map { "\(left) \(top - Double($0) * 4) m \(right) \(top - Double($0) * 4) l S" }.joined(separator: " ")
        for x in bars { s += " \(x) \(top) m \(x) \(top - 16) l S" }
        return s
    }

    /// A readable page: three staves with barlines.
    static let good = "0 0 0 RG 1 w " + [700.0, 500, 300].map { staff(top: $0, left: 50, right: 550, bars: [50, 200, 350, 550]) }.joined(separator: " ")

    /// Two staves side by side, the right one 6 pt lower: they share no barline and do not overlap across, so
    /// each is its own system, and the second system's top lies above the first's bottom.
    static let overlapping = "0 0 0 RG 1 w " + staff(top: 700, left: 50, right: 280, bars: [50, 165, 280])
        + " " + staff(top: 694, left: 320, right: 550, bars: [320, 435, 550])

    /// Three A4 pages with the given content streams.
    static func document(_ contents: [String]) -> Data {
        let n = contents.count
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>",
                       "<< /Type /Pages /Kids [\((0..<n).map { "\(3 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(n) >>"]
        for (k, content) in contents.enumerated() {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents \(4 + 2 * k) 0 R /Resources << >> >>")
            objects.append(TestPDF.stream("", content))
        }
        return TestPDF.document(objects)
    }

    @Test("The hand-built page gives two overlapping systems from its drawing, which the layout rules refuse")
    func overlapIsInvalid() throws {
        let document = try ScoreDocument(data: Self.document([Self.overlapping]))
        let drawing = try ContentDrawingReader.read(try #require(document.structure), page: 0)
        let read = VectorLayoutDetector.detect(drawing, page: 1)
        #expect(read.systems.count == 2)
        #expect(throws: LayoutError.self) { try ScoreLayout(validating: [read.pageLayout]) }
    }

    @Test("A page whose drawing reading is invalid falls back, and the pages around it keep their layouts")
    func overlapFallsBack() throws {
        let document = try ScoreDocument(data: Self.document([Self.good, Self.overlapping, Self.good]))
        let pages = try document.detectLayout()
        #expect(pages.count == 3)
        for k in [0, 2] {
            #expect(pages[k].status == .ok && pages[k].systems.count == 3 && pages[k].method == "content", "page \(k + 1): \(pages[k])")
            #expect(pages[k].declined.map(\.reason) == ["not-a-scan"], "page \(k + 1): \(pages[k].declined)")
        }
        let middle = pages[1]
        #expect(middle.declined.contains { $0.reading == "content" && $0.reason == "invalid-layout" }, "\(middle.declined)")
        #expect(middle.method != "content")
        if middle.status == .unreadable { #expect(middle.unreadableReason != nil) }
        // The whole layout is valid: the invalid reading never reaches it.
        let layout = try ScoreLayout(detected: pages)
        #expect(layout.pages.count == 3 && layout.pages[0].systems.count == 3 && layout.pages[2].systems.count == 3)
    }

    @Test("A page refused by the checks is unreadable with its reason; the other pages are read")
    func refusedPage() throws {
        let bomb = "q 200 0 0 200 0 0 cm BI /W 100000 /H 100000 /CS /G /BPC 8 ID \u{7f} EI Q"
        let pages = try ScoreDocument(data: Self.document([Self.good, bomb, Self.good])).detectLayout()
        #expect(pages[0].systems.count == 3 && pages[2].systems.count == 3)
        #expect(pages[1].status == .unreadable && pages[1].method == "none")
        #expect(pages[1].declined.first { $0.reading == "checks" }?.reason == "image-too-large", "\(pages[1].declined)")
        #expect(pages[1].unreadableReason?.hasPrefix("image-too-large: ") == true)
        _ = try ScoreLayout(detected: pages)
    }

    @Test("The detection report says which reading was used and why the others declined")
    func report() throws {
        let pages = try ScoreDocument(data: Self.document([Self.good, Self.overlapping])).detectLayout()
        guard case .object(let top) = DetectedPage.report(pages, dpi: 150),
              case .array(let list)? = top.first(where: { $0.0 == "pages" })?.1,
              case .object(let first)? = list.first else { Issue.record("no pages"); return }
        let keys = first.map(\.0)
        for key in ["page", "status", "reading", "dpi", "confidence", "skewDegrees", "systems", "doubtful", "doubtfulSystems",
                    "method", "declined", "unreadableReason"] {
            #expect(keys.contains(key), "\(key)")
        }
        #expect(first.first { $0.0 == "method" }?.1 == .string("content"))
    }
}
