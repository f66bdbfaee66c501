import CPoppler

/// A JPEG stream of a scanned page decoded by libjpeg-turbo (its TurboJPEG API, loaded on first use) to 8-bit
/// grey: the grey channel of a grey JPEG, Y of a YCbCr one, as poppler's rendering reads it (libjpeg's accurate
/// integer IDCT, both sides). Baseline, extended, progressive and arithmetic-coded streams are all read; a
/// CMYK, YCCK or RGB-coded stream is ``JPEGError/unsupported(_:)`` and left to poppler, whose colour conversion
/// differs from a luma channel.
///
/// The decoder can scale down by 2, 4 or 8 in the DCT itself (``decode(reduction:into:stride:)``), so a scan
/// finer than detection needs is never held at its full size.
struct JPEGDecoder {
    /// The stream; it must stay valid while the decoder is used.
    let bytes: UnsafeRawBufferPointer
    /// Image size in pixels.
    let width: Int
    let height: Int

    /// Whether TurboJPEG's colour space (`TJCS_*`) `colorspace` is read as luma: grey (2) and YCbCr (1). A
    /// comparison, not a `Set`: the first use of a set of `Int32` looks its `Hashable` conformance up among all of the
    /// executable's, at every process start (0.2 ms of processor time per scan, perf).
    private static func isLuma(_ colorspace: Int32) -> Bool { colorspace == 1 || colorspace == 2 }

    /// Reads the stream's header.
    init(bytes: UnsafeRawBufferPointer) throws(JPEGError) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw .malformed("no start-of-image marker")
        }
        var width: Int32 = 0, height: Int32 = 0, colorspace: Int32 = -1
        var message = [CChar](repeating: 0, count: 200)
        guard tm_jpeg_header(base, UInt(bytes.count), &width, &height, &colorspace, &message, Int32(message.count)) == 0 else {
            throw Self.error(message)
        }
        guard width > 0, height > 0 else { throw .malformed("the image is \(width)×\(height)") }
        guard Self.isLuma(colorspace) else {
            throw .unsupported(colorspace == 3 || colorspace == 4 ? "a CMYK image" : "an RGB-coded image")
        }
        self.bytes = bytes
        self.width = Int(width)
        self.height = Int(height)
    }

    /// The image's size when decoded `reduction` (1, 2, 4 or 8) times smaller: each side divided, rounded up.
    func size(reduction: Int) -> (width: Int, height: Int) {
        ((width + reduction - 1) / reduction, (height + reduction - 1) / reduction)
    }

    /// Decodes the image `reduction` (1, 2, 4 or 8) times smaller (``size(reduction:)``) into `out`, `stride`
    /// bytes a row.
    func decode(reduction: Int = 1, into out: UnsafeMutablePointer<UInt8>, stride: Int) throws(JPEGError) {
        precondition([1, 2, 4, 8].contains(reduction), "a DCT reduction is 1, 2, 4 or 8")
        let (w, h) = size(reduction: reduction)
        precondition(stride >= w)
        var message = [CChar](repeating: 0, count: 200)
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        guard tm_jpeg_decode_gray(base, UInt(bytes.count), Int32(w), Int32(h), out, Int32(stride), &message, Int32(message.count)) == 0 else {
            throw Self.error(message)
        }
    }

    private static func error(_ message: [CChar]) -> JPEGError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.contains("not installed") { return .unsupported(text) }
        return .malformed(text.isEmpty ? "libjpeg-turbo could not decode it" : text)
    }
}
