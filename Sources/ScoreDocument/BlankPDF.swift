import CPoppler
import Foundation
import ScoreLayout
import TonmeisterSupport

/// Writes a new PDF of blank pages with overlays drawn on them (worksheets, cover sheets): no source PDF needed.
///
/// Pages are drawn with cairo as vectors; text is set in DejaVu Sans and embedded, so `pdftotext` reads it back.
/// The file is written to a temporary path beside `path` and moved into place, so an existing file is never
/// left half-written and nothing is left behind on failure.
public enum BlankPDF {
    /// Writes one page per element of `pages`, each `size` points large (A4 portrait unless given), with the
    /// overlays drawn in order (origin top-left, y downward); `title` becomes the document title.
    public static func write(pages: [[Overlay]], size: PageSize = .a4, title: String? = nil,
                             to path: String) throws(ScoreDocumentError) {
        guard !pages.isEmpty else { throw .writeFailed(path: path, reason: "there are no pages to write") }
        guard size.width.isFinite, size.height.isFinite, (1...14_400).contains(size.width), (1...14_400).contains(size.height) else {
            throw .writeFailed(path: path, reason: "a page of \(size.width) × \(size.height) points is outside 1…14400")
        }
        let temporary = AtomicFile.temporaryPath(beside: path)
        guard let surface = cairo_pdf_surface_create(temporary, size.width, size.height),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw .writeFailed(path: path, reason: "cairo could not create the PDF")
        }
        if let title { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Tonmeister")
        let cr = cairo_create(surface)!
        for overlays in pages {
            OverlayPainter.draw(overlays, on: cr)
            cairo_show_page(cr)
        }
        let status = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let surfaceStatus = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS && surfaceStatus == CAIRO_STATUS_SUCCESS else {
            try? FileManager.default.removeItem(atPath: temporary)
            let bad = status != CAIRO_STATUS_SUCCESS ? status : surfaceStatus
            throw .writeFailed(path: path, reason: String(cString: cairo_status_to_string(bad)))
        }
        try ScoreDocument.moveIntoPlace(temporary, path)
    }
}
