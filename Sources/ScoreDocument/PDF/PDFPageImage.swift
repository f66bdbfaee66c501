/// The one image a scanned page draws, as found by Tonmeister's PDF reader: its stream, format and where it
/// lies on the page.
///
/// Only the plainest scanned page qualifies: a content stream of `q`, `Q`, `cm`, harmless state operators and
/// a single `Do` of an image XObject placed upright without rotation, shear or flip; no page `/Rotate`, no
/// masks, no `/Decode`, 8 bits per component in DeviceGray or DeviceRGB, compressed with DCTDecode or
/// FlateDecode; or a bilevel DeviceGray image compressed with CCITTFaxDecode (see ``ccittFormat(of:in:)``).
/// Everything else throws ``PDFReadError/unsupported(_:)`` and the page is read through poppler.
struct PDFPageImage: Sendable {
    /// How the image's samples are stored.
    enum Format: Sendable, Equatable {
        /// A JPEG stream (DCTDecode).
        case jpeg
        /// Zlib-compressed samples with `components` (1 or 3) bytes per pixel.
        case flate(components: Int)
        /// CCITT fax data of one bit per pixel, drawn with `/Decode [1 0]` when `inverted`.
        case ccitt(CCITTDecoder.Parameters, inverted: Bool)
    }

    var width: Int
    var height: Int
    var format: Format
    /// The image stream's dictionary and its encoded data's place in the file.
    var dictionary: [String: PDFObject]
    var data: Range<Int>
    /// The image's rectangle on the page, in points from the top-left corner of the visible page.
    var x: Double
    var y: Double
    var placedWidth: Double
    var placedHeight: Double
    /// The visible page (crop box) size in points.
    var pageWidth: Double
    var pageHeight: Double

    /// Operators that change nothing drawn on a page of one image.
    static let harmless: Set<String> = ["w", "J", "j", "M", "d", "ri", "i"]

    /// Finds the image of page `index` (0-based).
    static func find(in file: inout PDFFile, page index: Int) throws(PDFReadError) -> PDFPageImage {
        let page = try file.page(index)
        let rotate = try file.resolve(page["Rotate"]).int ?? 0
        guard rotate % 360 == 0 else { throw .unsupported("the page is rotated (/Rotate \(rotate))") }
        if let unit = try file.resolve(page["UserUnit"]).number, unit != 1 { throw .unsupported("a /UserUnit") }
        guard let media = try file.rectangle(page["MediaBox"]) else { throw .malformed("the page has no /MediaBox") }
        var box = media
        if let crop = try file.rectangle(page["CropBox"]) {
            box = (max(media.x0, crop.x0), max(media.y0, crop.y0), min(media.x1, crop.x1), min(media.y1, crop.y1))
        }
        guard box.x1 > box.x0, box.y1 > box.y0 else { throw .malformed("the page box is empty") }
        let resources = try file.resolve(page["Resources"]).dictionary ?? [:]
        let xobjects = try file.resolve(resources["XObject"]).dictionary ?? [:]
        // A born-digital page (no image at all) is told apart before its content is inflated.
        var hasImage = false
        for (_, object) in xobjects {
            if try file.resolve(object).dictionary?["Subtype"]?.name == "Image" { hasImage = true; break }
        }
        guard hasImage else { throw .unsupported("the page draws no image") }
        let content = try file.contents(of: page)

        var found: (name: String, matrix: Affine)?
        let walk = content.withUnsafeBytes { raw in Result { () throws(PDFReadError) in
            var parser = PDFParser(raw)
            var operands: [PDFObject] = []
            var ctm = Affine.identity
            var stack: [Affine] = []
            while let token = try parser.object() {
                guard case .keyword(let op) = token else {
                    operands.append(token)
                    guard operands.count <= 64 else { throw .malformed("too many operands in the content stream") }
                    continue
                }
                defer { operands.removeAll(keepingCapacity: true) }
                switch op {
                case "q":
                    stack.append(ctm)
                    guard stack.count <= 64 else { throw .unsupported("graphics states nested too deeply") }
                case "Q":
                    if let last = stack.popLast() { ctm = last }
                case "cm":
                    let v = operands.compactMap(\.number)
                    guard operands.count == 6, v.count == 6 else { throw .malformed("a cm operator without six numbers") }
                    ctm = ctm.concatenating(Affine(v)!)
                case "Do":
                    guard found == nil else { throw .unsupported("the page draws more than one image") }
                    guard operands.count == 1, let name = operands[0].name else { throw .malformed("a Do operator without a name") }
                    found = (name, ctm)
                default:
                    guard Self.harmless.contains(op) else { throw .unsupported("the page draws more than one image (operator \(op))") }
                }
            }
        } }
        try walk.get()
        guard let (name, m) = found else { throw .unsupported("the page draws no image") }
        let image = try file.resolve(xobjects[name])
        guard case .stream(let dict, let range) = image else { throw .malformed("the XObject /\(name) is not a stream") }
        guard dict["Subtype"]?.name == "Image" else { throw .unsupported("the XObject /\(name) is a form, not an image") }

        let scale = max(abs(m.xx), abs(m.yy), 1e-9)
        guard abs(m.yx) <= 1e-6 * scale, abs(m.xy) <= 1e-6 * scale else { throw .unsupported("the image is rotated or sheared") }
        guard m.xx > 0, m.yy > 0 else { throw .unsupported("the image is drawn mirrored") }

        let format = try Self.format(of: dict, in: &file)
        guard let w = try file.resolve(dict["Width"]).int, let h = try file.resolve(dict["Height"]).int,
              w > 0, h > 0, w <= 65_535, h <= 65_535 else { throw .malformed("the image has no size") }
        return PDFPageImage(width: w, height: h, format: format, dictionary: dict, data: range,
                            x: m.x0 - box.x0, y: box.y1 - (m.y0 + m.yy), placedWidth: m.xx, placedHeight: m.yy,
                            pageWidth: box.x1 - box.x0, pageHeight: box.y1 - box.y0)
    }

