import Foundation
import Testing
@testable import ScoreDocument

/// Embedded font programs checked before poppler draws a page (`PDFFile.checkFonts`).
@Suite struct FontLimitsTests {
    static func corpus(_ path: String) throws -> Data {
        try Data(contentsOf: DetectionCorpusTests.corpus.appendingPathComponent(path))
    }

    @Test("A damaged TrueType program is refused before poppler patches it up (the campaign's findings)",
          arguments: ["memory-s1527-10822.pdf", "memory-s1529-4285.pdf"])
    func damagedProgram(_ name: String) throws {
        // The MuseScore font declares 8 216 bytes and 372 (or none) decode: poppler made a TrueType font of them whose
        // glyph masks took 1.2 GB at 150 dpi. In s1529-4285 the content cannot be read and another font's dictionary
        // is damaged: the fonts are checked first, each on its own, in the order of their names.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz/" + name)
        let page = try #require(try ScoreDocument(data: try Data(contentsOf: url)).detectLayout().first)
        #expect(page.unreadableReason?.hasPrefix("font-damaged: the font F7's program is damaged") == true, "\(page.declined)")
    }

    @Test("Real fonts' glyphs stay within a few em, and pass", arguments: ["lilypond/lied.pdf", "musescore/mozart-k545-i.pdf",
                                                                           "verovio/bach-bwv66-6.pdf"])
    func realFonts(_ path: String) throws {
        let data = try Self.corpus(path)
        try data.withUnsafeBytes { bytes in
            var file = try PDFFile(bytes: bytes)
            let resources = try file.resolve(try file.page(0)["Resources"]).dictionary ?? [:]
            try file.checkFonts(resources)
            #expect(!file.glyphExtents.isEmpty || path.hasPrefix("verovio"), "no embedded program measured")
            #expect(file.glyphExtents.values.allSatisfy { $0 < 8 }, "\(file.glyphExtents)")
        }
    }

    @Test("A glyph beyond the limit is refused, naming the font")
    func beyondTheLimit() throws {
        let data = try Self.corpus("lilypond/lied.pdf")
        try data.withUnsafeBytes { bytes in
            var file = try PDFFile(bytes: bytes)
            let resources = try file.resolve(try file.page(0)["Resources"]).dictionary ?? [:]
            #expect { try file.checkFonts(resources, maximumExtent: 0.5) } throws: { error in
                guard let refusal = error as? PDFFile.PageRefusal else { return false }
                return refusal.code == "glyph-too-large" && refusal.reason.contains("beyond the 0.5 a glyph may reach")
            }
        }
    }
}
