import CPoppler
import Foundation

/// One open poppler document. Poppler documents are not thread-safe: use a handle from one thread only
/// (``ScoreDocument`` opens one handle per worker when it renders in parallel).
final class PopplerHandle {
    let document: OpaquePointer

    /// Opens the PDF held by `bytes` (shared, never written) with an optional password.
    init(bytes: SharedBytes, password: String?) throws(ScoreDocumentError) {
        guard bytes.count < Int(Int32.max) else { throw .damaged(reason: "the file is larger than 2 GiB") }
        var error: UnsafeMutablePointer<GError>? = nil
        let doc: OpaquePointer?
        if let password, let uri = bytes.fileURI {
            doc = poppler_document_new_from_file(uri, password, &error)
        } else {
            // No password: poppler never takes its crashing retry path here (see SharedBytes).
            doc = tonmeister_document_from_data(bytes.pointer.baseAddress!.assumingMemoryBound(to: CChar.self),
                                                Int32(bytes.count), &error)
        }
        guard let doc else {
            defer { if error != nil { g_error_free(error) } }
            throw Self.translate(error, passwordGiven: password != nil)
        }
        document = doc
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

    var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// Calls `body` with the poppler page (0-based index), releasing it afterwards.
    func withPage<T>(_ index: Int, _ body: (OpaquePointer) throws(ScoreDocumentError) -> T) throws(ScoreDocumentError) -> T {
        guard let page = poppler_document_get_page(document, Int32(index)) else {
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
