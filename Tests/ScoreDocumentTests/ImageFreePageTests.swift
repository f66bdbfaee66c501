import Foundation
import Testing
@testable import ScoreDocument

/// `PDFFile.drawsNoImage(page:)`: a born-digital page is read from its drawing without asking poppler where its
/// images lie, but only when it certainly draws none. Every "no image" answer is checked against poppler's own
/// image map of the same page.
@Suite("Pages that certainly draw no image")
struct ImageFreePageTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    /// A one-page PDF: object 3 is the page (with `page` added to its dictionary), object 4 its content stream,
    /// `extra` are objects 5, 6, … (a stream is written `stream:<dictionary>|<data>`).
    static func pdf(page: String, content: String, extra: [String] = []) -> Data {
        func object(_ text: String) -> String {
            guard text.hasPrefix("stream:") else { return text }
            let parts = text.dropFirst(7).split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return TestPDF.stream(parts[0], parts.count > 1 ? parts[1] : "")
        }
        return TestPDF.document([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R \(page) >>",
            TestPDF.stream("", content),
        ] + extra.map(object))
    }

    static let lines = "0 0 0 RG 1 w 10 100 m 190 100 l S"
    static let image = "stream:/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8|\u{7f}"

    /// Tonmeister's answer for page 1 of `data`, and whether poppler's image map of the page is empty.
    static func answers(_ data: Data) throws -> (ours: Bool, popplerSeesNone: Bool) {
        let document = try ScoreDocument(data: data)
        var file = try PDFFile(bytes: UnsafeRawBufferPointer(document.bytes.pointer))
        let ours = try file.drawsNoImage(page: 0)
        let coverage = try PageDrawing.imageCoverage(handle: document.handle, index: 0, size: document.pageSizes[0])
        return (ours, coverage == 0)
    }

    static let cases: [(String, page: String, content: String, extra: [String], drawsNoImage: Bool)] = [
        ("plain lines", "/Resources << >>", lines, [], true),
        ("an image XObject", "/Resources << /XObject << /Im0 5 0 R >> >>", "q 100 0 0 100 50 50 cm /Im0 Do Q", [image], false),
        ("an unused image XObject", "/Resources << /XObject << /Im0 5 0 R >> >>", lines, [image], false),
        ("an inline image", "/Resources << >>", "q 100 0 0 100 50 50 cm BI /W 1 /H 1 /CS /G /BPC 8 ID \u{7f} EI Q", [], false),
        ("a name starting with BI", "/Resources << /ExtGState << /BIG 5 0 R >> >>", "/BIG gs " + lines, ["<< /LW 2 >>"], true),
        ("BI inside a string (a cautious no)", "/Resources << >>", "BT (BI) Tj ET " + lines, [], false),
        ("a form of lines", "/Resources << /XObject << /Fm0 5 0 R >> >>", "/Fm0 Do",
         ["stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200]|" + lines], true),
        ("a form drawing an image", "/Resources << /XObject << /Fm0 5 0 R >> >>", "/Fm0 Do",
         ["stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /XObject << /Im0 6 0 R >> >>|100 0 0 100 0 0 cm /Im0 Do",
          image], false),
        ("a form with an inline image", "/Resources << /XObject << /Fm0 5 0 R >> >>", "/Fm0 Do",
         ["stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200]|100 0 0 100 0 0 cm BI /W 1 /H 1 /CS /G /BPC 8 ID \u{7f} EI"], false),
        ("a form that names itself", "/Resources << /XObject << /Fm0 5 0 R >> >>", "/Fm0 Do",
         ["stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /XObject << /Fm0 5 0 R >> >>|" + lines], true),
        ("a tiling pattern drawing an image", "/Resources << /Pattern << /P0 5 0 R >> >>", "/Pattern cs /P0 scn 0 0 200 200 re f",
         ["stream:/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << /XObject << /Im0 6 0 R >> >>|10 0 0 10 0 0 cm /Im0 Do",
          image], false),
        ("a shading pattern", "/Resources << /Pattern << /P0 5 0 R >> >>", "/Pattern cs /P0 scn 0 0 200 200 re f",
         ["<< /PatternType 2 /Shading << /ShadingType 2 /ColorSpace /DeviceGray /Coords [0 0 200 0] /Function << /FunctionType 2 /Domain [0 1] /N 1 /C0 [0] /C1 [1] >> >> >>"],
         true),
        ("a Type 3 font", "/Resources << /Font << /F0 5 0 R >> >>", "BT /F0 12 Tf 10 10 Td (a) Tj ET",
         ["<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1 1] /FontMatrix [1 0 0 1 0 0] /CharProcs << /a 6 0 R >> /Encoding << /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1] >>",
          "stream:|1 0 0 0 0 0 d0 0 0 1 1 re f"], false),
        ("a soft mask", "/Resources << /ExtGState << /G0 5 0 R >> >>", "/G0 gs " + lines,
         ["<< /SMask << /S /Luminosity /G 6 0 R >> >>", "stream:/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Group << /S /Transparency >>|" + lines], false),
        ("a link without appearance", "/Resources << >> /Annots [5 0 R]", lines,
         ["<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /Border [0 0 0] /A << /S /URI /URI (https://example.org) >> >>"], true),
        ("an annotation showing an image", "/Resources << >> /Annots [5 0 R]", lines,
         ["<< /Type /Annot /Subtype /Stamp /Rect [0 0 100 100] /AP << /N 6 0 R >> >>",
          "stream:/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /Im0 7 0 R >> >>|100 0 0 100 0 0 cm /Im0 Do",
          image], false),
    ]

    /// Cases that draw an image poppler's image map shows (so the fixture is sound). Its map leaves out images in
    /// tiling patterns and annotation appearances, which Tonmeister still answers cautiously.
    static let drawingAnImage: Set = ["an image XObject", "an inline image", "a form drawing an image", "a form with an inline image"]

    @Test("Only pages without any image answer no image, and poppler agrees", arguments: cases)
    func table(_ name: String, page: String, content: String, extra: [String], drawsNoImage: Bool) throws {
        let (ours, popplerSeesNone) = try Self.answers(Self.pdf(page: page, content: content, extra: extra))
        #expect(ours == drawsNoImage, "\(name)")
        if ours { #expect(popplerSeesNone, "\(name): poppler finds an image") }
        if Self.drawingAnImage.contains(name) { #expect(!popplerSeesNone, "\(name): poppler finds no image") }
    }

    @Test("Every engraved corpus page draws no image; every scanned one may")
    func corpus() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { !$0.hasSuffix(".md") }
        var pages = 0
        for folder in folders {
            let directory = Self.corpus.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".pdf") {
                let document = try ScoreDocument(path: directory.appendingPathComponent(name).path)
                var file = try PDFFile(bytes: UnsafeRawBufferPointer(document.bytes.pointer))
                for index in 0..<document.pageCount {
                    #expect(try file.drawsNoImage(page: index) == !folder.hasPrefix("scans"), "\(folder)/\(name) page \(index + 1)")
                    pages += 1
                }
            }
        }
        #expect(pages >= 80)
    }
}
