/// Image sizes found in a PDF's raw bytes, for a file Tonmeister's PDF reader could not read (poppler repairs
/// it and would decode its images at their declared size): every `/Width` is paired with the nearest `/Height`
/// within ``reach`` bytes, as in one image dictionary. Image dictionaries are never compressed (streams cannot
/// lie in object streams); inline images inside compressed content streams are not seen.
enum RawImageScan {
    /// How far apart a `/Width` and `/Height` of one dictionary may lie.
    static let reach = 512

    /// A refusal when some image declares more than ``PDFFile/maximumImagePixels`` pixels.
    static func refusal(_ bytes: UnsafeRawBufferPointer) -> PDFFile.PageRefusal? {
        let widths = values(after: "/Width", in: bytes), heights = values(after: "/Height", in: bytes)
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
        while p + k.count < bytes.count {
            if bytes[p] == k[0], (1..<k.count).allSatisfy({ bytes[p + $0] == k[$0] }) {
                let end = p + k.count
                if PDFParser.isWhitespace(bytes[end]) || PDFParser.isDelimiter(bytes[end]) {
                    var parser = PDFParser(bytes, at: end)
                    if let number = (try? parser.object())??.number { found.append((p, number.magnitude)) }
                }
                p = end
            } else {
                p += 1
            }
        }
        return found
    }
}
