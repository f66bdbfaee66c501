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

    /// Opens the PDF at `path`, with a password when it is encrypted.
    public convenience init(path: String, password: String? = nil) throws(ScoreDocumentError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "it is a directory") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        try self.init(data: data, password: password)
    }

    /// Opens a PDF held in memory, with a password when it is encrypted.
    public init(data: Data, password: String? = nil) throws(ScoreDocumentError) {
        try Self.checkEnvelope(data)
        self.data = data
        self.password = password
        self.bytes = SharedBytes(data)
        self.handle = try PopplerHandle(bytes: bytes.pointer, password: password)
        let count = handle.pageCount
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
    /// or no `%%EOF` marker near the end (the file was cut short).
    static func checkEnvelope(_ data: Data) throws(ScoreDocumentError) {
        if data.isEmpty { throw .notPDF(reason: "the file is empty") }
        let head = data.prefix(1024)
        guard head.range(of: Data("%PDF-".utf8)) != nil else {
            throw .notPDF(reason: "no %PDF- header in the first 1024 bytes")
        }
        guard data.suffix(1024).range(of: Data("%%EOF".utf8)) != nil else {
            throw .damaged(reason: "the file is truncated (no %%EOF marker at its end)")
        }
    }
}

/// The PDF bytes as a GBytes shared by every poppler document opened on them (GBytes is immutable and
/// its reference count is thread-safe).
final class SharedBytes: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ data: Data) {
        pointer = data.withUnsafeBytes { raw in g_bytes_new(raw.baseAddress, gsize(raw.count)) }
    }

    deinit { g_bytes_unref(pointer) }
}
