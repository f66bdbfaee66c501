import CPoppler

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
    /// checked in the order of their names, each on its own: one whose dictionaries cannot be read is passed over (the
    /// next is still checked), and programs FreeType cannot read whole (or when FreeType is missing) are left alone.
    mutating func checkFonts(_ resources: [String: PDFObject], maximumExtent: Double = maximumGlyphExtent) throws {
        guard let fonts = try? resolve(resources["Font"]).dictionary else { return }
        for (name, reference) in fonts.sorted(by: { $0.key < $1.key }) {
            guard let programs = try? fontPrograms(reference) else { continue }
            for (file, dictionary, offset) in programs {
                guard let extent = try glyphExtent(ofFontFile: file, dictionary: dictionary, at: offset) else {
                    throw PageRefusal(code: "font-damaged", reason: "the font \(name)'s program is damaged: its data ends before "
                        + "the length it declares, and what there is cannot be read (poppler would patch it up and draw whatever "
                        + "its glyphs became)")
                }
                if extent > maximumExtent {
                    throw PageRefusal(code: "glyph-too-large", reason: "the font \(name) has a glyph reaching \(Int(fileNumber: extent, limit: .max).map(String.init) ?? "\(extent)") em "
                        + "from its origin, beyond the \(maximumExtent.rounded() == maximumExtent ? String(Int(maximumExtent)) : String(maximumExtent)) a glyph may reach")
                }
            }
        }
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

    /// The farthest any of the first ``measuredGlyphs`` glyphs of a font program reaches, in em; 0 when FreeType
    /// cannot read a program that is whole (or is missing), nil when it cannot read one whose data ends before its
    /// declared `/Length1` (the campaign's file: 372 of 8 216 bytes, which poppler patches into a TrueType font whose
    /// glyphs reach anywhere). Measured once per program.
    private mutating func glyphExtent(ofFontFile file: PDFObject, dictionary: [String: PDFObject], at offset: Int) throws -> Double? {
        if let known = glyphExtents[offset] { return known.isNaN ? nil : known }
        var extent = 0.0
        let data = (try? streamData(file)) ?? []
        if let program = try? FreeTypeFont(data) {
            for glyph in 0..<min(program.glyphCount, Self.measuredGlyphs) {
                guard let box = program.box(glyph: glyph) else { continue }
                extent = max(extent, box.minX.magnitude, box.maxX.magnitude, box.minY.magnitude, box.maxY.magnitude)
            }
        } else if tm_freetype_available() != 0, let declared = try resolve(dictionary["Length1"]).number, declared > Double(data.count) {
            extent = .nan
        }
        glyphExtents[offset] = extent
        return extent.isNaN ? nil : extent
    }
}
