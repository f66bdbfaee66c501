import Foundation

extension PDFFile {
    /// The most objects a repair registers (a larger file is left unrepaired).
    static let maximumRepairedObjects = 1 << 20

    /// Reads a file whose cross-reference data is damaged as poppler repairs one: every `N G obj` found in the bytes
    /// (a later one replacing an earlier one of the same number), the objects of the object streams among them, and
    /// the `/Root` of the last trailer dictionary or cross-reference stream naming one, else the last catalog.
    ///
    /// Used only to check a page's limits before poppler draws it (``checkLimits(page:)``) when the file cannot be
    /// read otherwise: the readings themselves never read a repaired file.
    init(repairing bytes: UnsafeRawBufferPointer) throws(PDFReadError) {
        var found: [(number: Int, at: Int)] = []
        try Self.forEachObjectHeader(bytes) { header throws(PDFReadError) in
            found.append(header)
            guard found.count <= Self.maximumRepairedObjects else { throw .unsupported("more than a million objects to repair") }
        }
        var entries: [Int: Entry] = [:]
        for object in found { entries[object.number] = .offset(object.at) }
        var file = PDFFile(bytes: bytes, entries: entries, trailer: [:])
        var root: PDFObject?
        var catalog: Int?
        for object in found where entries[object.number] == .offset(object.at) {
            guard let dictionary = (try? file.indirectObject(at: object.at))?.object.dictionary else { continue }
            switch dictionary["Type"]?.name {
            case "ObjStm"?:
                for number in (try? file.readObjectStream(object.number))?.keys.sorted() ?? [] where entries[number] == nil {
                    entries[number] = .compressed(stream: object.number, index: 0)
                }
            case "XRef"?:
                if dictionary["Encrypt"] != nil { throw .unsupported("encryption") }
                if let named = dictionary["Root"] { root = named }
            case "Catalog"?: catalog = object.number
            default: break
            }
        }
        let trailer = Self.lastTrailer(bytes)
        if trailer?["Encrypt"] != nil { throw .unsupported("encryption") }
        if let named = trailer?["Root"] { root = named }
        guard let root = root ?? catalog.map({ .reference($0, 0) }) else { throw .malformed("no catalog found while repairing") }
        self.init(bytes: bytes, entries: entries, trailer: ["Root": root])
    }

    /// Calls `body` with every `N G obj` header in `bytes` (its object number and where `N` starts), in order.
    /// `obj` ends a word, unless `asPopplerSizes`: poppler's repair sizes its table by every `N G obj` whatever byte
    /// follows it (the campaign's `memory-s1535-29657`: `9999913 0 obj\xc3<<`, 671 MB reserved).
    ///
    /// Every file is searched when it is opened (``strayHeaders()``), so the search jumps from one `o` to the next
    /// with `memchr` rather than looking at every byte.
    static func forEachObjectHeader(_ bytes: UnsafeRawBufferPointer, asPopplerSizes: Bool = false, within window: Range<Int>? = nil,
                                    _ body: ((number: Int, at: Int)) throws(PDFReadError) -> Void) throws(PDFReadError) {
        guard let base = bytes.baseAddress, bytes.count >= 3 else { return }
        // With `window`, only an `obj` starting inside it (its header may begin before it).
        var p = max(0, window?.lowerBound ?? 0)
        let last = min(bytes.count - 2, window?.upperBound ?? bytes.count)
        while p < last, let hit = memchr(base + p, 0x6F, last - p) {
            let o = base.distance(to: UnsafeRawPointer(hit))
            let end = o + 3
            // `obj` ending a word, after `N G`.
            if bytes[o + 1] == 0x62, bytes[o + 2] == 0x6A,
               asPopplerSizes || end == bytes.count || PDFParser.isWhitespace(bytes[end]) || PDFParser.isDelimiter(bytes[end]),
               let header = Self.objectHeader(bytes, before: o) {
                try body(header)
            }
            p = o + 1
        }
    }

    /// The largest object number poppler may be asked to make room for when it repairs a damaged file: it sizes its
    /// table of objects by the largest `N G obj` it finds (about 40 bytes an entry, in every document it opens).
    static let maximumRepairedObjectNumber = 1 << 20

    /// Why poppler must not repair `bytes`: an `N G obj` whose number passes ``maximumRepairedObjectNumber`` (the PDF
    /// campaign's `memory-s1524-351`: one object renumbered 9 999 913 made each of poppler's three open documents
    /// reserve hundreds of megabytes, 1.2 GB in all). Nil when no such header exists.
    static func repairRefusal(_ bytes: UnsafeRawBufferPointer) -> String? {
        var largest = 0
        try? forEachObjectHeader(bytes, asPopplerSizes: true) { header in largest = max(largest, header.number) }
        guard largest > maximumRepairedObjectNumber else { return nil }
        return "it names object \(largest), and repairing it would reserve room for that many objects "
            + "(at most \(maximumRepairedObjectNumber))"
    }

    /// `N G obj` ending at `end` (where `obj` starts): the object number and where `N` starts.
    static func objectHeader(_ bytes: UnsafeRawBufferPointer, before end: Int) -> (number: Int, at: Int)? {
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        var p = end - 1
        func skip(_ test: (UInt8) -> Bool, most: Int) -> Int {
            var n = 0
            while p >= 0 && n < most && test(bytes[p]) { p -= 1; n += 1 }
            return n
        }
        guard skip(PDFParser.isWhitespace, most: 16) > 0, skip(isDigit, most: 6) > 0, skip(PDFParser.isWhitespace, most: 16) > 0 else {
            return nil
        }
        let numberEnd = p
        guard skip(isDigit, most: 10) > 0, p < 0 || PDFParser.isWhitespace(bytes[p]) || PDFParser.isDelimiter(bytes[p]) else { return nil }
        var number = 0
        for k in (p + 1)...numberEnd { number = number * 10 + Int(bytes[k] - 0x30) }
        return (number, p + 1)
    }

    /// The last `trailer` dictionary that names a `/Root`.
    private static func lastTrailer(_ bytes: UnsafeRawBufferPointer) -> [String: PDFObject]? {
        let key = Array("trailer".utf8)
        var p = bytes.count - key.count
        while p >= 0 {
            if bytes[p] == key[0], (1..<key.count).allSatisfy({ bytes[p + $0] == key[$0] }) {
                var parser = PDFParser(bytes, at: p + key.count)
                if case .dictionary(let trailer)? = try? parser.object(), trailer["Root"] != nil { return trailer }
            }
            p -= 1
        }
        return nil
    }
}
