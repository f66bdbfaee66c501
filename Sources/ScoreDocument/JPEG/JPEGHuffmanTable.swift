/// One JPEG Huffman table (from a DHT segment), with a 9-bit lookup for the short codes and the canonical
/// code ranges for the long ones.
struct JPEGHuffmanTable: Sendable {
    /// Bits looked up at once.
    static let lookupBits = 9

    /// For every 9-bit prefix: `length << 8 | symbol` of the code it starts with, or 0 when the code is longer.
    var lookup: [UInt16]
    /// The largest code of each length 1…16 (index = length), -1 when there is none; index 17 is a sentinel.
    var maxCode: [Int32]
    /// For each length, the value to add to a code to get its index into `symbols`.
    var offset: [Int32]
    /// The symbols in code order.
    var symbols: [UInt8]

    /// Builds the table from the 16 code counts and the symbols of a DHT segment.
    init(counts: [Int], symbols: [UInt8]) throws(JPEGError) {
        guard counts.count == 16, counts.reduce(0, +) == symbols.count, symbols.count <= 256 else {
            throw .malformed("a Huffman table's code counts do not match its symbols")
        }
        self.symbols = symbols
        lookup = [UInt16](repeating: 0, count: 1 << Self.lookupBits)
        maxCode = [Int32](repeating: -1, count: 18)
        offset = [Int32](repeating: 0, count: 18)
        var code: Int32 = 0, k = 0
        for length in 1...16 {
            let n = counts[length - 1]
            offset[length] = Int32(k) - code
            for _ in 0..<n {
                if length <= Self.lookupBits {
                    let shift = Self.lookupBits - length
                    let first = Int(code) << shift
                    for j in 0..<(1 << shift) where first + j < lookup.count {
                        lookup[first + j] = UInt16(length << 8) | UInt16(symbols[k])
                    }
                }
                code += 1
                k += 1
            }
            if n > 0 { maxCode[length] = code - 1 }
            guard code <= (1 << length) else { throw .malformed("a Huffman table has more codes than fit their lengths") }
            code <<= 1
        }
        maxCode[17] = Int32.max
    }

    /// Int32 values in a packed table: the 512 lookup entries, 18 largest codes, 18 offsets, 256 symbols, then
    /// 512 entries that decode a whole AC coefficient at once (see ``pack(into:)``).
    static let packedCount = 512 + 18 + 18 + 256 + 512
    /// Where the whole-coefficient entries start in a packed table.
    static let fastOffset = 512 + 18 + 18 + 256

    /// Writes the table in the packed layout the bit reader decodes with (no arrays in the inner loop).
    func pack(into p: UnsafeMutablePointer<Int32>) {
        for k in 0..<512 { p[k] = Int32(lookup[k]) }
        for k in 0..<18 { p[512 + k] = maxCode[k]; p[530 + k] = offset[k] }
        for k in 0..<256 { p[548 + k] = k < symbols.count ? Int32(symbols[k]) : -1 }
        // An AC code and its magnitude bits both within the 9-bit prefix: value << 16 | run << 8 | bits used
        // (0 when the prefix does not hold a whole nonzero coefficient).
        for prefix in 0..<512 {
            var entry: Int32 = 0
            let e = Int(lookup[prefix])
            if e != 0 {
                let length = e >> 8, rs = e & 0xFF, run = rs >> 4, size = rs & 15
                if size > 0 && length + size <= Self.lookupBits {
                    let bits = (prefix >> (Self.lookupBits - length - size)) & ((1 << size) - 1)
                    let value = bits < (1 << (size - 1)) ? bits - (1 << size) + 1 : bits
                    entry = Int32(value) << 16 | Int32(run) << 8 | Int32(length + size)
                }
            }
            p[Self.fastOffset + prefix] = entry
        }
    }
}
