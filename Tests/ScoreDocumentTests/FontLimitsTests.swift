import Foundation
import Testing
@testable import ScoreDocument

/// Embedded font programs checked before poppler draws a page (`PDFFile.checkFonts`).
@Suite struct FontLimitsTests {
    static func corpus(_ path: String) throws -> Data {
        try Data(contentsOf: DetectionCorpusTests.corpus.appendingPathComponent(path))
    }

    @Test("A damaged TrueType program is refused before poppler patches it up (the campaign's findings)", arguments: [
        ("memory-s1527-10822.pdf", "font-damaged: the font F7's program is damaged"),
        ("memory-s1529-4285.pdf", "font-damaged: the font F7's program is damaged"),
        ("memory-s1530-4867.pdf", "font-damaged: the font F7 cannot be read, and the font program in object 20 is damaged"),
        ("memory-s1530-67838.pdf", "font-damaged: the page's resources cannot be read, and the font program in object 20 is damaged"),
        ("memory-s1533-37318.pdf", "font-damaged: the font F7 cannot be read, and the font program in object 20 is damaged"),
    ])
    func damagedProgram(_ name: String, _ reason: String) throws {
        // The MuseScore font declares 8 216 bytes and 372 (or none) decode: poppler made a TrueType font of them whose
        // glyph masks took 1.2 GB at 150 dpi. In s1529-4285 the content cannot be read and another font's dictionary
        // is damaged: the fonts are checked first, each on its own, in the order of their names. In s1530-4867 the
        // descendant font's `/W` array runs into other bytes (poppler still finds its descriptor), and in s1530-67838
        // the page's resources cannot be read (poppler draws the page all the same, 3.7 GB): every program in the
        // file is checked instead.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz/" + name)
        let page = try #require(try ScoreDocument(data: try Data(contentsOf: url)).detectLayout().first)
        #expect(page.unreadableReason?.hasPrefix(reason) == true, "\(page.declined)")
    }

    @Test("The sweep of every program passes real files, and measures each program once for all copies of the reader",
          arguments: ["lilypond/lied.pdf", "musescore/mozart-k545-i.pdf", "verovio/bach-bwv66-6.pdf"])
    func sweepPassesRealFiles(_ path: String) throws {
        let data = try Self.corpus(path)
        try data.withUnsafeBytes { bytes in
            let file = try PDFFile(bytes: bytes)
            var copy = file
            let resources = try copy.resolve(try copy.page(0)["Resources"]).dictionary ?? [:]
            try copy.checkFonts(resources)
            #expect(file.glyphExtents == copy.glyphExtents, "a copy measured programs its original does not know")
            #expect(!file.glyphExtents.isEmpty || path.hasPrefix("verovio"), "no embedded program measured")
            #expect(file.sweepFontPrograms() == nil)
            #expect(file.glyphExtents.values.allSatisfy { $0 < 8 }, "\(file.glyphExtents)")
        }
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

    @Test("The sweep finds stream keywords and endstreams in one pass, each once")
    func streamKeywords() {
        let text = Array("1 0 obj <</Length1 9>> stream\nabc\nendstream endobj xstreamy endstream".utf8)
        let found = text.withUnsafeBytes { PDFFile.streamKeywords($0) }
        #expect(found.keywords == [23, 52])
        #expect(found.ends == [34, 60])
    }

    @Test("A damaged program behind a font dictionary the reader cannot read is found by the sweep; a whole one is not")
    func sweepOfHandBuiltFiles() throws {
        // Object 2's dictionary cannot be parsed (a key that is no name), as poppler would still read; the program
        // declares 8 000 bytes and holds 5 that FreeType cannot read.
        func file(program: String, length1: Int) -> [UInt8] {
            Array("""
                %PDF-1.4
                1 0 obj << /Type /Font /Subtype /TrueType 5 /FontDescriptor 3 0 R >> endobj
                3 0 obj << /Type /FontDescriptor /FontFile2 4 0 R >> endobj
                4 0 obj << /Length1 \(length1) /Length \(program.utf8.count) >>
                stream
                \(program)
                endstream
                endobj
                """.utf8)
        }
        let damaged = file(program: "junk!", length1: 8000)
        let refusal = try #require(damaged.withUnsafeBytes { PDFFile(bytes: $0, entries: [:], trailer: [:]).sweepFontPrograms() })
        #expect(refusal.code == "font-damaged" && refusal.reason.hasPrefix("the font program in object 4 is damaged"))
        // The same bytes declaring no more than they hold are left alone (FreeType cannot read them, but nothing was cut).
        let whole = file(program: "junk!", length1: 5)
        #expect(whole.withUnsafeBytes { PDFFile(bytes: $0, entries: [:], trailer: [:]).sweepFontPrograms() } == nil)
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
