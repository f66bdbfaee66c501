import CPoppler

/// An embedded font program (CFF, CID-keyed CFF, Type 1, TrueType or OpenType) read by FreeType, loaded on first
/// use: the glyph boxes cairo reports when poppler draws the page, and the tables that map a PDF's codes to glyphs.
///
/// One instance is used by one thread at a time (FreeType faces are not thread-safe); each has its own FreeType
/// library and its own copy of the font's bytes.
final class FreeTypeFont {
    /// A glyph's control box in em (y upward): the unscaled outline's points, curves' control points included,
    /// as FreeType computes the box cairo reports.
    struct GlyphBox: Equatable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
    }

    /// Why a font program is not read.
    enum Failure: Error, Equatable {
        /// FreeType (`libfreetype.so.6`) could not be loaded.
        case missingLibrary
        /// FreeType could not read the program.
        case unreadable
    }

    private let font: OpaquePointer

    /// Reads `data` with FreeType.
    init(_ data: [UInt8]) throws(Failure) {
        guard tm_freetype_available() != 0 else { throw .missingLibrary }
        guard let font = data.withUnsafeBufferPointer({ tm_font_open($0.baseAddress, $0.count) }) else { throw .unreadable }
        self.font = font
    }

    deinit { tm_font_close(font) }

    /// How many glyphs the font holds.
    var glyphCount: Int { tm_font_glyph_count(font) }

    /// FreeType's name of the format: `CFF`, `Type 1`, `TrueType`, `CID Type 1`, …
    var format: String { String(cString: tm_font_format(font)) }

    /// True for a TrueType or OpenType font with TrueType outlines (mapped through its `cmap`, not glyph names).
    var isTrueType: Bool { format == "TrueType" }

    /// The control box of `glyph` in em; nil for an empty glyph or one FreeType cannot load.
    func box(glyph: Int) -> GlyphBox? {
        guard glyph >= 0, glyph < glyphCount else { return nil }
        var b: (Double, Double, Double, Double) = (0, 0, 0, 0)
        let status = withUnsafeMutableBytes(of: &b) { tm_font_glyph_box(font, UInt32(glyph), $0.baseAddress!.assumingMemoryBound(to: Double.self)) }
        guard status == 0 else { return nil }
        return GlyphBox(minX: b.0, minY: b.1, maxX: b.2, maxY: b.3)
    }

    /// The glyph named `name` (0, `.notdef`, when none).
    func glyph(named name: String) -> Int { Int(tm_font_glyph_named(font, name)) }

    /// The glyph's name (from a CFF charset, a Type 1 CharStrings dictionary or a TrueType `post` table).
    func name(of glyph: Int) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        guard tm_font_glyph_name(font, UInt32(glyph), &buffer, UInt32(buffer.count)) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// The glyph of `code` in the TrueType `cmap` subtable (platform, encoding); nil when the font has no such subtable.
    func glyph(cmap platform: Int32, _ encoding: Int32, code: Int) -> Int? {
        var found: Int32 = 0
        let glyph = tm_font_glyph_in_cmap(font, platform, encoding, UInt(code), &found)
        return found != 0 ? Int(glyph) : nil
    }

    /// The glyph name of each code 0–255 in the font's own encoding ("" where none).
    var builtinEncoding: [String] {
        (0..<256).map { code in
            let glyph = Int(tm_font_builtin_glyph(font, UInt32(code)))
            return glyph == 0 ? "" : name(of: glyph) ?? ""
        }
    }

    /// Glyph by CID for a CID-keyed CFF font (nil for any other font).
    func glyphsByCID() -> [Int: Int]? {
        guard tm_font_is_cid_keyed(font) != 0 else { return nil }
        var table: [Int: Int] = [:]
        for glyph in 0..<min(glyphCount, 65_536) {
            let cid = tm_font_cid_of_glyph(font, UInt32(glyph))
            if cid >= 0, table[cid] == nil { table[cid] = glyph }
        }
        return table
    }
}
