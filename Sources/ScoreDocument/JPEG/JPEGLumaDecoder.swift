/// Tonmeister's own baseline JPEG decoder, for scanned pages: decodes only the luminance (the gray channel of a
/// gray JPEG, Y of a YCbCr one) straight to 8-bit gray at the image's own resolution.
///
/// Handles baseline and extended sequential Huffman JPEG with 8-bit samples, 1 or 3 components, any sampling
/// factors, interleaved or separate scans and restart markers. Chroma blocks are Huffman-decoded (they share the
/// bit stream) but never transformed. Everything else — progressive or arithmetic coding, 12-bit samples,
/// CMYK or RGB-coded images, a luminance plane smaller than the image — is ``JPEGError/unsupported(_:)``, so the
/// caller can leave the image to poppler. The IDCT is libjpeg's accurate integer one, as in poppler.
///
/// The decoder reads the bytes in place: `bytes` must stay valid while it is used.
struct JPEGLumaDecoder {
    /// One component of the frame.
    struct Component {
        var id: UInt8
        var h: Int
        var v: Int
        var quantTable: Int
    }

    let bytes: UnsafeRawBufferPointer
    /// Image size in pixels.
    private(set) var width = 0
    private(set) var height = 0
    private(set) var components: [Component] = []
    /// The offset just after the frame header (SOF); tables before it are already read.
    private var afterFrame = 0
    var quantTables: [[Int32]?] = Array(repeating: nil, count: 4)
    var dcTables: [JPEGHuffmanTable?] = Array(repeating: nil, count: 4)
    var acTables: [JPEGHuffmanTable?] = Array(repeating: nil, count: 4)
    var restartInterval = 0
    private var adobeTransform: Int?

