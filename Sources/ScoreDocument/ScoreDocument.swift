import CPoppler
import Foundation

/// A PDF score opened through poppler-glib: page count, page sizes, rendering and annotated copies.
///
/// Coordinates are PDF points with the origin at the top-left of the page and y growing downward,
/// after the page's `/Rotate`. A document is not thread-safe (poppler's documents are not); methods
/// that render many pages open one poppler document per worker thread from the same bytes.
public final class ScoreDocument {
    /// The number of pages.
    public let pageCount: Int
    /// The size of every page in points, in page order.
    public let pageSizes: [PageSize]
    /// The raw bytes of the PDF.
    public let data: Data

    let password: String?
    let bytes: SharedBytes
    let handle: PopplerHandle
    /// The file's structure as Tonmeister's own PDF reader read it when the document was opened (nil when that
    /// reader cannot read the file); a value, so each use works on its own copy.
    let structure: PDFFile?
    /// Damage repaired when the document was opened, one line each (for warnings).
    public let repairs: [String]
    /// Each page's limits check, made once (detection, printed numbers and the drawn form all ask).
    let pageChecks = PageCheckMemo()
    /// Each page's drawing as the form reading reads it, read once.
    let drawnPages = DrawnPageCache()
    /// Each page's text laid out by poppler once, as words and music symbols.
    let pageTexts = PageTextCache()
    /// The groups of ink the bar-number OCR reads on scanned pages, cut out when detection decoded them.
    let scanCutOuts = ScanCutOutCache()

    /// Opens the PDF at `path`, with a password when it is encrypted. The file is mapped, not copied
    /// (``SharedBytes``): it must not be cut short while the document is open, or reading it fails with ``ScoreDocumentError/unreadable(path:reason:)``.
    public convenience init(path: String, password: String? = nil) throws(ScoreDocumentError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "it is a directory") }
        try self.init(bytes: try SharedBytes(contentsOf: path, needsFile: password != nil), password: password)
    }

    /// Opens a PDF held in memory, with a password when it is encrypted.
    public convenience init(data: Data, password: String? = nil) throws(ScoreDocumentError) {
        try self.init(bytes: try SharedBytes(data, path: nil, needsFile: password != nil), password: password)
    }

    private init(bytes: SharedBytes, password: String?) throws(ScoreDocumentError) {
        let raw = UnsafeRawBufferPointer(bytes.pointer)
        try Self.checkEnvelope(UnsafeRawBufferPointer(rebasing: raw.prefix(bytes.count)))
        // A plain file gives its page sizes to Tonmeister's own reader, and poppler is opened only when a page
        // needs it; anything else is opened by poppler now (which also repairs damaged files).
        var structure = try? PDFFile(bytes: raw)
        // A header numbered far beyond the table would make poppler rebuild a table that large (PDFFile.StrayHeader):
        // repaired in the bytes poppler reads, or refused when poppler reads the file itself (a password).
        let stray = structure?.strayHeaders { bytes.releaseResident(range: $0) } ?? []
        if let first = stray.first, bytes.fileURI != nil {
            throw .damaged(reason: first.refusal)
        }
        // The file as read names the file (its hash): kept before a repair changes the shared bytes.
        let original = stray.isEmpty ? nil : Data(raw.prefix(bytes.count))
        if !stray.isEmpty { bytes.willWrite() }
        PDFFile.repair(stray, in: bytes.pointer)
        repairs = stray.map(\.repair)
        // The file's bytes are held once: `data` reads the shared buffer (and keeps it alive); unless the shared bytes
        // were repaired, when `data` is the file as read.
        self.data = original ?? Data(bytesNoCopy: bytes.pointer.baseAddress!, count: bytes.count, deallocator: .custom { _, _ in
            withExtendedLifetime(bytes) {}
        })
        self.password = password
        self.bytes = bytes
        self.handle = try PopplerHandle(bytes: bytes, password: password)
        let ownSizes = password == nil ? (try? structure?.pageSizes()) ?? nil : nil
        self.structure = structure
        if let sizes = ownSizes {
            try bytes.checkUnchanged()
            // Opening read the whole file (the search for stray headers): its pages need not stay in memory.
            bytes.releaseResident()
            pageCount = sizes.count
            pageSizes = sizes
            return
        }
        // Poppler repairs a file Tonmeister's reader cannot read, sizing its table of objects by the largest number.
        if structure == nil, let reason = PDFFile.repairRefusal(raw) {
            throw .damaged(reason: reason)
        }
        let count = try handle.pageCount()
        guard count > 0 else { throw .damaged(reason: "the document has no pages") }
        pageCount = count
        var sizes: [PageSize] = []
        for index in 0..<count {
            let size = try handle.pageSize(index)
            guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
                throw .damaged(reason: "page \(index + 1) has no size")
            }
            sizes.append(size)
        }
        pageSizes = sizes
        try bytes.checkUnchanged()
        bytes.releaseResident()
    }

    /// The size of a page (1-based) in points.
    public func pageSize(_ page: Int) throws(ScoreDocumentError) -> PageSize {
        try checkPage(page)
        return pageSizes[page - 1]
    }

    func checkPage(_ page: Int) throws(ScoreDocumentError) {
        guard (1...pageCount).contains(page) else { throw .pageOutOfRange(page: page, pageCount: pageCount) }
    }

    /// Rejects bytes that cannot be a complete PDF before poppler sees them: a missing `%PDF-` header,
    /// or no `%%EOF` marker at all (the file was cut short). Bytes after the last `%%EOF` (padding, a signature, junk a
    /// mail program appended) are allowed, however many: readers ignore them.
    static func checkEnvelope(_ bytes: UnsafeRawBufferPointer) throws(ScoreDocumentError) {
        if bytes.isEmpty { throw .notPDF(reason: "the file is empty") }
        // Searched in the bytes themselves: `Data.range(of:)` copies the whole file into an NSData first (on Linux),
        // a copy as large as the PDF, made on every open.
        let header = lastRange(of: Array("%PDF-".utf8), in: UnsafeRawBufferPointer(rebasing: bytes.prefix(1024))) != nil
        let end = lastRange(of: Array("%%EOF".utf8), in: bytes) != nil
        guard header else { throw .notPDF(reason: "no %PDF- header in the first 1024 bytes") }
        guard end else { throw .damaged(reason: "the file is truncated (no %%EOF marker at its end)") }
    }

    /// The start of the last occurrence of `needle` in `bytes`; nil when there is none.
    static func lastRange(of needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var start = bytes.count - needle.count
        while start >= 0 {
            if bytes[start] == first, needle.indices.allSatisfy({ bytes[start + $0] == needle[$0] }) { return start }
            start -= 1
        }
        return nil
    }
}
