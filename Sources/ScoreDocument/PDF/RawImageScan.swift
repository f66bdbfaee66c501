import Foundation

/// Image sizes found in a PDF's raw bytes, for a file or a page Tonmeister's PDF reader could not read (poppler
/// repairs it and would decode its images at their declared size): every `/Width` is paired with the nearest
/// `/Height` within ``reach`` bytes, as in one image dictionary, and every `/W` with the nearest `/H`, as in an
/// inline image's (`BI /W … /H … ID`). Image dictionaries are never compressed (streams cannot lie in object
/// streams); inline images inside compressed content streams are found by inflating every stream the bytes hold
/// (``inflatedRefusal(_:)``), whatever dictionary (damaged or not) heads it.
enum RawImageScan {
    /// How far apart a `/Width` and `/Height` of one dictionary may lie.
    static let reach = 512
    /// The most bytes one stream is inflated to, and all of them together, in the search of compressed streams.
    static let inflatedLimit = 32 << 20, inflatedTotal = 128 << 20

    /// A refusal when an inline image of a Flate-compressed stream declares more than ``PDFFile/maximumImagePixels``
    /// pixels. Each `stream` keyword's data, up to the next `endstream` (or as far as it inflates), is inflated (as
    /// poppler would, tolerating a damaged end); what does not inflate is not compressed content. A mutated file hid a 10¹⁰-pixel inline image in
    /// a page whose dictionary Tonmeister's reader could not read even repaired (a stray `}`), and poppler's text
    /// reading spent 6.6 s skipping the image's declared bytes.
    static func inflatedRefusal(_ bytes: UnsafeRawBufferPointer) -> PDFFile.PageRefusal? {
        // Every `stream` keyword (not the tail of `endstream`) is looked at, not only those after the last stream's
        // end: a stream whose `endstream` was lost would otherwise hide the streams up to the next one's end (the
        // campaign's near-s1522-5676).
        let (keywords, ends) = PDFFile.streamKeywords(bytes)
        var total = 0
        for at in keywords {
            guard total < inflatedTotal else { break }
            // The data starts after the end of line.
            var start = at + 6
            if start < bytes.count, bytes[start] == 0x0D { start += 1 }
            guard start < bytes.count, bytes[start] == 0x0A || bytes[start - 1] == 0x0D else { continue }
            if bytes[start] == 0x0A { start += 1 }
            let stop = PDFFile.firstEnd(atOrAfter: start, in: ends) ?? bytes.count
            guard stop - start >= 2, let inflated = try? PDFStreamDecoder.inflate(UnsafeRawBufferPointer(rebasing: bytes[start..<stop]),
                                                                                   limit: inflatedLimit) else { continue }
            total += inflated.count
            let found = inflated.withUnsafeBytes { data -> PDFFile.PageRefusal? in
                refusal(widths: values(after: "/W", in: data), heights: values(after: "/H", in: data))
                    ?? refusal(widths: values(after: "/Width", in: data), heights: values(after: "/Height", in: data))
            }
            if let found { return found }
        }
        return nil
    }

    /// A refusal when some image declares more than ``PDFFile/maximumImagePixels`` pixels.
    static func refusal(_ bytes: UnsafeRawBufferPointer) -> PDFFile.PageRefusal? {
        refusal(widths: values(after: "/Width", in: bytes), heights: values(after: "/Height", in: bytes))
            ?? refusal(widths: values(after: "/W", in: bytes), heights: values(after: "/H", in: bytes))
    }

    /// A refusal when a width and a height within ``reach`` bytes of each other multiply beyond the limit.
    private static func refusal(widths: [(at: Int, value: Double)], heights: [(at: Int, value: Double)]) -> PDFFile.PageRefusal? {
        guard !widths.isEmpty, !heights.isEmpty else { return nil }
        var h = 0
        for (at, width) in widths {
            while h + 1 < heights.count && heights[h + 1].at <= at { h += 1 }
            for k in [h, h + 1] where k < heights.count && abs(heights[k].at - at) <= reach {
                let pixels = width * heights[k].value
                if pixels > PDFFile.maximumImagePixels {
                    return PDFFile.PageRefusal(code: "image-too-large", reason: "an image declares \(width) × \(heights[k].value) pixels, "
                        + "more than the \(Int(PDFFile.maximumImagePixels)) a page may have")
                }
            }
        }
        return nil
    }

    /// The numbers following each occurrence of the name `key` (not a longer name), by offset.
    static func values(after key: String, in bytes: UnsafeRawBufferPointer) -> [(at: Int, value: Double)] {
        let k = Array(key.utf8)
        var found: [(at: Int, value: Double)] = []
        var p = 0
        while let at = PDFFile.offset(of: k, in: bytes, from: p), at + k.count < bytes.count {
            let end = at + k.count
            if PDFParser.isWhitespace(bytes[end]) || PDFParser.isDelimiter(bytes[end]) {
                var parser = PDFParser(bytes, at: end)
                if let number = (try? parser.object())??.number { found.append((at, number.magnitude)) }
            }
            p = end
        }
        return found
    }
}

extension RawImageScan {
    /// The scan of one document's raw bytes, done at most once (by the first page that needs it: every page when
    /// the structure could not be read, else a page Tonmeister's reader could not check), shared by the workers;
    /// with it, the document's structure as poppler would repair it (``PDFFile/init(repairing:)``), to check the
    /// limits of such a page after all.
    final class Once: @unchecked Sendable {
        private let bytes: SharedBytes
        private let lock = NSLock()
        private var found: PDFFile.PageRefusal??
        private var repaired: PDFFile??

        init(_ bytes: SharedBytes) { self.bytes = bytes }

        /// ``RawImageScan/refusal(_:)`` of the document's bytes, else ``RawImageScan/inflatedRefusal(_:)``.
        func refusal() -> PDFFile.PageRefusal? {
            lock.lock()
            defer { lock.unlock() }
            if let found { return found }
            let raw = UnsafeRawBufferPointer(bytes.pointer)
            let refusal = RawImageScan.refusal(raw) ?? RawImageScan.inflatedRefusal(raw)
            found = .some(refusal)
            return refusal
        }

        /// ``refusal()``, else the refusal of page `index` (0-based) by the limits check of the repaired structure
        /// (nil when the repair cannot read that page either: then only the raw search checked it).
        func refusal(page index: Int) -> PDFFile.PageRefusal? {
            if let refusal = refusal() { return refusal }
            guard var file = repairedFile() else { return nil }
            do throws(PDFCheckError) {
                try file.checkLimits(page: index)
            } catch {
                if case .refused(let refusal) = error { return refusal }
            }
            return nil
        }

        /// A copy of the repaired structure (each caller gets its own caches).
        private func repairedFile() -> PDFFile? {
            lock.lock()
            defer { lock.unlock() }
            if let repaired { return repaired }
            let file = try? PDFFile(repairing: UnsafeRawBufferPointer(bytes.pointer))
            repaired = .some(file)
            return file
        }
    }
}
