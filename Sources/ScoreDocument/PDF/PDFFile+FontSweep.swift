import Foundation

extension PDFFile {
    /// The most objects the sweep of font programs looks at.
    static let sweptObjects = 1 << 20
    /// How far before its `stream` keyword an object's header may lie for the sweep to read its dictionary.
    static let sweptDictionaryBytes = 16 << 10
    /// The most bytes one swept program may decode to (a font program of a score is a few hundred kilobytes).
    static let sweptProgramBytes = 32 << 20
    /// The most bytes all swept programs together may decode to; the sweep stops there (without refusing).
    static let sweptTotalBytes = 256 << 20

    /// Why some font program embedded anywhere in the file must not reach poppler, or nil. Made once per document
    /// (``FontProgramMemo``) for a page one of whose fonts this reader cannot read (``checkFonts(_:maximumExtent:)``).
    ///
    /// The programs are found as poppler finds them in a damaged file, without trusting the dictionaries this reader
    /// could not read: each `stream` keyword with the `N G obj` header nearest before it, whose dictionary text
    /// between them declares a `/Length1` (TrueType and Type 1 programs) or a font-file `/Subtype` (CFF, OpenType);
    /// its data runs to the next `endstream`, decoded through its `/Filter`. The keywords are found in one pass and
    /// each dictionary's text is read once, so the sweep's time grows with the file's size, not with its objects.
    /// Its outcome is kept for the document, so it is judged against ``maximumGlyphExtent`` alone.
    func sweepFontPrograms() -> PageRefusal? {
        fontMemo.sweepOutcome {
            var headers: [(number: Int, at: Int)] = []
            try? Self.forEachObjectHeader(bytes) { header throws(PDFReadError) in
                headers.append(header)
                if headers.count >= Self.sweptObjects { throw .unsupported("too many objects") }
            }
            let (keywords, ends) = Self.streamKeywords(bytes)
            var next = 0
            var taken = -1
            var decoded = 0
            for keyword in keywords {
                while next < headers.count, headers[next].at < keyword { next += 1 }
                // Only the first keyword after a header ends its dictionary (so each text is read once).
                guard next > 0, next - 1 != taken else { continue }
                taken = next - 1
                let header = headers[next - 1]
                guard keyword - header.at <= Self.sweptDictionaryBytes,
                      let program = sweptProgram(header: header.at, keyword: keyword, ends: ends) else { continue }
                let extent = fontMemo.extent(at: -1 - program.offset) {
                    let data = program.data()
                    decoded += data.count
                    return Self.glyphExtent(ofProgram: data, declaredLength: program.declaredLength)
                }
                if let refusal = Self.judge(extent: extent, maximumExtent: Self.maximumGlyphExtent,
                                            naming: "the font program in object \(header.number)") {
                    return refusal
                }
                if decoded > Self.sweptTotalBytes { break }
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

    /// The font program whose object header starts at `header` and whose dictionary ends at the `stream` keyword
    /// at `keyword`, or nil when the object is not one; its data ends at the first of `ends` after it.
    private func sweptProgram(header: Int, keyword: Int, ends: [Int]) -> SweptProgram? {
        let dictionary = UnsafeRawBufferPointer(rebasing: bytes[header..<keyword])
        guard Self.find("endobj", in: dictionary) == nil else { return nil }
        let length1 = Self.find("/Length1", in: dictionary)
        let fontFileType = ["/Type1C", "/CIDFontType0C", "/OpenType"].contains { Self.find($0, in: dictionary) != nil }
        guard length1 != nil || fontFileType else { return nil }
        var start = keyword + 6
        if start < bytes.count, bytes[start] == 0x0D { start += 1 }
        if start < bytes.count, bytes[start] == 0x0A { start += 1 }
        let end = Self.beforeLineEnd(Self.firstEnd(atOrAfter: start, in: ends) ?? bytes.count, from: start, in: bytes)
        // A `/Length1` whose value cannot be read (the campaign's `memory-s1533-37318`: `/Length1 obj16`) declares
        // more than any data: a program FreeType cannot read behind it is one poppler would patch up.
        let declared = length1.map { Self.number(after: $0 + 8, in: dictionary) ?? .infinity }
        let filters = Self.filterNames(in: dictionary)
        let data = UnsafeRawBufferPointer(rebasing: bytes[start..<max(start, end)])
        return SweptProgram(offset: start, declaredLength: declared) {
            if filters == ["FlateDecode"] { return (try? PDFStreamDecoder.inflate(data, limit: Self.sweptProgramBytes)) ?? [] }
            let filter: PDFObject = .array(filters.map { .name($0) })
            return (try? PDFStreamDecoder.decode(data, dictionary: filters.isEmpty ? [:] : ["Filter": filter])) ?? []
        }
    }

    /// Where `word` first occurs in `bytes`.
    private static func find(_ word: String, in bytes: UnsafeRawBufferPointer) -> Int? {
        offset(of: Array(word.utf8), in: bytes)
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
