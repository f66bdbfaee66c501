import CPoppler

/// Decodes CCITT fax data (ITU-T T.4 Group 3 one- and two-dimensional, T.6 Group 4), as PDF's CCITTFaxDecode
/// filter defines it, into 8-bit grey rows through libtiff (loaded on first use; `Sources/CPoppler/ccitt.c`).
///
/// The data is read in place as the one strip of a TIFF built in memory, row by row, each row expanded to grey
/// straight into the caller's buffer. Anything libtiff would have to repair (an invalid code, a row that does not
/// add up to the width, data that ends early: each a libtiff warning) throws a ``CCITTError`` instead, and the
/// page is left to poppler. So do the two codings libtiff's decoder does not read as PDF allows them: Group 3
/// data without end-of-line codes and Group 4 rows aligned to bytes.
enum CCITTDecoder {
    /// The `/DecodeParms` of a CCITTFaxDecode stream, with PDF's defaults.
    struct Parameters: Sendable, Equatable {
        /// Negative: Group 4; 0: Group 3 one-dimensional; positive: Group 3 mixing 1-D and 2-D rows.
        var k = 0
        /// Pixels per row.
        var columns = 1728
        /// Rows of the image; 0 when not given.
        var rows = 0
        /// True when the stream's black pixels are 1 bits (and so, in DeviceGray, drawn white).
        var blackIs1 = false
        /// True when every row starts on a byte boundary.
        var encodedByteAlign = false
        /// True when the data may end with an end-of-block code (EOFB or RTC).
        var endOfBlock = true
        /// True when every row is followed by an end-of-line code.
        var endOfLine = false
    }

    /// Decodes the first `height` rows of `data` into `out` (rows `stride` bytes apart, `parameters.columns`
    /// pixels each): the stream's white pixels as `paper`, its black pixels as `255 - paper`.
    static func decode(_ data: UnsafeRawBufferPointer, parameters: Parameters, height: Int, paper: UInt8,
                       into out: UnsafeMutablePointer<UInt8>, stride: Int) throws(CCITTError) {
        guard parameters.columns > 0, parameters.columns <= 1 << 20 else {
            throw .unsupported("\(parameters.columns) columns")
        }
        guard height > 0, height <= 1 << 20, stride >= parameters.columns else { throw .unsupported("\(height) rows") }
        guard let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self), !data.isEmpty else { throw .damaged("no data") }
        var message = [CChar](repeating: 0, count: 200)
        let status = tm_ccitt_decode(base, UInt(data.count), Int32(clamping: parameters.k), Int32(parameters.columns), Int32(height),
                                     parameters.encodedByteAlign ? 1 : 0, parameters.endOfLine ? 1 : 0, paper, out, stride,
                                     &message, Int32(message.count))
        guard status == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("unsupported: ") { throw .unsupported(String(text.dropFirst("unsupported: ".count))) }
            if text.contains("not installed") { throw .unsupported(text) }
            throw .damaged(text.isEmpty ? "libtiff could not decode it" : text)
        }
    }
}