    /// Checks the image dictionary: 8-bit gray or RGB, no masks or decode arrays, DCT or Flate; or CCITT fax data.
    private static func format(of dict: [String: PDFObject], in file: inout PDFFile) throws(PDFReadError) -> Format {
        if let filter = try? singleFilter(of: dict, in: &file), filter == "CCITTFaxDecode" || filter == "CCF" {
            return try ccittFormat(of: dict, in: &file)
        }
        if case .bool(true) = try file.resolve(dict["ImageMask"]) { throw .unsupported("a stencil mask") }
        for key in ["SMask", "Mask", "SMaskInData", "Decode"] where dict[key] != nil {
            if key == "SMaskInData", try file.resolve(dict[key]).int == 0 { continue }
            throw .unsupported("an image with /\(key)")
        }
        guard try file.resolve(dict["BitsPerComponent"]).int == 8 else { throw .unsupported("an image without 8 bits per component") }
        let components: Int
        switch try file.resolve(dict["ColorSpace"]).name {
        case "DeviceGray"?, "G"?: components = 1
        case "DeviceRGB"?, "RGB"?: components = 3
        default: throw .unsupported("an image whose colour space is not DeviceGray or DeviceRGB")
        }
        let filter = try singleFilter(of: dict, in: &file)
        switch filter {
        case "DCTDecode", "DCT":
            var parms = try file.resolve(dict["DecodeParms"])
            if case .array(let a) = parms { parms = try file.resolve(a.first) }
            if let transform = parms.dictionary?["ColorTransform"]?.int, transform != 1 {
                throw .unsupported("a JPEG with /ColorTransform \(transform)")
            }
            return .jpeg
        case "FlateDecode", "Fl":
            return .flate(components: components)
        default:
            throw .unsupported("the \(filter) image filter")
        }
    }

    /// The name of the image's one filter.
    private static func singleFilter(of dict: [String: PDFObject], in file: inout PDFFile) throws(PDFReadError) -> String {
        let filters: [PDFObject]
        switch try file.resolve(dict["Filter"]) {
        case .name(let n): filters = [.name(n)]
        case .array(let a): filters = a
        default: throw .unsupported("an uncompressed image")
        }
        guard filters.count == 1, let filter = try file.resolve(filters[0]).name else { throw .unsupported("a chain of image filters") }
        return filter
    }
}
