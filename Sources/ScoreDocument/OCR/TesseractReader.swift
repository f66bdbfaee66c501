import CTesseract

/// One Tesseract reader (its C API, loaded on first use) for short lines of a few allowed characters, such as a
/// printed bar number cut out of a scan.
///
/// Not thread-safe: one reader per thread. Only the LSTM engine is loaded, from the parts of the English model it
/// reads, without the legacy engine's ambiguity table (``skipsLegacyAmbiguities``) nor the debugging images' font
/// (``skipsDebugFont``), and without libcurl and libarchive (``usesLibraryStandIns``): about 6 ms of processor time
/// for the libraries and the model, and 6 MB (0.1 s and 22 MB through Tesseract's own loading). A reader is made once
/// for all the regions of a document.
final class TesseractReader {
    /// Whether loading skips the legacy engine's table of character ambiguities (see Sources/CTesseract/lazy.c):
    /// true when the executable exports lazy.c's definition of the function that builds it.
    static var skipsLegacyAmbiguities: Bool { tm_ocr_skips_universal_ambiguities() != 0 }

    /// Whether making a reader skips the bitmap font Tesseract makes for its debugging images (lazy.c's `bmfCreate`,
    /// exported like the definition above): 1 ms less per reader.
    static var skipsDebugFont: Bool { tm_ocr_skips_debug_font() != 0 }

    /// Whether libtesseract was loaded with the in-memory stand-ins for libcurl and libarchive (Sources/CTesseract/
    /// stubs.c), which it never calls for bar numbers: 3 ms rather than 7–8 to load, 31 libraries fewer. False
    /// before the first reader is made, or where the stand-ins cannot be made (then the real libraries load).
    static var usesLibraryStandIns: Bool { tm_ocr_uses_library_stand_ins() != 0 }

    /// What Tesseract read in one image.
    struct Reading: Hashable, Sendable {
        /// The text, white space at its end removed.
        var text: String
        /// Tesseract's mean confidence, 0–100.
        var confidence: Int
    }

    /// Tesseract's page segmentation modes used here.
    enum Mode: Int32 {
        /// One line of text.
        case line = 7
        /// One word.
        case word = 8
    }

    private let handle: UnsafeMutableRawPointer

    /// Loads libtesseract and its English model, reading only `whitelist`'s characters in `mode`.
    init(whitelist: String, mode: Mode) throws(OCRUnavailable) {
        var message = [CChar](repeating: 0, count: 512)
        guard let handle = tm_ocr_new(whitelist, mode.rawValue, &message, message.count) else {
            throw .notLoaded(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = handle
    }

    deinit { tm_ocr_free(handle) }

    /// Reads an 8-bit gray image (`width` × `height`, row-major, 0 black) taken at `ppi`; nil when nothing was read.
    func read(_ pixels: [UInt8], width: Int, height: Int, ppi: Int) -> Reading? {
        guard width > 0, height > 0, pixels.count >= width * height else { return nil }
        var text = [CChar](repeating: 0, count: 64)
        var confidence: Int32 = 0
        let status = pixels.withUnsafeBufferPointer { buffer in
            tm_ocr_read(handle, buffer.baseAddress, Int32(width), Int32(height), Int32(width), Int32(ppi), &text, text.count, &confidence)
        }
        guard status == 0 else { return nil }
        let read = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Reading(text: read.trimmingSpaces, confidence: Int(confidence))
    }
}

private extension String {
    /// The string without spaces, tabs and line breaks at either end (`Character.isWhitespace`). An ASCII string
    /// (Tesseract's reading of digits) is trimmed by its bytes: the generic trimming looked up protocol conformances
    /// among all of the executable's on its first use, about 0.5 ms of each scan's processor time (perf).
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            // The ASCII characters `isWhitespace` holds: tab, line feed, vertical tab, form feed, carriage return, space.
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
            guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
            let last = bytes.lastIndex(where: { !isSpace($0) })!
            return String(decoding: bytes[first...last], as: UTF8.self)
        }
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
