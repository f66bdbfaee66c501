import Foundation

extension PDFFile {
    /// The most objects the sweep of font programs looks at.
    static let sweptObjects = 1 << 20
    /// How far past an object's header the sweep looks for the `stream` keyword that ends its dictionary.
    static let sweptDictionaryBytes = 16 << 10
    /// The most bytes one swept program may decode to (a font program of a score is a few hundred kilobytes).
    static let sweptProgramBytes = 32 << 20

    /// Why some font program embedded anywhere in the file must not reach poppler, or nil. Made once per document
    /// (``FontProgramMemo``) for a page one of whose fonts this reader cannot read (``checkFonts(_:maximumExtent:)``).
    ///
    /// The programs are found as poppler finds them in a damaged file, without trusting the dictionaries this reader
    /// could not read: every `N G obj` header in the bytes whose dictionary text (up to its `stream` keyword) declares
    /// a `/Length1` (TrueType and Type 1 programs) or a font-file `/Subtype` (CFF, OpenType); its data runs to the next
    /// `endstream`, decoded through its `/Filter`.
    func sweepFontPrograms(maximumExtent: Double = maximumGlyphExtent) -> PageRefusal? {
        fontMemo.sweepOutcome {
            var headers: [(number: Int, at: Int)] = []
            try? Self.forEachObjectHeader(bytes) { header throws(PDFReadError) in
                headers.append(header)
                if headers.count >= Self.sweptObjects { throw .unsupported("too many objects") }
            }
            for header in headers {
                guard let program = sweptProgram(at: header.at) else { continue }
                let extent = fontMemo.extent(at: program.offset) {
                    Self.glyphExtent(ofProgram: program.data(), declaredLength: program.declaredLength)
                }
                if let refusal = Self.judge(extent: extent, maximumExtent: maximumExtent,
                                            naming: "the font program in object \(header.number)") {
                    return refusal
                }
            }
            return nil
        }
    }

    /// A font program found by the sweep: where its data starts, its declared `/Length1` and its decoded data.
    private struct SweptProgram {
        let offset: Int
        let declaredLength: Double?
        let data: () -> [UInt8]
    }

    /// The font program whose object header starts at `at`, or nil when the object is not one.
    private func sweptProgram(at: Int) -> SweptProgram? {
        let window = UnsafeRawBufferPointer(rebasing: bytes[at..<min(bytes.count, at + Self.sweptDictionaryBytes)])
        guard let keyword = Self.find("stream", in: window), Self.find("endobj", in: window).map({ $0 > keyword }) ?? true
        else { return nil }
        let dictionary = UnsafeRawBufferPointer(rebasing: window[0..<keyword])
        let length1 = Self.find("/Length1", in: dictionary)
        let fontFileType = ["/Type1C", "/CIDFontType0C", "/OpenType"].contains { Self.find($0, in: dictionary) != nil }
        guard length1 != nil || fontFileType else { return nil }
        var start = at + keyword + 6
        if start < bytes.count, bytes[start] == 0x0D { start += 1 }
        if start < bytes.count, bytes[start] == 0x0A { start += 1 }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
        var end = start + (Self.find("endstream", in: rest) ?? rest.count)
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        let declared = length1.flatMap { Self.number(after: $0 + 8, in: dictionary) }
        let filters = Self.filterNames(in: dictionary)
        let data = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        return SweptProgram(offset: start, declaredLength: declared) {
            if filters == ["FlateDecode"] { return (try? PDFStreamDecoder.inflate(data, limit: Self.sweptProgramBytes)) ?? [] }
            let filter: PDFObject = .array(filters.map { .name($0) })
            return (try? PDFStreamDecoder.decode(data, dictionary: filters.isEmpty ? [:] : ["Filter": filter])) ?? []
        }
    }

    /// Where `word` first occurs in `bytes` (`memchr` to each candidate first byte).
    private static func find(_ word: String, in bytes: UnsafeRawBufferPointer) -> Int? {
        let key = Array(word.utf8)
        guard let base = bytes.baseAddress, bytes.count >= key.count else { return nil }
        var p = 0
        while p + key.count <= bytes.count, let hit = memchr(base + p, Int32(key[0]), bytes.count - key.count + 1 - p) {
            let o = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + o, key, key.count) == 0 { return o }
            p = o + 1
        }
        return nil
    }

    /// The whole number written after `at` in `bytes` (white space skipped), as poppler's lexer reads one.
    private static func number(after at: Int, in bytes: UnsafeRawBufferPointer) -> Double? {
        var p = at
        while p < bytes.count, PDFParser.isWhitespace(bytes[p]) { p += 1 }
        var value = 0.0
        let first = p
        while p < bytes.count, (0x30...0x39).contains(bytes[p]), p - first < 12 { value = value * 10 + Double(bytes[p] - 0x30); p += 1 }
        return p > first ? value : nil
    }

    /// The filter names after `/Filter` in `bytes`: one name or an array of them.
    private static func filterNames(in bytes: UnsafeRawBufferPointer) -> [String] {
        guard let key = find("/Filter", in: bytes) else { return [] }
        var parser = PDFParser(bytes, at: key + 7)
        switch try? parser.object() {
        case .name(let name)?: return [name]
        case .array(let items)?: return items.compactMap(\.name)
        default: return []
        }
    }
}
