/// Tonmeister's small PDF reader: the cross-reference table or stream (with `/Prev` updates and hybrid files),
/// object streams and indirect objects of an unencrypted PDF held in memory.
///
/// It reads only what the scanned-page fast path needs and throws ``PDFReadError`` on anything else, leaving
/// the file to poppler (which also repairs damaged files; this reader repairs one only to check a page's limits
/// before poppler draws it: ``init(repairing:)``). A value: each copy keeps
/// its own cache of decoded object streams, so give each thread its own copy. `bytes` must stay valid.
struct PDFFile {
    /// Where an object is stored.
    enum Entry: Equatable, Sendable {
        case offset(Int)
        case compressed(stream: Int, index: Int)
    }

    let bytes: UnsafeRawBufferPointer
    private(set) var entries: [Int: Entry] = [:]
    /// The newest trailer dictionary.
    private(set) var trailer: [String: PDFObject] = [:]
    /// Objects of the object streams read so far, by object number.
    private var objectStreams: [Int: [Int: PDFObject]] = [:]
    /// Content streams (a page's, its forms') decoded so far, by where they start in the file: the limits check,
    /// the image search and the drawing reader each read a page's content, which is inflated once.
    private var contentStreams: [Int: [UInt8]] = [:]
    private var contentStreamBytes = 0
    /// What the limits check measured of the embedded font programs, shared by every copy of this reader.
    let fontMemo = FontProgramMemo()
    /// The largest glyph extent (em) of each embedded font program read by the limits check, by where its data starts
    /// (``glyphExtent(ofProgram:declaredLength:)``: NaN for a damaged program, -1 for one FreeType cannot read).
    var glyphExtents: [Int: Double] { fontMemo.glyphExtents }
    /// The most decoded content a copy keeps (larger streams are decoded again when read again).
    static let contentCacheBytes = 64 << 20
    static let maximumSections = 64

    /// Reads the cross-reference sections, newest first.
    init(bytes: UnsafeRawBufferPointer) throws(PDFReadError) {
        self.bytes = bytes
        var offset: Int? = try Self.startXref(bytes)
        var seen = Set<Int>()
        var first = true
        while let at = offset {
            guard seen.insert(at).inserted, seen.count <= Self.maximumSections else { throw .malformed("the /Prev chain loops") }
            let section = try readSection(at: at)
            if first { trailer = section; first = false }
            if let hybrid = section["XRefStm"]?.int, seen.insert(hybrid).inserted { _ = try readSection(at: hybrid) }
            offset = section["Prev"]?.int
        }
        if trailer["Encrypt"] != nil { throw .unsupported("encryption") }
        guard trailer["Root"] != nil else { throw .malformed("the trailer has no /Root") }
    }

    /// A reader over cross-reference entries and a trailer found some other way (``init(repairing:)``).
    init(bytes: UnsafeRawBufferPointer, entries: [Int: Entry], trailer: [String: PDFObject]) {
        self.bytes = bytes
        self.entries = entries
        self.trailer = trailer
    }

    /// The offset after the last `startxref`.
    private static func startXref(_ bytes: UnsafeRawBufferPointer) throws(PDFReadError) -> Int {
        let key = Array("startxref".utf8)
        var p = bytes.count - key.count
        let stop = max(0, bytes.count - 2048)
        while p >= stop {
            if bytes[p] == key[0] && (0..<key.count).allSatisfy({ bytes[p + $0] == key[$0] }) {
                var parser = PDFParser(bytes, at: p + key.count)
                guard case .int(let n)? = try parser.object(), n >= 0, n < bytes.count else { break }
                return n
            }
            p -= 1
        }
        throw .malformed("no startxref")
    }

