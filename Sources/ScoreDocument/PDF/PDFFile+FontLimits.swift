import CPoppler
import TonmeisterSupport

extension PDFFile {
    /// The farthest, in em from a glyph's origin, an embedded glyph outline may reach. Music and text fonts stay
    /// within a few em; cairo rasterizes each glyph over its whole box when poppler draws the page, so a font program
    /// whose outline reaches hundreds of em (the PDF campaign's `memory-s1527-10822`: a damaged MuseScore font) made
    /// one glyph's mask hundreds of megabytes at 150 dpi.
    static let maximumGlyphExtent = 64.0

    /// The most glyphs of one font program whose outlines are measured (a subset font has a few dozen).
    static let measuredGlyphs = 4096

    /// Throws ``PageRefusal`` (`glyph-too-large`) when a font of `resources` embeds a program with a glyph reaching
    /// beyond ``maximumGlyphExtent``, or (`font-damaged`) a program cut short that FreeType cannot read. Fonts are
    /// checked in the order of their names, each on its own; programs FreeType cannot read whole (or when FreeType is
    /// missing) are left alone.
    ///
    /// A font whose dictionaries this reader cannot read may still be drawn: poppler's parser keeps what it read of a
    /// damaged dictionary (the campaign's `memory-s1530-*`: a descendant font whose `/W` array runs into other bytes,
    /// its `/FontDescriptor` still found by poppler). So for such a page every program embedded anywhere in the file is
    /// checked instead (``sweepFontPrograms()``, once per document, against ``maximumGlyphExtent``).
    ///
    /// Returns whether a font's program could not be measured (FreeType cannot read it, or its dictionaries cannot be
    /// read): such a page is kept out of cairo's script surface (``ContentCost/scriptExtent``).
    @discardableResult
    mutating func checkFonts(_ resources: [String: PDFObject], maximumExtent: Double = maximumGlyphExtent) throws -> Bool {
        let fonts: [String: PDFObject]
        do { fonts = try resolve(resources["Font"]).dictionary ?? [:] } catch {
            if let refusal = sweepFontPrograms() { throw refusal }
            return true
        }
        var unreadable = false
        var swept = false
        for (name, reference) in fonts.sorted(by: { $0.key < $1.key }) {
            let programs: [(PDFObject, [String: PDFObject], Int)]
            do { programs = try fontPrograms(reference) } catch {
                if !swept, let refusal = sweepFontPrograms() {
                    throw PageRefusal(code: refusal.code, reason: "the font \(name) cannot be read, and " + refusal.reason)
                }
                swept = true
                unreadable = true
                continue
            }
            for (file, dictionary, offset) in programs {
                let extent = try measuredExtent(file, dictionary: dictionary, at: offset)
                if let refusal = Self.judge(extent: extent, maximumExtent: maximumExtent, naming: "the font \(name)'s program") {
                    throw refusal
                }
                if extent < 0 { unreadable = true }
            }
        }
        return unreadable
    }

    /// ``glyphExtent(ofProgram:declaredLength:)`` of the embedded font program `file` (its data starting at `offset`),
    /// measured once per document.
    private mutating func measuredExtent(_ file: PDFObject, dictionary: [String: PDFObject], at offset: Int) throws -> Double {
        try fontMemo.extent(at: offset) {
            Self.glyphExtent(ofProgram: (try? streamData(file)) ?? [], declaredLength: try resolve(dictionary["Length1"]).number)
        }
    }

    /// Why a program whose farthest glyph reaches `extent` em (NaN: damaged; -1: unmeasured, passed) must not reach
    /// poppler (`naming` names the program in the reason), or nil.
    static func judge(extent: Double, maximumExtent: Double, naming: String) -> PageRefusal? {
        if extent.isNaN {
            return PageRefusal(code: "font-damaged", reason: "\(naming) is damaged: its data ends before "
                + "the length it declares, and what there is cannot be read (poppler would patch it up and draw whatever "
                + "its glyphs became)")
        }
        guard extent > maximumExtent else { return nil }
        return PageRefusal(code: "glyph-too-large", reason: "\(naming) has a glyph reaching \(Int(fileNumber: extent, limit: .max).map(String.init) ?? "\(extent)") em "
            + "from its origin, beyond the \(maximumExtent.rounded() == maximumExtent ? String(Int(maximumExtent)) : String(maximumExtent)) a glyph may reach")
    }

    /// The embedded programs of the font `reference` names (of its descendant for a Type 0 font): each stream, its
    /// dictionary and where its data starts.
    private mutating func fontPrograms(_ reference: PDFObject) throws(PDFReadError) -> [(PDFObject, [String: PDFObject], Int)] {
        guard var font = try resolve(reference).dictionary else { return [] }
        if try resolve(font["Subtype"]).name == "Type0",
           let descendant = try resolve(try resolve(font["DescendantFonts"]).array?.first).dictionary {
            font = descendant
        }
        let descriptor = try resolve(font["FontDescriptor"]).dictionary ?? [:]
        var programs: [(PDFObject, [String: PDFObject], Int)] = []
        for key in ["FontFile", "FontFile2", "FontFile3"] {
            let file = try resolve(descriptor[key])
            if case .stream(let dictionary, let range) = file { programs.append((file, dictionary, range.lowerBound)) }
        }
        return programs
    }

    /// The farthest any of the first ``measuredGlyphs`` glyphs of the font program `data` reaches, in em; -1 when
    /// FreeType cannot read a program that is whole, 0 when FreeType is missing, NaN when it cannot read one whose data ends before
    /// its declared `/Length1` (the campaign's file: 372 of 8 216 bytes, which poppler patches into a TrueType font
    /// whose glyphs reach anywhere).
    static func glyphExtent(ofProgram data: [UInt8], declaredLength: Double?) -> Double {
        var extent = 0.0
        if let program = try? FreeTypeFont(data) {
            for glyph in 0..<min(program.glyphCount, measuredGlyphs) {
                guard let box = program.box(glyph: glyph) else { continue }
                extent = max(extent, box.minX.magnitude, box.maxX.magnitude, box.minY.magnitude, box.maxY.magnitude)
            }
        } else if tm_freetype_available() != 0 {
            // Cut short: damaged; whole: unmeasured (-1), left to poppler but kept out of cairo's script surface.
            extent = declaredLength.map { $0 > Double(data.count) } == true ? .nan : -1
        }
        return extent
    }
}
