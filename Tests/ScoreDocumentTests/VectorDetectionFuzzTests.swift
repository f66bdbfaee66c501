import Foundation
import ScoreLayout
import Testing
import TheoryCore
@testable import ScoreDocument

/// The vector reading never crashes or hangs: on random and damaged drawing scripts, random drawings, and
/// degenerate PDFs (text only, a 20 000-point page, random lines), it gives a result or a named error.
@Suite("Vector detection never crashes")
struct VectorDetectionFuzzTests {
    static let chorale = DetectionTruthTests.scores.appendingPathComponent("chorale.pdf").path

    /// The script cairo writes for page 2 of the bundled chorale.
    static func choraleScript() throws -> [UInt8] {
        let document = try ScoreDocument(path: chorale)
        return try document.forEachPage([2], dpi: 72, workers: 1) { handle, page, size throws(ScoreDocumentError) in
            try PageDrawing.script(handle: handle, index: page - 1, size: size)
        }[0]
    }

    @Test("random bytes, and the chorale's script cut short, shuffled and corrupted", arguments: 0..<40)
    func damagedScripts(seed: Int) throws {
        var g = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 5)
        let real = try Self.choraleScript()
        var bytes: [UInt8]
        switch seed % 4 {
        case 0: bytes = (0..<Int(g.next() % 5000)).map { _ in UInt8(g.next() % 256) }
        case 1: bytes = Array(real.prefix(Int(g.next() % UInt64(real.count))))
        case 2:
            bytes = real
            for _ in 0..<200 { bytes[Int(g.next() % UInt64(bytes.count))] = UInt8(g.next() % 256) }
        default:
            // Operators without operands, unbalanced brackets and strings, absurd numbers.
            let words = ["n", "m", "l", "c", "h", "rectangle", "stroke", "fill+", "[", "]", "<<", ">>", "{", "<~", "(",
                         "1e308", "-1e308", "0", "set-matrix", "scale", "save", "restore", "show-glyphs", "set", "get",
                         "def", "exch", "dup", "pop", "font", "set-font-face", "/glyphs", "set-scaled-font", "identity"]
            bytes = Array((0..<2000).map { _ in words[Int(g.next() % UInt64(words.count))] }.joined(separator: " ").utf8)
        }
        let drawing = CairoScriptReader.read(bytes, width: 595, height: 842)
        let page = VectorLayoutDetector.detect(drawing, page: 1)
        #expect(page.systems.allSatisfy { $0.top <= $0.bottom && $0.left <= $0.right })
    }

    @Test("random drawings: staff-like lines, strokes and boxes of any size, thickness and place", arguments: 0..<60)
    func randomDrawings(seed: Int) {
        var g = SplitMix64(seed: UInt64(seed) &+ 1_000)
        func value(_ range: Double) -> Double { Double(g.next() % 1_000_000) / 1_000_000 * range }
        var drawing = PageDrawing(width: 10 + value(2000), height: 10 + value(3000))
        let space = 1 + value(12)
        for _ in 0..<Int(g.next() % 12) {  // staves, some broken, some uneven
            let top = value(drawing.height), left = value(drawing.width / 2), right = left + value(drawing.width)
            for k in 0..<5 {
                let y = top + Double(k) * space * (1 + (value(0.3) - 0.15) * Double(g.next() % 2))
                drawing.segments.append(.init(x0: left, y0: y, x1: right, y1: y, thickness: value(2)))
            }
        }
        for _ in 0..<Int(g.next() % 200) {
            let x = value(drawing.width), y = value(drawing.height)
            drawing.segments.append(.init(x0: x, y0: y, x1: x + value(4) - 2, y1: y + value(drawing.height / 2), thickness: value(3)))
        }
        for _ in 0..<Int(g.next() % 200) {
            let x = value(drawing.width), y = value(drawing.height)
            drawing.boxes.append(.init(minX: x, minY: y, maxX: x + value(20), maxY: y + value(20), exact: g.next() % 2 == 0))
        }
        let page = VectorLayoutDetector.detect(drawing, page: 1)
        #expect(page.systems.allSatisfy { $0.top <= $0.bottom && $0.barlines.allSatisfy(\.isFinite) })
        #expect((0...1).contains(page.confidence))
    }

    @Test("a text-only page is empty; random lines and a staff on the largest page cairo writes are read")
    func degeneratePDFs() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vector-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = directory.appendingPathComponent("text.pdf").path
        try BlankPDF.write(pages: [(0..<40).map { Overlay(.text("A line of prose, number \($0)", at: PagePoint(x: 50, y: 60 + Double($0) * 18), size: 11)) }],
                           to: text)
        let textPage = try ScoreDocument(path: text).detectLayout()[0]
        #expect(textPage.status == .empty && textPage.systems.isEmpty)

        var g = SplitMix64(seed: 77)
        let huge = directory.appendingPathComponent("huge.pdf").path
        var overlays = (0..<5).map { k in
            Overlay(.line(from: PagePoint(x: 1000, y: 5000 + Double(k) * 8), to: PagePoint(x: 13_000, y: 5000 + Double(k) * 8)))
        }
        overlays += (0..<300).map { _ in
            Overlay(.line(from: PagePoint(x: Double(g.next() % 14_000), y: Double(g.next() % 14_000)),
                          to: PagePoint(x: Double(g.next() % 14_000), y: Double(g.next() % 14_000))))
        }
        try BlankPDF.write(pages: [overlays], size: PageSize(width: 14_400, height: 14_400), to: huge)
        let hugePage = try ScoreDocument(path: huge).detectLayout()[0]
        #expect(hugePage.status == .ok, "the staff among the random lines is read: \(hugePage.method), \(hugePage.declined)")
    }

    @Test("a 20 000-point page (larger than cairo renders at 150 dpi) is read, not refused")
    func posterPage() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("poster-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var content = "0 0 0 RG 0.8 w\n"
        for k in 0..<5 { content += "1000 \(15_000 - k * 8) m 19000 \(15_000 - k * 8) l S\n" }
        for x in [1000, 7000, 13_000, 19_000] { content += "\(x) 15000 m \(x) 14968 l S\n" }
        try Self.minimalPDF(width: 20_000, height: 20_000, content: content).write(to: URL(fileURLWithPath: path))
        let page = try ScoreDocument(path: path).detectLayout()[0]
        #expect(page.reading == .vector)
        #expect(page.systems.count == 1)
        #expect(page.systems.first?.barlines.count == 3)
    }

    /// A one-page PDF with the given content stream, its cross-reference table computed.
    static func minimalPDF(width: Int, height: Int, content: String) -> Data {
        TestPDF.document([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R /Resources << >> >>",
            TestPDF.stream("", content),
        ])
    }
}