    /// Reads one cross-reference table or stream at `at`; returns its trailer (the stream's dictionary).
    private mutating func readSection(at: Int) throws(PDFReadError) -> [String: PDFObject] {
        guard at >= 0, at < bytes.count else { throw .malformed("a cross-reference offset lies outside the file") }
        var parser = PDFParser(bytes, at: at)
        parser.skipSpace()
        let save = parser.position
        if parser.regularWord(decodingHex: false) == "xref" { return try readTable(&parser) }
        parser.position = save
        guard case .stream(let dict, let range) = try indirectObject(at: save).object, dict["Type"]?.name == "XRef" else {
            throw .malformed("no cross-reference table or stream at \(at)")
        }
        let data = try PDFStreamDecoder.decode(UnsafeRawBufferPointer(rebasing: bytes[range]), dictionary: dict)
        guard let w = dict["W"]?.array?.compactMap(\.int), w.count == 3, w.allSatisfy({ $0 >= 0 && $0 <= 8 }) else {
            throw .malformed("a cross-reference stream has a bad /W")
        }
        let index = dict["Index"]?.array?.compactMap(\.int) ?? [0, dict["Size"]?.int ?? 0]
        let rowLength = w[0] + w[1] + w[2]
        guard rowLength > 0, index.count % 2 == 0 else { throw .malformed("a cross-reference stream has a bad /Index") }
        var row = 0
        for pair in stride(from: 0, to: index.count, by: 2) {
            guard index[pair] >= 0, index[pair + 1] >= 0, index[pair] < 1 << 31 else { throw .malformed("a cross-reference stream has a bad /Index") }
            for k in 0..<index[pair + 1] {
                let base = row * rowLength
                guard base + rowLength <= data.count else { throw .malformed("a cross-reference stream is cut short") }
                func field(_ f: Int, from: Int) -> Int {
                    var v = 0
                    for i in 0..<w[f] { v = v << 8 | Int(data[from + i]) }
                    return v
                }
                let type = w[0] == 0 ? 1 : field(0, from: base)
                let f2 = field(1, from: base + w[0]), f3 = field(2, from: base + w[0] + w[1])
                let number = index[pair] + k
                if entries[number] == nil {
                    if type == 1 { entries[number] = .offset(f2) } else if type == 2 { entries[number] = .compressed(stream: f2, index: f3) }
                }
                row += 1
            }
        }
        return dict
    }

    private mutating func readTable(_ parser: inout PDFParser) throws(PDFReadError) -> [String: PDFObject] {
        while true {
            parser.skipSpace()
            let save = parser.position
            let word = parser.regularWord(decodingHex: false)
            if word == "trailer" {
                guard case .dictionary(let d)? = try parser.object() else { throw .malformed("the trailer is not a dictionary") }
                return d
            }
            parser.position = save
            guard case .int(let start)? = try parser.object(), case .int(let count)? = try parser.object(),
                  start >= 0, start < 1 << 31, count >= 0, count < bytes.count else {
                throw .malformed("a cross-reference subsection header is damaged")
            }
            for k in 0..<count {
                guard case .int(let offset)? = try parser.object(), case .int? = try parser.object(),
                      case .keyword(let kind)? = try parser.object() else {
                    throw .malformed("a cross-reference entry is damaged")
                }
                if kind == "n" && entries[start + k] == nil && offset > 0 { entries[start + k] = .offset(offset) }
            }
        }
    }

    /// Parses `N G obj … endobj` at `at`: the object number and the object (a stream with its data range).
    ///
    /// A stream's indirect `/Length` is followed one level only (`followLength` is false for the length object
    /// itself), so two lengths naming each other cannot recurse; an unusable length is replaced by a search
    /// for `endstream`.
    func indirectObject(at: Int, followLength: Bool = true) throws(PDFReadError) -> (number: Int, object: PDFObject) {
        var parser = PDFParser(bytes, at: at)
        guard case .int(let number)? = try parser.object(), case .int? = try parser.object(),
              case .keyword("obj")? = try parser.object(), let object = try parser.object() else {
            throw .malformed("no object at offset \(at)")
        }
        guard case .dictionary(let dict) = object else { return (number, object) }
        parser.skipSpace()
        let save = parser.position
        guard parser.regularWord(decodingHex: false) == "stream" else { parser.position = save; return (number, object) }
        var start = parser.position
        if start < bytes.count && bytes[start] == 0x0D { start += 1 }
        if start < bytes.count && bytes[start] == 0x0A { start += 1 }
        var length = -1
        switch dict["Length"] {
        case .int(let n)?: length = n
        case .reference(let n, _)? where n != number && followLength:
            if let entry = entries[n], case .offset(let o) = entry,
               case .int(let l) = try indirectObject(at: o, followLength: false).object { length = l }
        default: break
        }
        if length < 0 || length > bytes.count - start || !endstream(at: start + length) {
            length = try searchEndstream(from: start) - start
        }
        return (number, .stream(dict, start..<(start + length)))
    }

