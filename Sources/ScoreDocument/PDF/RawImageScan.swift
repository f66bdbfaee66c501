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
        streamRefusals(bytes).image
    }

    /// ``inflatedRefusal(_:)``, and beside it the first stream (compressed or not) over the page limits as content
    /// (``contentRefusal(_:at:)``), in one pass over the streams.
    static func streamRefusals(_ bytes: UnsafeRawBufferPointer) -> (image: PDFFile.PageRefusal?, content: PDFFile.PageRefusal?) {
        // Every `stream` keyword (not the tail of `endstream`) is looked at, not only those after the last stream's
        // end: a stream whose `endstream` was lost would otherwise hide the streams up to the next one's end (the
        // campaign's near-s1522-5676).
        let (keywords, ends) = PDFFile.streamKeywords(bytes)
        var total = 0
        var image: PDFFile.PageRefusal?, content: PDFFile.PageRefusal?
        for at in keywords {
            guard total < inflatedTotal, image == nil else { break }
            // The data starts after the end of line.
            var start = at + 6
            if start < bytes.count, bytes[start] == 0x0D { start += 1 }
            guard start < bytes.count, bytes[start] == 0x0A || bytes[start - 1] == 0x0D else { continue }
            if bytes[start] == 0x0A { start += 1 }
            let stop = PDFFile.firstEnd(atOrAfter: start, in: ends) ?? bytes.count
            guard stop - start >= 2 else { continue }
            let stored = UnsafeRawBufferPointer(rebasing: bytes[start..<stop])
            guard let (inflated, undecidable) = try? PDFStreamDecoder.inflateNotingDivergence(stored, limit: inflatedLimit) else {
                // Not compressed: its bytes may still be content poppler draws.
                if content == nil { content = contentRefusal(stored, at: start) }
                continue
            }
            if undecidable, content == nil, inflated.withUnsafeBytes({ speaksContent($0) }) {
                content = PDFFile.PageRefusal(code: "content-undecidable", reason: "the stream at offset \(start) reads as "
                    + "content up to a distance too far back, past which poppler's inflater reads on: what it draws cannot be known")
            }
            total += inflated.count
            inflated.withUnsafeBytes { data in
                image = refusal(widths: values(after: "/W", in: data), heights: values(after: "/H", in: data))
                    ?? refusal(widths: values(after: "/Width", in: data), heights: values(after: "/Height", in: data))
                if content == nil { content = contentRefusal(data, at: start) }
            }
        }
        return (image, content)
    }

    /// A refusal when stream data `data` (found at offset `at`) reads as content over the page limits
    /// (``PDFFile/judge(_:)``: coordinates, operators, dashes, round pens), whatever page poppler finds it on. Only
    /// data that looks like content (nine bytes in ten of its first 4 KiB printable) is read, and only the numbers its
    /// operators take count, so a font program or an image is not taken for content. A mutated file whose page
    /// dictionaries Tonmeister's reader could not read even repaired stroked a line 2·10¹² units wide with round caps
    /// (the campaign's `hang-s1535-9548`: 30 s in cairo's stroker at 300 dpi).
    static func contentRefusal(_ data: UnsafeRawBufferPointer, at: Int) -> PDFFile.PageRefusal? {
        let head = data.prefix(4096)
        // PostScript (a Type 1 font's clear text: `/UniqueID 5000791 def`), XML metadata and CMaps are text too.
        let notContent = ["%!", "<?x", "/CIDInit"].contains { head.starts(with: $0.utf8) }
        guard !head.isEmpty, !notContent,
              head.reduce(0, { $0 + ((0x20...0x7E).contains($1) || PDFParser.isWhitespace($1) ? 1 : 0) }) * 10 >= head.count * 9,
              speaksContent(data),
              let cost = try? PDFFile.contentCost(data, page: true, operatorsOnly: true, resourceOperator: { _, _, _, _ in })
        else { return nil }
        do throws(PDFFile.PageRefusal) {
            try PDFFile.judge(cost)
        } catch {
            return PDFFile.PageRefusal(code: error.code, reason: "the stream at offset \(at) reads as content over a limit (\(error.reason))")
        }
        return nil
    }

    /// The operators of PDF content streams (ISO 32000 table 51), packed as ``ContentLexer/code(_:)`` packs them.
    static let contentOperators: Set<UInt32> = Set(([
        "b", "B", "b*", "B*", "BDC", "BI", "BMC", "BT", "BX", "c", "cm", "CS", "cs", "d", "d0", "d1", "Do", "DP", "EI", "EMC",
        "ET", "EX", "f", "F", "f*", "G", "g", "gs", "h", "i", "ID", "j", "J", "K", "k", "l", "m", "M", "MP", "n", "q", "Q", "re",
        "RG", "rg", "ri", "s", "S", "SC", "sc", "SCN", "scn", "sh", "T*", "Tc", "Td", "TD", "Tf", "Tj", "TJ", "TL", "Tm", "Tr",
        "Ts", "Tw", "Tz", "v", "w", "W", "W*", "y", "'", "\"",
    ] as [StaticString]).map(ContentLexer.code))

    /// Whether nine in ten of the first 2 000 words of `data` are content operators (text such as an attached
    /// LaTeX source, which would be read as numbers and unknown words, is not content).
    static func speaksContent(_ data: UnsafeRawBufferPointer) -> Bool {
        var lexer = ContentLexer(data, tolerant: true)
        var words = 0, known = 0
        while words < 2000, let token = try? lexer.next() {
            guard case .op(let op) = token else { continue }
            words += 1
            if contentOperators.contains(op) { known += 1 }
            if op == ContentOperator.ID { lexer.skipInlineImageData() }
        }
        return words > 0 && known * 10 >= words * 9
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
        private var found: (image: PDFFile.PageRefusal?, fallback: PDFFile.PageRefusal?)?
        private var repaired: PDFFile??

        init(_ bytes: SharedBytes) { self.bytes = bytes }

        /// ``RawImageScan/refusal(_:)`` of the document's bytes, else ``RawImageScan/inflatedRefusal(_:)``.
        func refusal() -> PDFFile.PageRefusal? {
            scan().image
        }

        /// The raw search of images, and apart from it what every stream read as content and every font program of
        /// the repaired structure come to (``fallback``), made once.
        private func scan() -> (image: PDFFile.PageRefusal?, fallback: PDFFile.PageRefusal?) {
            lock.lock()
            defer { lock.unlock() }
            if let found { return found }
            let raw = UnsafeRawBufferPointer(bytes.pointer)
            if let image = RawImageScan.refusal(raw) {
                // Refused already: the streams need not be inflated.
                found = (image, nil)
                return (image, nil)
            }
            let streams = RawImageScan.streamRefusals(raw)
            let outcome = (streams.image, streams.image == nil ? streams.content ?? repairedLocked()?.sweepFontPrograms() : nil)
            found = outcome
            return outcome
        }

        /// ``refusal()``, else the refusal of page `index` (0-based) by the limits check of the repaired structure,
        /// else, whether the repair could check the page or not, the refusal of any stream of the file read as content
        /// (``RawImageScan/contentRefusal(_:at:)``) or of any of its font programs (``PDFFile/sweepFontPrograms()``):
        /// poppler may repair the file otherwise and draw the page from them (the campaign's `memory-s1535-11291`:
        /// the repair took another object for the page, and poppler drew garbled content with a damaged TrueType
        /// program, 3.7 GB; `hang-s1535-9548`: page dictionaries no reader of ours could read, lines 2·10¹² wide).
        func refusal(page index: Int) -> PDFFile.PageRefusal? {
            let (image, fallback) = scan()
            if let image { return image }
            if var file = repairedFile() {
                do throws(PDFCheckError) {
                    try file.checkLimits(page: index)
                } catch {
                    if case .refused(let refusal) = error { return refusal }
                }
            }
            return fallback
        }

        /// A copy of the repaired structure (each caller gets its own caches).
        private func repairedFile() -> PDFFile? {
            lock.lock()
            defer { lock.unlock() }
            return repairedLocked()
        }

        /// ``repairedFile()`` with the lock held.
        private func repairedLocked() -> PDFFile? {
            if let repaired { return repaired }
            let file = try? PDFFile(repairing: UnsafeRawBufferPointer(bytes.pointer))
            repaired = .some(file)
            return file
        }
    }
}
