import TonmeisterSupport

/// What the drawing reader needs of a page's font: how codes are read from a string, each code's advance, and
/// each glyph's box — exact, as FreeType reports it to cairo, for every embedded font program FreeType reads
/// (CFF, CID-keyed CFF, Type 1, TrueType, OpenType).
final class PDFFontMetrics {
    /// How a code (or CID) becomes a glyph number of the font program.
    enum GlyphMap {
        /// The glyph is the code's entry (0 beyond the table): simple fonts, and a `CIDToGIDMap` stream.
        case table([Int])
        /// The glyph number is the CID itself.
        case identity
        /// A CID-keyed CFF font's own CID → glyph table.
        case byCID([Int: Int])

        func glyph(_ code: Int) -> Int {
            switch self {
            case .table(let glyphs): return code >= 0 && code < glyphs.count ? glyphs[code] : 0
            case .identity: return code
            case .byCID(let glyphs): return glyphs[code] ?? 0
            }
        }
    }

    /// Two bytes per code (a Type 0 font with `Identity-H`), else one.
    let twoByteCodes: Bool
    let font: FreeTypeFont
    let glyphs: GlyphMap
    private let firstChar: Int
    private let widths: [Double]
    private let missingWidth: Double
    private let cidWidths: [Int: Double]
    private var boxes: [Int: FreeTypeFont.GlyphBox?] = [:]

    init(twoByteCodes: Bool, font: FreeTypeFont, glyphs: GlyphMap, firstChar: Int = 0, widths: [Double] = [],
         missingWidth: Double = 0, cidWidths: [Int: Double] = [:]) {
        self.twoByteCodes = twoByteCodes
        self.font = font
        self.glyphs = glyphs
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

    /// The control box of `code`'s glyph in em (nil: an empty glyph).
    func box(_ code: Int) -> FreeTypeFont.GlyphBox? {
        if let known = boxes[code] { return known }
        let box = font.box(glyph: glyphs.glyph(code))
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
    /// take from elsewhere (not embedded, Type 3, a CMap other than `Identity-H`) or that FreeType cannot read.
    mutating func fontMetrics(_ object: PDFObject) throws -> PDFFontMetrics {
        let font = try resolve(object).dictionary ?? [:]
        switch try resolve(font["Subtype"]).name {
        case "Type0"?:
            guard try resolve(font["Encoding"]).name == "Identity-H",
                  let descendant = try resolve(resolve(font["DescendantFonts"]).array?.first).dictionary,
                  let subtype = try resolve(descendant["Subtype"]).name, ["CIDFontType0", "CIDFontType2"].contains(subtype),
                  let file = try fontFile(descendant) else { throw UnsupportedDrawing(reason: "a Type 0 font") }
            let program = try freeType(file)
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
            return PDFFontMetrics(twoByteCodes: true, font: program, glyphs: try cidGlyphs(descendant, program),
                                  missingWidth: try resolve(descendant["DW"]).number ?? 1000, cidWidths: cidWidths)
        case "TrueType"?, "Type1"?, "MMType1"?:
            guard let file = try fontFile(font), let widths = try resolve(font["Widths"]).array else {
                throw UnsupportedDrawing(reason: "a font that is not embedded")
            }
            let descriptor = try resolve(font["FontDescriptor"]).dictionary ?? [:]
            let values = try widths.map { item throws(PDFReadError) in try resolve(item).number ?? 0 }
            let firstChar = try resolve(font["FirstChar"]).number.flatMap({ Int(fileNumber: $0) }) ?? 0
            let missing = try resolve(descriptor["MissingWidth"]).number ?? 0
            let program = try freeType(file)
            let glyphs = program.isTrueType ? try trueTypeGlyphs(font, program) : try glyphsByCode(font, program)
            return PDFFontMetrics(twoByteCodes: false, font: program, glyphs: .table(glyphs),
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

    /// The embedded program read by FreeType; throws ``UnsupportedDrawing`` when FreeType is missing or cannot read it.
    private mutating func freeType(_ file: (key: String, stream: PDFObject)) throws -> FreeTypeFont {
        do { return try FreeTypeFont(try streamData(file.stream)) } catch let failure as FreeTypeFont.Failure {
            throw UnsupportedDrawing(reason: failure == .missingLibrary ? "FreeType (libfreetype.so.6) is not installed"
                                                                        : "a font program FreeType cannot read")
        }
    }

    /// CID → glyph number of a CID font, as poppler maps it: a CID-keyed CFF font through its own charset, a
    /// TrueType one through its `/CIDToGIDMap` (identity when absent).
    private mutating func cidGlyphs(_ descendant: [String: PDFObject], _ program: FreeTypeFont) throws -> PDFFontMetrics.GlyphMap {
        if let byCID = program.glyphsByCID() { return .byCID(byCID) }
        let map = try resolve(descendant["CIDToGIDMap"])
        guard case .stream = map else { return .identity }
        let bytes = try streamData(map)
        return .table(stride(from: 0, to: bytes.count - 1, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) })
    }

    /// Code → glyph number of a simple TrueType font, as poppler maps it: a symbolic font through its (3, 0) `cmap`
    /// (the code, or the code in the U+F000 page), else through (3, 1) with the code's Unicode value in WinAnsi
    /// (the names of `/Differences` too, where they are in WinAnsi), else through (1, 0).
    private mutating func trueTypeGlyphs(_ font: [String: PDFObject], _ program: FreeTypeFont) throws -> [Int] {
        let names = try encodingNames(font, builtin: FontNameTables.winAnsiEncoding)
        return (0..<256).map { code in
            if let glyph = program.glyph(cmap: 3, 0, code: code), glyph != 0 { return glyph }
            for page in [0xF000, 0xF100, 0xF200] {
                if let glyph = program.glyph(cmap: 3, 0, code: page | code), glyph != 0 { return glyph }
            }
            if let unicode = FontNameTables.winAnsiUnicode(names[code]), let glyph = program.glyph(cmap: 3, 1, code: unicode), glyph != 0 {
                return glyph
            }
            if let glyph = program.glyph(cmap: 1, 0, code: code), glyph != 0 { return glyph }
            return names[code].isEmpty ? 0 : program.glyph(named: names[code])
        }
    }

    /// Code → glyph number of a simple CFF or Type 1 font, as poppler maps it: the named base encoding or the
    /// font's own, with the `/Differences`, then each name looked up in the font (0, `.notdef`, when missing).
    private mutating func glyphsByCode(_ font: [String: PDFObject], _ program: FreeTypeFont) throws -> [Int] {
        try encodingNames(font, builtin: program.builtinEncoding).map { $0.isEmpty ? 0 : program.glyph(named: $0) }
    }

    /// The glyph name of each code: `builtin`, or the named base encoding, with the `/Differences`.
    private mutating func encodingNames(_ font: [String: PDFObject], builtin: [String]) throws -> [String] {
        var names = builtin
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
        return names
    }
}
