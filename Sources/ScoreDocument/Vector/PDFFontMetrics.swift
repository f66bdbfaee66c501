/// What the drawing reader needs of a page's font: how codes are read from a string, each code's advance, and
/// each glyph's box — exact for a bare CFF font (as FreeType reports it to cairo), a notehead-sized stand-in
/// for a TrueType or OpenType font (whose outlines cairo's script does not report either).
final class PDFFontMetrics {
    enum Outlines {
        /// A CFF font and the glyph number of each code.
        case cff(CFFFont, glyphs: [Int])
        /// Boxes of a nominal size (see ``PageDrawing/addNominalGlyph(place:)``).
        case nominal
    }

    /// Two bytes per code (a Type 0 font with `Identity-H`), else one.
    let twoByteCodes: Bool
    let outlines: Outlines
    private let firstChar: Int
    private let widths: [Double]
    private let missingWidth: Double
    private let cidWidths: [Int: Double]
    private var boxes: [Int: CFFFont.GlyphBox?] = [:]

    init(twoByteCodes: Bool, outlines: Outlines, firstChar: Int = 0, widths: [Double] = [], missingWidth: Double = 0,
         cidWidths: [Int: Double] = [:]) {
        self.twoByteCodes = twoByteCodes
        self.outlines = outlines
        self.firstChar = firstChar
        self.widths = widths
        self.missingWidth = missingWidth
        self.cidWidths = cidWidths
    }

    /// The advance of `code` in thousandths of the font size.
    func width(_ code: Int) -> Double {
        if twoByteCodes { return cidWidths[code] ?? missingWidth }
        let k = code - firstChar
        return k >= 0 && k < widths.count ? widths[k] : missingWidth
    }

    /// The control box of `code`'s glyph in em (nil: an empty glyph); only for CFF fonts.
    func box(_ code: Int) -> CFFFont.GlyphBox? {
        guard case .cff(let font, let glyphs) = outlines else { return nil }
        if let known = boxes[code] { return known }
        let box = font.box(glyph: code < glyphs.count ? glyphs[code] : 0)
        boxes[code] = box
        return box
    }
}

extension PDFFile {
    /// Why a page is left to poppler: something its own drawing reader does not follow.
    struct UnsupportedDrawing: Error {
        let reason: String
    }

    /// The metrics of a font resource; throws ``UnsupportedDrawing`` for a font whose glyphs poppler would
    /// take from elsewhere (not embedded, Type 1, Type 3, CID-keyed CFF, another CMap).
    mutating func fontMetrics(_ object: PDFObject) throws -> PDFFontMetrics {
        let font = try resolve(object).dictionary ?? [:]
        switch try resolve(font["Subtype"]).name {
        case "Type0"?:
            guard try resolve(font["Encoding"]).name == "Identity-H",
                  let descendant = try resolve(resolve(font["DescendantFonts"]).array?.first).dictionary,
                  try resolve(descendant["Subtype"]).name == "CIDFontType2",
                  try fontFile(descendant)?.key == "FontFile2" else { throw UnsupportedDrawing(reason: "a Type 0 font") }
            var cidWidths: [Int: Double] = [:]
            let w = try resolve(descendant["W"]).array ?? []
            var i = 0
            while i + 1 < w.count {
                guard let first = try resolve(w[i]).number.flatMap({ Int(fileNumber: $0) }) else { break }
                if let list = try resolve(w[i + 1]).array {
                    for (k, item) in list.enumerated() { cidWidths[first + k] = try resolve(item).number ?? 0 }
                    i += 2
                } else {
                    guard i + 2 < w.count, let last = try resolve(w[i + 1]).number.flatMap({ Int(fileNumber: $0) }),
                          let width = try resolve(w[i + 2]).number, last - first < 65_536 else { break }
                    if first <= last { for c in first...last { cidWidths[c] = width } }
                    i += 3
                }
            }
            return PDFFontMetrics(twoByteCodes: true, outlines: .nominal,
                                  missingWidth: try resolve(descendant["DW"]).number ?? 1000, cidWidths: cidWidths)
        case "TrueType"?, "Type1"?, "MMType1"?:
            guard let file = try fontFile(font), let widths = try resolve(font["Widths"]).array else {
                throw UnsupportedDrawing(reason: "a font that is not embedded")
            }
            let descriptor = try resolve(font["FontDescriptor"]).dictionary ?? [:]
            let values = try widths.map { item throws(PDFReadError) in try resolve(item).number ?? 0 }
            let firstChar = try resolve(font["FirstChar"]).number.flatMap({ Int(fileNumber: $0) }) ?? 0
            let missing = try resolve(descriptor["MissingWidth"]).number ?? 0
            let subtype = try resolve(file.stream.dictionary?["Subtype"]).name
            if file.key == "FontFile2" || (file.key == "FontFile3" && subtype == "OpenType") {
                return PDFFontMetrics(twoByteCodes: false, outlines: .nominal, firstChar: firstChar, widths: values, missingWidth: missing)
            }
            guard file.key == "FontFile3", subtype == "Type1C", let cff = CFFFont(try streamData(file.stream)) else {
                throw UnsupportedDrawing(reason: "a Type 1 font")
            }
            return PDFFontMetrics(twoByteCodes: false, outlines: .cff(cff, glyphs: try glyphsByCode(font, cff)),
                                  firstChar: firstChar, widths: values, missingWidth: missing)
        default:
            throw UnsupportedDrawing(reason: "a font of another type")
        }
    }

    /// The embedded font program named in a font's (or CID font's) descriptor.
    private mutating func fontFile(_ font: [String: PDFObject]) throws(PDFReadError) -> (key: String, stream: PDFObject)? {
        let descriptor = try resolve(font["FontDescriptor"]).dictionary ?? [:]
        for key in ["FontFile2", "FontFile3", "FontFile"] {
            let stream = try resolve(descriptor[key])
            if case .stream = stream { return (key, stream) }
        }
        return nil
    }

    /// Code → glyph number of a simple CFF font, as poppler maps it: the named base encoding or the font's own,
    /// with the `/Differences`, then each name looked up in the font's charset (0, `.notdef`, when missing).
    private mutating func glyphsByCode(_ font: [String: PDFObject], _ cff: CFFFont) throws -> [Int] {
        var names = cff.builtinEncoding
        let encoding = try resolve(font["Encoding"])
        func base(_ name: String?) throws -> [String]? {
            switch name {
            case nil: return nil
            case "WinAnsiEncoding"?: return FontNameTables.winAnsiEncoding
            case "MacRomanEncoding"?: return FontNameTables.macRomanEncoding
            case "StandardEncoding"?: return FontNameTables.standardEncoding
            default: throw UnsupportedDrawing(reason: "the encoding \(name!)")
            }
        }
        if let named = try base(encoding.name) { names = named }
        if let dictionary = encoding.dictionary {
            if let named = try base(try resolve(dictionary["BaseEncoding"]).name) { names = named }
            var code = 0
            for item in try resolve(dictionary["Differences"]).array ?? [] {
                switch try resolve(item) {
                case .int(let n): code = n
                case .name(let name):
                    if code >= 0 && code < 256 { names[code] = name }
                    code += 1
                default: break
                }
            }
        }
        return names.map { cff.glyphByName[$0] ?? 0 }
    }
}
