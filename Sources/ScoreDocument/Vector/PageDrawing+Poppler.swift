import CPoppler

extension PageDrawing {
    /// The script text cairo writes while poppler draws a page, collected in memory.
    private final class ScriptBuffer {
        var bytes: [UInt8] = []
        /// Past this size the rest is dropped (a page of millions of objects): what came before is still read.
        let limit = 64 << 20
    }

    /// Reads what page `index` (0-based) draws through cairo's script surface.
    static func read(handle: PopplerHandle, index: Int, size: PageSize) throws(ScoreDocumentError) -> PageDrawing {
        CairoScriptReader.read(try script(handle: handle, index: index, size: size), width: size.width, height: size.height)
    }

    /// The script cairo's script surface writes while poppler draws page `index` (0-based).
    static func script(handle: PopplerHandle, index: Int, size: PageSize) throws(ScoreDocumentError) -> [UInt8] {
        let buffer = ScriptBuffer()
        let context = Unmanaged.passRetained(buffer)
        defer { context.release() }
        guard let device = cairo_script_create_for_stream({ closure, data, length in
            let buffer = Unmanaged<ScriptBuffer>.fromOpaque(closure!).takeUnretainedValue()
            if let data, buffer.bytes.count < buffer.limit {
                buffer.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            }
            return CAIRO_STATUS_SUCCESS
        }, context.toOpaque()) else { throw .renderFailed(reason: "cairo could not create a script device") }
        defer { RetiredScriptDevices.shared.keep(device) }
        guard let surface = cairo_script_surface_create(device, CAIRO_CONTENT_COLOR_ALPHA, size.width, size.height) else {
            throw .renderFailed(reason: "cairo could not create a script surface")
        }
        let cr = cairo_create(surface)!
        // Printing mode: poppler draws exact coordinates (on screen it snaps thin lines to whole pixels).
        try handle.withPage(index) { page in poppler_page_render_for_printing(page, cr) }
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return buffer.bytes
    }

    /// The fraction of the page covered by embedded images (near 1 for a scanned page).
    static func imageCoverage(handle: PopplerHandle, index: Int, size: PageSize) throws(ScoreDocumentError) -> Double {
        try handle.withPage(index) { page in
            guard let list = poppler_page_get_image_mapping(page) else { return 0 }
            defer { poppler_page_free_image_mapping(list) }
            var area = 0.0
            var node: UnsafeMutablePointer<GList>? = list
            while let current = node {
                if let data = current.pointee.data {
                    let mapping = data.assumingMemoryBound(to: PopplerImageMapping.self).pointee
                    let w = min(mapping.area.x2, size.width) - max(mapping.area.x1, 0)
                    let h = min(mapping.area.y2, size.height) - max(mapping.area.y1, 0)
                    if w > 0 && h > 0 { area += w * h }
                }
                node = current.pointee.next
            }
            return min(1, area / max(1, size.width * size.height))
        }
    }
}
