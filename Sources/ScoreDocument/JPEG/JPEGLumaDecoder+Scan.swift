import Foundation

extension JPEGLumaDecoder {
    /// One component of a scan: its index in the frame and its Huffman tables.
    struct ScanComponent {
        var index: Int
        var dc: Int
        var ac: Int
    }

    /// Reads an SOS header; the result lists the frame components of the scan.
    func readScanHeader(_ start: Int, _ length: Int) throws(JPEGError) -> [ScanComponent] {
        guard length >= 1 else { throw .malformed("a scan header is cut short") }
        let n = Int(bytes[start])
        guard n >= 1, n <= 4, length >= 4 + 2 * n else { throw .malformed("a scan header is cut short") }
        var scan: [ScanComponent] = []
        for i in 0..<n {
            let id = bytes[start + 1 + 2 * i], tables = bytes[start + 2 + 2 * i]
            guard let index = components.firstIndex(where: { $0.id == id }) else { throw .malformed("a scan names an unknown component") }
            let dc = Int(tables >> 4), ac = Int(tables & 15)
            guard dc < 4, ac < 4, dcTables[dc] != nil, acTables[ac] != nil else { throw .malformed("a scan uses a missing Huffman table") }
            guard quantTables[components[index].quantTable] != nil else { throw .malformed("a component uses a missing quantisation table") }
            scan.append(ScanComponent(index: index, dc: dc, ac: ac))
        }
        let q = start + 1 + 2 * n
        guard bytes[q] == 0, bytes[q + 1] == 63, bytes[q + 2] == 0 else { throw .unsupported("a spectral-selection scan") }
        return scan
    }

    /// Moves past a scan's entropy-coded data without decoding it; returns the offset of the next marker.
    func skipEntropyData(from start: Int) -> Int {
        var p = start
        while p + 1 < bytes.count {
            if bytes[p] == 0xFF {
                let m = bytes[p + 1]
                if m != 0 && m != 0xFF && !(0xD0...0xD7).contains(m) { return p }
            }
            p += 1
        }
        return bytes.count
    }

    /// MCU rows decoded per chunk: one thread Huffman-decodes a chunk while the other transforms the one before.
    static let chunkMCURows = 16

    /// Decodes one scan holding the luminance (component 0): every block is Huffman-decoded, only luminance
    /// blocks are transformed and written. Returns the offset after the scan's data.
    func decodeScan(_ scan: [ScanComponent], from start: Int, into out: UnsafeMutablePointer<UInt8>,
                    stride: Int) throws(JPEGError) -> Int {
        let hmax = components.map(\.h).max()!, vmax = components.map(\.v).max()!
        let interleaved = scan.count > 1
        // A single-component scan codes the component's own blocks one at a time (its MCU is one block).
        let mcusX = interleaved ? (width + 8 * hmax - 1) / (8 * hmax) : (width + 7) / 8
        let mcusY = interleaved ? (height + 8 * vmax - 1) / (8 * vmax) : (height + 7) / 8

        // Tables as raw buffers for the inner loops.
        let packed = UnsafeMutablePointer<Int32>.allocate(capacity: 8 * JPEGHuffmanTable.packedCount)
        let predictors = UnsafeMutablePointer<Int32>.allocate(capacity: 4)
        let quant = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
        let zigzag = UnsafeMutablePointer<Int>.allocate(capacity: Self.zigzag.count)
        defer { packed.deallocate(); predictors.deallocate(); quant.deallocate(); zigzag.deallocate() }
        for (n, table) in (dcTables + acTables).enumerated() {
            // Scans only name tables that exist (see `readScanHeader`).
            table?.pack(into: packed + n * JPEGHuffmanTable.packedCount)
        }
        let lumaQuant = quantTables[components[0].quantTable]!
        for k in 0..<64 { quant[k] = lumaQuant[k] }
        zigzag.initialize(from: Self.zigzag, count: Self.zigzag.count)

        let units = scan.map { c in
            JPEGEntropyDecoder.Unit(dcTable: packed + c.dc * JPEGHuffmanTable.packedCount,
                                    acTable: packed + (4 + c.ac) * JPEGHuffmanTable.packedCount,
                                    h: interleaved ? components[c.index].h : 1, v: interleaved ? components[c.index].v : 1,
                                    luma: c.index == 0)
        }
        let reader = JPEGBitReader(base: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), end: bytes.count, position: start)
        let entropy = UnsafeMutablePointer<JPEGEntropyDecoder>.allocate(capacity: 1)
        entropy.initialize(to: JPEGEntropyDecoder(reader: reader, units: units, predictors: predictors, zigzag: zigzag,
                                                  mcusX: mcusX, restartInterval: restartInterval))
        let damaged = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        damaged.initialize(to: false)
        defer { entropy.deinitialize(count: 1); entropy.deallocate(); damaged.deallocate() }
        let blocksPerRow = entropy.pointee.blocksPerRow, blockRowsPerMCU = entropy.pointee.blockRowsPerMCU
        let writer = JPEGBlockWriter(out: out, stride: stride, width: width, height: height, quant: quant,
                                     blocksPerRow: blocksPerRow)

        // Two chunk buffers: while one is decoded into, the other is transformed.
        let chunkRows = Self.chunkMCURows
        let blocksPerChunk = blocksPerRow * blockRowsPerMCU * chunkRows
        let coefficients = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * blocksPerChunk * 64)
        let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * blocksPerChunk)
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: 2 * 1024, alignment: 32)
        defer { coefficients.deallocate(); flags.deallocate(); scratch.deallocate() }
        coefficients.initialize(repeating: 0, count: 2 * blocksPerChunk * 64)
        flags.initialize(repeating: 0, count: 2 * blocksPerChunk)

        let chunks = (mcusY + chunkRows - 1) / chunkRows
        func rows(_ chunk: Int) -> Int { min(chunkRows, mcusY - chunk * chunkRows) }
        let lock = NSLock()
        let nextRow = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { nextRow.deallocate() }
        // Step s Huffman-decodes chunk s on one thread while both threads transform the block rows of chunk s - 1
        // (the decoding thread joins in when it is done).
        for step in 0...chunks {
            nextRow.pointee = 0
            let slot = (step + 1) % 2, blockRows = step > 0 ? rows(step - 1) * blockRowsPerMCU : 0
            let firstBlockRow = (step - 1) * chunkRows * blockRowsPerMCU
            let work = UncheckedSendable { (job: Int) in
                if job == 0, step < chunks {
                    if !entropy.pointee.decode(mcuRows: rows(step), coefficients: coefficients + (step % 2) * blocksPerChunk * 64,
                                               flags: flags + (step % 2) * blocksPerChunk) {
                        damaged.pointee = true
                    }
                }
                while true {
                    lock.lock()
                    let row = nextRow.pointee
                    nextRow.pointee += 1
                    lock.unlock()
                    guard row < blockRows else { return }
                    let first = slot * blocksPerChunk + row * blocksPerRow
                    writer.write(coefficients: coefficients + first * 64, flags: flags + first, blockRows: 1,
                                 firstBlockRow: firstBlockRow + row, scratch: scratch + job * 1024)
                }
            }
            if width * height >= Bands.minimumPixels && step > 0 {
                DispatchQueue.concurrentPerform(iterations: 2) { work.value($0) }
            } else {
                work.value(0)
            }
            if damaged.pointee { throw .malformed("a Huffman code no table has, or a run past the end of a block") }
        }
        if entropy.pointee.reader.overran { throw .malformed("the data ends inside a scan") }
        return skipEntropyData(from: entropy.pointee.reader.position)
    }
}
