import CPoppler
import Foundation
import ScoreLayout
import TonmeisterSupport

extension ScoreDocument {
    /// Writes a new PDF with every page of this score as vectors and the overlays drawn on top.
    /// `overlays` maps 1-based page numbers to what to draw there. The file is written to a temporary
    /// path first and moved into place, so an existing file is never left half-written.
    public func writeAnnotatedPDF(overlays: [Int: [Overlay]], to path: String) throws(ScoreDocumentError) {
        try Self.writeAnnotatedPDF([(self, overlays)], to: path)
    }

    /// Writes one PDF with every page of each score in turn (a session of several scores), each with its overlays
    /// (by the score's own 1-based page numbers) drawn on top; written to a temporary path and moved into place.
    public static func writeAnnotatedPDF(_ parts: [(document: ScoreDocument, overlays: [Int: [Overlay]])],
                                         to path: String) throws(ScoreDocumentError) {
        for part in parts { for page in part.overlays.keys { try part.document.checkPage(page) } }
        guard let firstDocument = parts.first?.document else { throw .writeFailed(path: path, reason: "no score to write") }
        let temporary = AtomicFile.temporaryPath(beside: path)
        let first = firstDocument.pageSizes[0]
        guard let surface = cairo_pdf_surface_create(temporary, first.width, first.height),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .writeFailed(path: path, reason: "cairo could not create the PDF")
        }
        let cr = cairo_create(surface)!
        var failure: ScoreDocumentError?
        pages: for (document, overlays) in parts {
            for index in 0..<document.pageCount {
                let size = document.pageSizes[index]
                cairo_pdf_surface_set_size(surface, size.width, size.height)
                do {
                    try document.handle.withPage(index) { page in poppler_page_render_for_printing(page, cr) }
                } catch {
                    failure = error
                    break pages
                }
                OverlayPainter.draw(overlays[index + 1] ?? [], on: cr)
                cairo_show_page(cr)
            }
        }
        let status = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let surfaceStatus = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        if failure == nil && (status != CAIRO_STATUS_SUCCESS || surfaceStatus != CAIRO_STATUS_SUCCESS) {
            let bad = status != CAIRO_STATUS_SUCCESS ? status : surfaceStatus
            failure = .writeFailed(path: path, reason: String(cString: cairo_status_to_string(bad)))
        }
        if let failure {
            try? FileManager.default.removeItem(atPath: temporary)
            throw failure
        }
        try Self.moveIntoPlace(temporary, path)
    }
}