    private func endstream(at p: Int) -> Bool {
        var parser = PDFParser(bytes, at: p)
        parser.skipSpace()
        return parser.regularWord(decodingHex: false) == "endstream"
    }

    /// The end of a stream's data when its /Length is wrong: before `endstream` and the line end before it.
    private func searchEndstream(from start: Int) throws(PDFReadError) -> Int {
        guard let at = Self.offset(of: Array("endstream".utf8), in: bytes, from: start) else {
            throw .malformed("a stream has no endstream")
        }
        return Self.beforeLineEnd(at, from: start, in: bytes)
    }

    /// Object `number` (null when the file has no such object, as the PDF rules say).
    mutating func object(_ number: Int) throws(PDFReadError) -> PDFObject {
        switch entries[number] {
        case nil: return .null
        case .offset(let o)?:
            let (n, object) = try indirectObject(at: o)
            guard n == number else { throw .malformed("object \(number) is not at its cross-reference offset") }
            return object
        case .compressed(let stream, let index)?:
            if objectStreams[stream] == nil { objectStreams[stream] = try readObjectStream(stream) }
            guard let object = objectStreams[stream]?[number] else {
                throw .malformed("object \(number) is not in object stream \(stream) (index \(index))")
            }
            return object
        }
    }

    /// Follows references (a chain of at most 32).
    mutating func resolve(_ object: PDFObject?) throws(PDFReadError) -> PDFObject {
        var current = object ?? .null
        for _ in 0..<32 {
            guard case .reference(let n, _) = current else { return current }
            current = try self.object(n)
        }
        throw .malformed("a chain of references loops")
    }

    /// The decoded data of a stream object.
    /// A content stream's decoded bytes (``streamData(_:)``), kept for the next reading of the same page.
    mutating func contentData(_ object: PDFObject) throws(PDFReadError) -> [UInt8] {
        guard case .stream(_, let range) = object else { return try streamData(object) }
        if let known = contentStreams[range.lowerBound] { return known }
        let data = try streamData(object)
        if contentStreamBytes + data.count <= Self.contentCacheBytes {
            contentStreams[range.lowerBound] = data
            contentStreamBytes += data.count
        }
        return data
    }

    func streamData(_ object: PDFObject) throws(PDFReadError) -> [UInt8] {
        guard case .stream(let dict, let range) = object else { throw .malformed("a stream was expected") }
        return try PDFStreamDecoder.decode(UnsafeRawBufferPointer(rebasing: bytes[range]), dictionary: dict)
    }

    mutating func readObjectStream(_ number: Int) throws(PDFReadError) -> [Int: PDFObject] {
        guard case .offset(let o)? = entries[number] else { throw .malformed("object stream \(number) is missing") }
        let (_, stream) = try indirectObject(at: o)
        guard let dict = stream.dictionary, let n = dict["N"]?.int, let first = dict["First"]?.int, n >= 0, first >= 0 else {
            throw .malformed("object stream \(number) has no /N or /First")
        }
        let data = try streamData(stream)
        let result = data.withUnsafeBytes { raw in Result { () throws(PDFReadError) -> [Int: PDFObject] in
            var header = PDFParser(raw)
            var objects: [Int: PDFObject] = [:]
            var pairs: [(Int, Int)] = []
            for _ in 0..<n {
                guard case .int(let num)? = try header.object(), case .int(let off)? = try header.object() else {
                    throw .malformed("object stream \(number) has a damaged header")
                }
                pairs.append((num, off))
            }
            for (num, off) in pairs {
                guard off >= 0, off < raw.count - first else { throw .malformed("object stream \(number) is cut short") }
                var parser = PDFParser(raw, at: first + off)
                if let object = try parser.object() { objects[num] = object }
            }
            return objects
        } }
        return try result.get()
    }
}
