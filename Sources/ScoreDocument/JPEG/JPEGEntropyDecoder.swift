/// The Huffman stage of a scan: decodes MCU rows into quantised luminance coefficients (chroma blocks are decoded
/// and dropped), one chunk of rows at a time, so that another thread can transform the chunk before.
///
/// A chunk holds `blocksPerRow × blockRows` blocks of 64 `Int16` coefficients in natural order, each with a
/// flag: 0 when only its DC coefficient is set (a flat block), 1 otherwise. Coefficients of flagged blocks must
/// be zeroed by the consumer (``JPEGBlockWriter`` does) before the chunk is decoded into again.
struct JPEGEntropyDecoder {
    /// One block-coding unit of the scan's MCU.
    struct Unit {
        /// Packed Huffman tables (``JPEGHuffmanTable/pack(into:)``).
        var dcTable: UnsafePointer<Int32>
        var acTable: UnsafePointer<Int32>
        var h: Int
        var v: Int
        var luma: Bool
    }

    var reader: JPEGBitReader
    let units: [Unit]
    let zigzag: UnsafePointer<Int>
    let mcusX: Int
    let restartInterval: Int
    /// The DC predictor of each unit (one per unit, owned by the caller).
    let predictors: UnsafeMutablePointer<Int32>
    var untilRestart: Int
    /// Luminance blocks per row of a chunk (MCUs across × the luminance's horizontal sampling).
    let blocksPerRow: Int
    /// Luminance block rows per MCU row.
    let blockRowsPerMCU: Int

    init(reader: JPEGBitReader, units: [Unit], predictors: UnsafeMutablePointer<Int32>, zigzag: UnsafePointer<Int>,
         mcusX: Int, restartInterval: Int) {
        self.reader = reader
        self.units = units
        self.zigzag = zigzag
        self.mcusX = mcusX
        self.restartInterval = restartInterval
        self.predictors = predictors
        predictors.initialize(repeating: 0, count: units.count)
        untilRestart = restartInterval
        let luma = units.first { $0.luma }!
        blocksPerRow = mcusX * luma.h
        blockRowsPerMCU = luma.v
    }

    /// Decodes `mcuRows` MCU rows into `coefficients` and `flags`; false when the data is damaged.
    mutating func decode(mcuRows: Int, coefficients: UnsafeMutablePointer<Int16>, flags: UnsafeMutablePointer<UInt8>) -> Bool {
        // The reader works as a local value (kept in registers: the coefficient stores cannot alias it).
        var reader = self.reader
        defer { self.reader = reader }
        for mcuRow in 0..<mcuRows {
            for mcuX in 0..<mcusX {
                if restartInterval > 0 {
                    if untilRestart == 0 {
                        if reader.overran { return false }
                        reader.restart()
                        predictors.update(repeating: 0, count: units.count)
                        untilRestart = restartInterval
                    }
                    untilRestart -= 1
                }
                for u in units.indices {
                    let unit = units[u]
                    for by in 0..<unit.v {
                        for bx in 0..<unit.h {
                            let index = (mcuRow * blockRowsPerMCU + by) * blocksPerRow + mcuX * unit.h + bx
                            let block = unit.luma ? coefficients + index * 64 : nil
                            guard Self.decodeBlock(&reader, unit, predictors + u, zigzag, into: block,
                                                  flag: unit.luma ? flags + index : nil) else { return false }
                        }
                    }
                }
            }
        }
        return true
    }

    /// Decodes one block; its coefficients go to `block` (nil: decoded and dropped).
    @inline(__always)
    private static func decodeBlock(_ reader: inout JPEGBitReader, _ unit: Unit, _ predictor: UnsafeMutablePointer<Int32>,
                                    _ zigzag: UnsafePointer<Int>, into block: UnsafeMutablePointer<Int16>?,
                                    flag: UnsafeMutablePointer<UInt8>?) -> Bool {
        guard let s = reader.decode(unit.dcTable), s <= 15 else { return false }
        predictor.pointee &+= reader.receiveExtend(s)
        var k = 1, anyAC = false
        let fast = unit.acTable + JPEGHuffmanTable.fastOffset
        while k < 64 {
            let entry = fast[reader.peek(JPEGHuffmanTable.lookupBits)]
            if entry != 0 {
                reader.skip(Int(entry & 0xFF))
                k += Int((entry &>> 8) & 0xFF)
                if k > 63 { return false }
                if let block {
                    block[zigzag[k]] = Int16(truncatingIfNeeded: entry &>> 16)
                    anyAC = true
                }
                k += 1
                continue
            }
            guard let rs = reader.decode(unit.acTable) else { return false }
            let r = rs &>> 4, size = rs & 15
            if size == 0 {
                if r != 15 { break }
                k += 16
                continue
            }
            k += r
            if k > 63 { return false }
            let value = reader.receiveExtend(size)
            if let block {
                block[zigzag[k]] = Int16(truncatingIfNeeded: value)
                anyAC = true
            }
            k += 1
        }
        if let block {
            block[0] = Int16(truncatingIfNeeded: predictor.pointee)
            flag!.pointee = anyAC ? 1 : 0
        }
        return true
    }
}
