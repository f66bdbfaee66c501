import CSystemZlib

/// Decodes the stream filters Tonmeister's PDF reader needs for structure and content: none, FlateDecode
/// (zlib) with the PNG predictors (not TIFF's). Anything else is ``PDFReadError/unsupported(_:)``.
enum PDFStreamDecoder {
    /// The most bytes a decoded stream may have (a damaged or hostile stream must not exhaust memory).
    static let maximumDecodedBytes = 1 << 28

    /// The decoded bytes of `data` under the stream dictionary's /Filter and /DecodeParms.
    static func decode(_ data: UnsafeRawBufferPointer, dictionary: [String: PDFObject]) throws(PDFReadError) -> [UInt8] {
        let filters: [PDFObject]
        switch dictionary["Filter"] {
        case nil, .null?: return Array(data)
        case .name(let n)?: filters = [.name(n)]
        case .array(let a)?: filters = a
        default: throw .malformed("a stream's /Filter is neither a name nor an array")
        }
        if filters.isEmpty { return Array(data) }
        guard filters.count == 1, let filter = filters[0].name else { throw .unsupported("a chain of stream filters") }
        guard filter == "FlateDecode" || filter == "Fl" else { throw .unsupported("the \(filter) filter") }
        var parms = dictionary["DecodeParms"] ?? dictionary["DP"]
        if case .array(let a)? = parms { parms = a.first }
        let inflated = try inflate(data)
        guard let p = parms?.dictionary, let predictor = p["Predictor"]?.int, predictor > 1 else { return inflated }
        return try unpredict(inflated, predictor: predictor, columns: p["Columns"]?.int ?? 1,
                             colors: p["Colors"]?.int ?? 1, bitsPerComponent: p["BitsPerComponent"]?.int ?? 8)
    }

    /// zlib-inflates `data` into at most `limit` bytes; a stream damaged after some output gives the output up to the
    /// damage. Throws ``PDFReadError/undecidable(_:)`` for a distance too far back, past which poppler reads on.
    static func inflate(_ data: UnsafeRawBufferPointer, limit: Int = maximumDecodedBytes) throws(PDFReadError) -> [UInt8] {
        let (bytes, undecidable) = try inflateNotingDivergence(data, limit: limit)
        if undecidable {
            throw .undecidable("a Flate stream refers back past its start (invalid distance too far back), where poppler's "
                + "inflater copies whatever its window holds and reads on")
        }
        return bytes
    }

    /// ``inflate(_:limit:)``'s output, and whether zlib stopped at a distance too far back: poppler's own inflater
    /// (Debian builds it without zlib) does not check distances, copies from its window whatever it holds and reads
    /// on, so what it draws past that point cannot be known (the PDF campaign's `memory-s1536-25534`: a content stream
    /// that zlib ends after 1 160 bytes, and poppler drew strokes that cost cairo over a gigabyte).
    static func inflateNotingDivergence(_ data: UnsafeRawBufferPointer,
                                        limit: Int = maximumDecodedBytes) throws(PDFReadError) -> ([UInt8], Bool) {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .malformed("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: max(1024, data.count * 4))
        var produced = 0
        stream.next_in = UnsafeMutablePointer(mutating: data.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.avail_in = UInt32(data.count)
        while true {
            if produced == out.count {
                guard out.count < limit else { throw .unsupported("a stream that inflates to more than \(limit >> 20) MiB") }
                out.append(contentsOf: repeatElement(0, count: min(out.count, limit - out.count)))
            }
            let status: Int32 = out.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress! + produced
                stream.avail_out = UInt32(buffer.count - produced)
                let status = CSystemZlib.inflate(&stream, Z_NO_FLUSH)
                produced = buffer.count - Int(stream.avail_out)
                return status
            }
            if status == Z_STREAM_END { break }
            if status == Z_BUF_ERROR && stream.avail_in == 0 { break }   // no end marker: keep what came out
            // Damaged data (a wrong Adler-32 checksum, a bad block) ends the stream where the damage starts, as
            // poppler's own inflater does (it never checks the checksum): the limits check must see what poppler
            // will draw. Nothing at all is an error.
            if status == Z_DATA_ERROR, let message = stream.msg, String(cString: message) == "invalid distance too far back" {
                out.removeLast(out.count - produced)
                return (out, true)
            }
            if status == Z_DATA_ERROR && stream.total_out > 0 { break }
            guard status == Z_OK || status == Z_BUF_ERROR else { throw .malformed("a Flate stream is damaged") }
        }
        out.removeLast(out.count - produced)
        return (out, false)
    }

    /// Undoes a PNG (10…15) predictor; TIFF predictor 2 is not supported.
    static func unpredict(_ data: [UInt8], predictor: Int, columns: Int, colors: Int,
                          bitsPerComponent: Int) throws(PDFReadError) -> [UInt8] {
        guard predictor >= 10 else { throw .unsupported("the TIFF predictor") }
        guard columns > 0, colors > 0, bitsPerComponent > 0, columns < 1 << 24, colors <= 32, bitsPerComponent <= 16 else {
            throw .malformed("bad predictor parameters")
        }
        let bpp = max(1, (colors * bitsPerComponent + 7) / 8)
        let rowBytes = (columns * colors * bitsPerComponent + 7) / 8
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var row = [UInt8](repeating: 0, count: rowBytes)
        var p = 0
        while p + 1 + rowBytes <= data.count {
            let type = data[p]
            for i in 0..<rowBytes {
                let x = data[p + 1 + i]
                let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(previous[i]), c = i >= bpp ? Int(previous[i - bpp]) : 0
                let v: Int
                switch type {
                case 0: v = 0
                case 1: v = a
                case 2: v = b
                case 3: v = (a + b) / 2
                case 4:
                    let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                    v = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw .malformed("an unknown PNG predictor \(type)")
                }
                row[i] = x &+ UInt8(truncatingIfNeeded: v)
            }
            out.append(contentsOf: row)
            swap(&row, &previous)
            p += 1 + rowBytes
        }
        return out
    }
}