    /// Reads the markers up to the frame header and checks that the image is one this decoder handles.
    init(bytes: UnsafeRawBufferPointer) throws(JPEGError) {
        self.bytes = bytes
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw .malformed("no start-of-image marker") }
        var p = 2
        while true {
            let (marker, start, length) = try segment(at: &p)
            switch marker {
            case 0xC0, 0xC1:
                try readFrame(start, length)
                afterFrame = p
                try checkColour()
                return
            case 0xC2, 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                throw .unsupported(marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE
                                   ? "progressive coding" : marker >= 0xC9 ? "arithmetic coding" : "lossless or hierarchical coding")
            default:
                try readTable(marker, start, length)
            }
        }
    }

    /// The marker at `p` and its segment's payload; moves `p` past it.
    func segment(at p: inout Int) throws(JPEGError) -> (UInt8, Int, Int) {
        while p < bytes.count && bytes[p] == 0xFF && p + 1 < bytes.count && bytes[p + 1] == 0xFF { p += 1 }
        guard p + 4 <= bytes.count, bytes[p] == 0xFF else { throw .malformed("a marker was expected at byte \(p)") }
        let marker = bytes[p + 1]
        let length = Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
        guard length >= 2, p + 2 + length <= bytes.count else { throw .malformed("a segment runs past the end of the data") }
        let start = p + 4
        p += 2 + length
        return (marker, start, length - 2)
    }

    /// Reads a table or application segment found before or between scans (others are skipped).
    mutating func readTable(_ marker: UInt8, _ start: Int, _ length: Int) throws(JPEGError) {
        let end = start + length
        switch marker {
        case 0xDB:
            var p = start
            while p < end {
                let precision = bytes[p] >> 4, id = Int(bytes[p] & 15)
                guard precision == 0 else { throw .unsupported("16-bit quantisation tables") }
                guard id < 4, p + 65 <= end else { throw .malformed("a quantisation table is cut short") }
                var table = [Int32](repeating: 0, count: 64)
                for k in 0..<64 { table[Self.zigzag[k]] = Int32(bytes[p + 1 + k]) }
                quantTables[id] = table
                p += 65
            }
        case 0xC4:
            var p = start
            while p < end {
                guard p + 17 <= end else { throw .malformed("a Huffman table is cut short") }
                let cls = bytes[p] >> 4, id = Int(bytes[p] & 15)
                let counts = (0..<16).map { Int(bytes[p + 1 + $0]) }
                let n = counts.reduce(0, +)
                guard cls <= 1, id < 4, p + 17 + n <= end else { throw .malformed("a Huffman table is cut short") }
                let table = try JPEGHuffmanTable(counts: counts, symbols: Array(bytes[(p + 17)..<(p + 17 + n)]))
                if cls == 0 { dcTables[id] = table } else { acTables[id] = table }
                p += 17 + n
            }
        case 0xDD:
            guard length >= 2 else { throw .malformed("a restart interval segment is cut short") }
            restartInterval = Int(bytes[start]) << 8 | Int(bytes[start + 1])
        case 0xEE:
            if length >= 12, bytes[start] == 0x41, bytes[start + 1] == 0x64, bytes[start + 2] == 0x6F,
               bytes[start + 3] == 0x62, bytes[start + 4] == 0x65 {
                adobeTransform = Int(bytes[start + 11])
            }
        case 0xD8, 0xD9, 0xD0...0xD7, 0x01:
            throw .malformed("an unexpected marker 0x\(String(marker, radix: 16, uppercase: true))")
        default:
            break
        }
    }

    private mutating func readFrame(_ start: Int, _ length: Int) throws(JPEGError) {
        guard length >= 6 else { throw .malformed("the frame header is cut short") }
        guard bytes[start] == 8 else { throw .unsupported("\(bytes[start])-bit samples") }
        height = Int(bytes[start + 1]) << 8 | Int(bytes[start + 2])
        width = Int(bytes[start + 3]) << 8 | Int(bytes[start + 4])
        let n = Int(bytes[start + 5])
        guard height > 0 else { throw .unsupported("the height is given after the scan (DNL)") }
        guard width > 0, n > 0, length >= 6 + 3 * n else { throw .malformed("the frame header is inconsistent") }
        for i in 0..<n {
            let p = start + 6 + 3 * i
            let h = Int(bytes[p + 1] >> 4), v = Int(bytes[p + 1] & 15), q = Int(bytes[p + 2])
            guard (1...4).contains(h), (1...4).contains(v), q < 4 else { throw .malformed("a component has bad sampling factors") }
            components.append(Component(id: bytes[p], h: h, v: v, quantTable: q))
        }
    }

    /// Only gray and YCbCr images have a luminance plane to keep; it must be the finest-sampled component.
    private func checkColour() throws(JPEGError) {
        switch components.count {
        case 1: break
        case 3:
            if adobeTransform == 0 { throw .unsupported("an RGB-coded image (Adobe transform 0)") }
            if adobeTransform == nil && components.map(\.id) == [0x52, 0x47, 0x42] { throw .unsupported("an RGB-coded image") }
        default: throw .unsupported("\(components.count) colour components")
        }
        let hmax = components.map(\.h).max()!, vmax = components.map(\.v).max()!
        guard components[0].h == hmax, components[0].v == vmax else {
            throw .unsupported("the luminance is subsampled")
        }
    }

    /// Decodes the luminance into `out`: `height` rows of `width` pixels, `stride` bytes apart.
    func decode(into out: UnsafeMutablePointer<UInt8>, stride: Int) throws(JPEGError) {
        var state = self
        var p = afterFrame
        var decodedLuma = false
        while p < bytes.count {
            let (marker, start, length) = try state.segment(at: &p)
            if marker == 0xD9 { break }
            if marker == 0xDA {
                let scan = try state.readScanHeader(start, length)
                if scan.contains(where: { $0.index == 0 }) {
                    p = try state.decodeScan(scan, from: p, into: out, stride: stride)
                    decodedLuma = true
                } else {
                    p = state.skipEntropyData(from: p)
                }
                if decodedLuma { return }
            } else {
                try state.readTable(marker, start, length)
            }
            if p + 1 < bytes.count, bytes[p] == 0xFF, bytes[p + 1] == 0xD9 { break }
        }
        if !decodedLuma { throw .malformed("no scan holds the luminance") }
    }

    /// The natural (row-major) index of each zig-zag position.
    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
        28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61,
        54, 47, 55, 62, 63,
        // Past the end: a damaged run length lands here harmlessly.
        63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
    ]
}
