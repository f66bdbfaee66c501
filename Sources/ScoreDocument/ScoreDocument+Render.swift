import CPoppler
import Foundation
import ScoreLayout
import TonmeisterSupport

extension ScoreDocument {
    /// The largest image side cairo accepts, in pixels.
    public static let maximumPixelsPerSide = 32_767
    /// The largest image Tonmeister renders, in pixels (a 1 GiB colour image).
    public static let maximumPixels = 1 << 28

    /// Renders a page (1-based) to PNG bytes at `dpi`, in colour or 8-bit grayscale, with overlays drawn on top.
    public func renderPNG(page: Int, dpi: Double, gray: Bool = false, overlays: [Overlay] = []) throws(ScoreDocumentError) -> Data {
        try checkPage(page)
        return try Self.renderPNG(handle: handle, index: page - 1, size: pageSizes[page - 1], dpi: dpi, gray: gray, overlays: overlays)
    }

    /// Renders a page and writes it as a PNG file (written to a temporary file, then moved into place).
    public func writePNG(page: Int, dpi: Double, gray: Bool = false, overlays: [Overlay] = [], to path: String) throws(ScoreDocumentError) {
        try Self.write(try renderPNG(page: page, dpi: dpi, gray: gray, overlays: overlays), to: path)
    }

    /// Renders a page to an 8-bit grayscale raster (for layout detection).
    public func grayImage(page: Int, dpi: Double) throws(ScoreDocumentError) -> GrayImage {
        try checkPage(page)
        return try Self.grayImage(handle: handle, index: page - 1, size: pageSizes[page - 1], dpi: dpi)
    }

    // MARK: - Shared with the parallel renderer

    /// The finest resolution cairo can render a page of this size at (within both image limits).
    static func largestDPI(for size: PageSize) -> Double {
        let side = Double(maximumPixelsPerSide) * 72 / max(size.width, size.height, 1)
        let area = (Double(maximumPixels) / max(size.width * size.height, 1)).squareRoot() * 72
        return (min(side, area) * 0.99).rounded(.down)
    }

    /// The pixels of the grid poppler renders a page of `size` on at `dpi` (the page's size in pixels, rounded up).
    static func gridSize(of size: PageSize, dpi: Double) -> (width: Int, height: Int) {
        (max(1, Int((size.width * dpi / 72).rounded(.up))), max(1, Int((size.height * dpi / 72).rounded(.up))))
    }

    static func checkResolution(_ dpi: Double, size: PageSize) throws(ScoreDocumentError) -> (Int, Int) {
        guard dpi.isFinite, dpi > 0 else { throw .invalidResolution(dpi: dpi, reason: "the resolution must be a positive number") }
        let w = (size.width * dpi / 72).rounded(.up), h = (size.height * dpi / 72).rounded(.up)
        guard w <= Double(maximumPixelsPerSide), h <= Double(maximumPixelsPerSide) else {
            let limit = Double(maximumPixelsPerSide) * 72 / max(size.width, size.height)
            // Formatted as doubles: a resolution of 1e300 makes sizes no Int holds.
            throw .invalidResolution(dpi: dpi, reason: "the image would be \(whole(w))×\(whole(h)) pixels, more than cairo's "
                + "\(maximumPixelsPerSide) per side (at most \(whole(limit.rounded(.down))) dpi for this page)")
        }
        guard w * h <= Double(maximumPixels) else {
            throw .invalidResolution(dpi: dpi, reason: "the image would have \(whole(w * h)) pixels (at most \(maximumPixels))")
        }
        return (max(1, Int(w)), max(1, Int(h)))
    }

    /// A whole number of any size for a message (`12345`, or `1e+300`).
    private static func whole(_ value: Double) -> String {
        Int(exactly: value.rounded()).map(String.init) ?? String(format: "%.3g", value)
    }

    /// Renders onto a new white RGB24 image surface; the caller destroys it.
    static func renderSurface(handle: PopplerHandle, index: Int, size: PageSize, dpi: Double,
                              overlays: [Overlay]) throws(ScoreDocumentError) -> OpaquePointer {
        let (w, h) = try checkResolution(dpi, size: size)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(w), Int32(h)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .renderFailed(reason: "cairo could not create a \(w)×\(h) image")
        }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, dpi / 72, dpi / 72)
        try handle.withPage(index) { page in poppler_page_render(page, cr) }
        OverlayPainter.draw(overlays, on: cr)
        cairo_surface_flush(surface)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .renderFailed(reason: String(cString: cairo_status_to_string(status)))
        }
        return surface
    }

    static func grayImage(handle: PopplerHandle, index: Int, size: PageSize, dpi: Double) throws(ScoreDocumentError) -> GrayImage {
        let surface = try renderSurface(handle: handle, index: index, size: size, dpi: dpi, overlays: [])
        defer { cairo_surface_destroy(surface) }
        return grayImage(of: surface, scale: dpi / 72)
    }

    /// Converts an RGB24 surface to 8-bit luminance.
    static func grayImage(of surface: OpaquePointer, scale: Double) -> GrayImage {
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let base = cairo_image_surface_get_data(surface)!
        let source = UncheckedSendable(base)
        let pixels = [UInt8](pageCapacity: w * h) { buffer, initialized in
            let out = UncheckedSendable(buffer)
            Bands.forEach(rows: h, width: w) { band in
                for y in band {
                    let row = UnsafeRawPointer(source.value + y * stride).assumingMemoryBound(to: UInt32.self)
                    let dst = out.value.baseAddress! + y * w
                    for x in 0..<w {
                        let p = row[x]
                        let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                        dst[x] = UInt8(truncatingIfNeeded: (r * 77 + g * 150 + b * 29) >> 8)
                    }
                }
            }
            initialized = w * h
        }
        return GrayImage(width: w, height: h, scale: scale, pixels: pixels)
    }

    static func renderPNG(handle: PopplerHandle, index: Int, size: PageSize, dpi: Double, gray: Bool,
                          overlays: [Overlay]) throws(ScoreDocumentError) -> Data {
        let surface = try renderSurface(handle: handle, index: index, size: size, dpi: dpi, overlays: overlays)
        defer { cairo_surface_destroy(surface) }
        if !gray { return try pngData(surface) }
        let image = grayImage(of: surface, scale: dpi / 72)
        return try PNGGrayWriter.encode(image)
    }

    /// PNG bytes of a cairo surface.
    static func pngData(_ surface: OpaquePointer) throws(ScoreDocumentError) -> Data {
        let sink = DataSink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            let sink = Unmanaged<DataSink>.fromOpaque(closure!).takeUnretainedValue()
            sink.data.append(bytes!, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .renderFailed(reason: "PNG encoding: " + String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }

    /// Writes bytes to a temporary file beside `path`, then renames it into place (see `AtomicFile`).
    static func write(_ data: Data, to path: String) throws(ScoreDocumentError) {
        if let reason = AtomicFile.write(data, to: path) { throw .writeFailed(path: path, reason: reason) }
    }

    /// Renames a finished temporary file over `path` in one step.
    static func moveIntoPlace(_ temporary: String, _ path: String) throws(ScoreDocumentError) {
        if let reason = AtomicFile.moveIntoPlace(temporary, path) { throw .writeFailed(path: path, reason: reason) }
    }
}

/// Collects the bytes cairo writes.
final class DataSink {
    var data = Data()
}
