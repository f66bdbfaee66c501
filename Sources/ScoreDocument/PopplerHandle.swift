import CPoppler
import Foundation

/// One poppler document, opened when first used. Poppler documents are not thread-safe: use a handle from one
/// thread only (``ScoreDocument`` opens one handle per worker when it renders in parallel).
///
/// Opening waits for the first use because a scanned page Tonmeister decodes itself never needs poppler: such a
/// page is read without loading poppler at all.
final class PopplerHandle {
    private let bytes: SharedBytes
    private let password: String?
    private var opened: OpaquePointer?
    private let lock = NSLock()

    /// A handle on the PDF held by `bytes` (shared, never written) with an optional password.
    init(bytes: SharedBytes, password: String?) throws(ScoreDocumentError) {
        guard bytes.count < Int(Int32.max) else { throw .damaged(reason: "the file is larger than 2 GiB") }
        self.bytes = bytes
        self.password = password
    }

    /// The poppler document, opened now if it is not yet; poppler's refusal is thrown here.
    func document() throws(ScoreDocumentError) -> OpaquePointer {
        lock.lock()
        defer { lock.unlock() }
        if let opened { return opened }
        var error: UnsafeMutablePointer<GError>? = nil
        let doc: OpaquePointer?
        if let password, let uri = bytes.fileURI {
            doc = poppler_document_new_from_file(uri, password, &error)
        } else {
            // No password: poppler never takes its crashing retry path here (see SharedBytes).
            doc = poppler_document_new_from_data(bytes.pointer.baseAddress!.assumingMemoryBound(to: CChar.self),
                                                 Int32(bytes.count), nil, &error)
        }
        guard let doc else {
            defer { if error != nil { g_error_free(error) } }
            throw Self.translate(error, passwordGiven: password != nil)
        }
        opened = doc
        return doc
    }

    deinit { if let opened { g_object_unref(UnsafeMutableRawPointer(opened)) } }

    /// The number of pages poppler finds.
    func pageCount() throws(ScoreDocumentError) -> Int { Int(poppler_document_get_n_pages(try document())) }

    /// Calls `body` with the poppler page (0-based index), releasing it afterwards.
    func withPage<T>(_ index: Int, _ body: (OpaquePointer) throws(ScoreDocumentError) -> T) throws(ScoreDocumentError) -> T {
        guard let page = poppler_document_get_page(try document(), Int32(index)) else {
            throw .damaged(reason: "page \(index + 1) cannot be read")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        return try body(page)
    }

    /// The page size in points after `/Rotate`, as poppler reports it.
    func pageSize(_ index: Int) throws(ScoreDocumentError) -> PageSize {
        try withPage(index) { page in
            var w = 0.0, h = 0.0
            poppler_page_get_size(page, &w, &h)
            return PageSize(width: w, height: h)
        }
    }

    private static func translate(_ error: UnsafeMutablePointer<GError>?, passwordGiven: Bool) -> ScoreDocumentError {
        guard let error else { return .damaged(reason: "poppler could not open the document") }
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        if error.pointee.domain == poppler_error_quark() && UInt32(error.pointee.code) == POPPLER_ERROR_ENCRYPTED.rawValue {
            return passwordGiven ? .wrongPassword : .passwordRequired
        }
        return .damaged(reason: message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
