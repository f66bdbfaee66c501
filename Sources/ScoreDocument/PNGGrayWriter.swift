import CPoppler
import Foundation

/// Encodes a ``GrayImage`` as an 8-bit grayscale PNG through cairo (cairo writes A8 surfaces as gray PNGs).
enum PNGGrayWriter {
    static func encode(_ image: GrayImage) throws(ScoreDocumentError) -> Data {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(image.width), Int32(image.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .renderFailed(reason: "cairo could not create a \(image.width)×\(image.height) gray image")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let base = cairo_image_surface_get_data(surface)!
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                (base + y * stride).update(from: src.baseAddress! + y * image.width, count: image.width)
            }
        }
        cairo_surface_mark_dirty(surface)
        return try ScoreDocument.pngData(surface)
    }
}
