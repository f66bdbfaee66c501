/// A page-sized gray raster with one image placed on it at a whole-pixel offset; white elsewhere.
///
/// The image is written straight into the page's pixels when it lies wholly on the page (a scan: the usual
/// case), else into a scratch buffer whose visible part is copied. Only the margins are filled with white: the
/// page's buffer is never zero-filled first.
struct ImageCanvas {
    var width: Int
    var height: Int
    /// The image's top-left corner on the page, in pixels (may be negative or past the page).
    var x: Int
    var y: Int
    var imageWidth: Int
    var imageHeight: Int

    /// The page's pixels after `body` has written the image (`imageHeight` rows of `imageWidth` pixels,
    /// `stride` bytes apart).
    func draw<E: Error>(_ body: (UnsafeMutablePointer<UInt8>, Int) throws(E) -> Void) throws(E) -> [UInt8] {
        var failure: E?
        let pixels = [UInt8](pageCapacity: width * height) { buffer, initialized in
            let page = buffer.baseAddress!
            initialized = width * height
            let inside = x >= 0 && y >= 0 && x + imageWidth <= width && y + imageHeight <= height
            if inside {
                fillMargins(page)
                do throws(E) { try body(page + y * width + x, width) } catch { failure = error }
                return
            }
            page.update(repeating: 255, count: width * height)
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: imageWidth * imageHeight)
            defer { scratch.deallocate() }
            do throws(E) { try body(scratch, imageWidth) } catch { failure = error; return }
            let x0 = max(0, x), x1 = min(width, x + imageWidth), y0 = max(0, y), y1 = min(height, y + imageHeight)
            guard x0 < x1, y0 < y1 else { return }
            for row in y0..<y1 {
                (page + row * width + x0).update(from: scratch + (row - y) * imageWidth + (x0 - x), count: x1 - x0)
            }
        }
        if let failure { throw failure }
        return pixels
    }

    /// Whitens the page outside the image (which lies wholly on it).
    private func fillMargins(_ page: UnsafeMutablePointer<UInt8>) {
        page.update(repeating: 255, count: y * width)
        let below = y + imageHeight
        (page + below * width).update(repeating: 255, count: (height - below) * width)
        guard x > 0 || x + imageWidth < width else { return }
        for row in y..<below {
            let line = page + row * width
            line.update(repeating: 255, count: x)
            (line + x + imageWidth).update(repeating: 255, count: width - x - imageWidth)
        }
    }

    /// Converts 8-bit gray or RGB samples to gray with the weights the poppler path uses (77, 150, 29 / 256).
    static func gray(from samples: UnsafePointer<UInt8>, components: Int, width: Int, height: Int,
                     into out: UnsafeMutablePointer<UInt8>, stride: Int) {
        for row in 0..<height {
            let source = samples + row * width * components, line = out + row * stride
            if components == 1 {
                line.update(from: source, count: width)
                continue
            }
            for x in 0..<width {
                let r = UInt32(source[3 * x]), g = UInt32(source[3 * x + 1]), b = UInt32(source[3 * x + 2])
                line[x] = UInt8(truncatingIfNeeded: (r * 77 + g * 150 + b * 29) >> 8)
            }
        }
    }
}
