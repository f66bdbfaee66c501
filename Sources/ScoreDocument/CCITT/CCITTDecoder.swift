/// Decodes CCITT fax data (ITU-T T.4 Group 3 one- and two-dimensional, T.6 Group 4), as PDF's CCITTFaxDecode
/// filter defines it, into 8-bit gray rows.
///
/// Rows are decoded as lists of changing elements (the columns where the colour changes) and written run by run,
/// so the work follows the number of runs, not of pixels. Between rows the stream is read the way poppler's
/// decoder reads it (optional end-of-line codes and fill bits, byte alignment, the 1-D/2-D tag bit of Group 3 2-D,
/// the end-of-block codes). Anything poppler would have to repair or pad — an invalid code, a row that does not
/// add up to the width, data that ends early — throws a ``CCITTError`` instead, and the page is left to poppler.
struct CCITTDecoder {
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

    let parameters: Parameters
    var reader: CCITTBitReader
    /// The run-length and mode lookup tables (``CCITTCodes``).
    let white: UnsafePointer<UInt16>, black: UnsafePointer<UInt16>, modes: UnsafePointer<UInt16>
    /// The changing elements of the row being decoded (`count` of them) and of the row above, its reference
    /// (`referenceCount`); each list is followed by three sentinels at `columns`.
    var current: UnsafeMutablePointer<Int32>, reference: UnsafeMutablePointer<Int32>
    var count = 0, referenceCount = 0

    /// Decodes the first `height` rows of `data` into `out` (rows `stride` bytes apart, `parameters.columns`
    /// pixels each): the stream's white pixels as `paper`, its black pixels as `255 - paper`.
    static func decode(_ data: UnsafeRawBufferPointer, parameters: Parameters, height: Int, paper: UInt8,
                       into out: UnsafeMutablePointer<UInt8>, stride: Int) throws(CCITTError) {
        guard parameters.columns > 0, parameters.columns <= 1 << 20 else {
            throw .unsupported("\(parameters.columns) columns")
        }
        let lists = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * (parameters.columns + 4))
        defer { lists.deallocate() }
        let result = CCITTCodes.whiteTable.withUnsafeBufferPointer { white in
            CCITTCodes.blackTable.withUnsafeBufferPointer { black in
                CCITTCodes.modeTable.withUnsafeBufferPointer { modes in
                    Result { () throws(CCITTError) in
                        var decoder = CCITTDecoder(parameters: parameters, reader: CCITTBitReader(data),
                                                   white: white.baseAddress!, black: black.baseAddress!,
                                                   modes: modes.baseAddress!, current: lists,
                                                   reference: lists + parameters.columns + 4)
                        try decoder.decode(height: height, paper: paper, into: out, stride: stride)
                    }
                }
            }
        }
        try result.get()
    }

    /// See ``decode(_:parameters:height:paper:into:stride:)``.
    private mutating func decode(height: Int, paper: UInt8, into out: UnsafeMutablePointer<UInt8>, stride: Int) throws(CCITTError) {
        let columns = parameters.columns, k = parameters.k, byteAlign = parameters.encodedByteAlign
        // The row above the first is white.
        reference.update(repeating: Int32(columns), count: 3)
        referenceCount = 0
        // Fill bits and an end-of-line code may come before the first row; one there means every row has one.
        reader.skipFill()
        var endOfLine = parameters.endOfLine
        if reader.peek(12) == 1 {
            reader.skip(12)
            endOfLine = true
        }
        var twoDimensional = k < 0 || (k > 0 && reader.bit() == 0)
        for row in 0..<height {
            if twoDimensional { try decodeTwoDimensionalRow(row) } else { try decodeOneDimensionalRow(row) }
            guard !reader.overran else { throw .truncated(row: row) }
            fill(out + row * stride, paper: paper)
            swap(&current, &reference)
            referenceCount = count
            if row == height - 1 { break }

            // Between rows, as poppler reads them: an end-of-line code (with fill bits before it), byte alignment,
            // the end of the data or an end-of-block code (both too early here), Group 3 2-D's tag bit.
            if !parameters.endOfBlock && row == parameters.rows - 1 { throw .truncated(row: row + 1) }
            var sawEndOfLine = false
            if endOfLine || !byteAlign {
                reader.skipFill()
                if reader.peek(12) == 1 {
                    reader.skip(12)
                    sawEndOfLine = true
                } else if endOfLine {
                    throw reader.exhausted ? .truncated(row: row + 1) : .missingEndOfLine(row: row)
                }
            }
            if byteAlign && !sawEndOfLine { reader.alignToByte() }
            guard !reader.exhausted else { throw .truncated(row: row + 1) }
            if k > 0 { twoDimensional = reader.bit() == 0 }
            if parameters.endOfBlock && !endOfLine && byteAlign && reader.peek(24) == 0x001001 {
                reader.skip(12)
                sawEndOfLine = true
            }
            if parameters.endOfBlock && sawEndOfLine && reader.peek(12) == 1 { throw .truncated(row: row + 1) }
        }
    }

    /// Writes the current row's runs: white up to the first changing element, then alternately black and white.
    @inline(__always)
    private func fill(_ line: UnsafeMutablePointer<UInt8>, paper: UInt8) {
        var x = 0, colour = paper
        for i in 0..<count {
            let next = Int(current[i])
            (line + x).update(repeating: colour, count: next &- x)
            x = next
            colour = ~colour
        }
        (line + x).update(repeating: colour, count: parameters.columns &- x)
    }
}
