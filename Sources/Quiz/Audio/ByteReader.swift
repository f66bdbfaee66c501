/// Reads integers and four-character codes from a byte array, failing with the reader's own error on truncation.
struct ByteReader {
    /// The bytes being read.
    let bytes: [UInt8]
    /// The index of the next byte.
    var offset: Int
    /// Makes the error to throw from a reason ("truncated …").
    let fail: @Sendable (String) -> AudioError

    /// Starts reading `bytes` at `offset`.
    init(_ bytes: [UInt8], offset: Int = 0, fail: @escaping @Sendable (String) -> AudioError) {
        self.bytes = bytes
        self.offset = offset
        self.fail = fail
    }

    /// The number of bytes left.
    var remaining: Int { bytes.count - offset }

    /// The next `count` bytes.
    mutating func take(_ count: Int, _ what: String) throws(AudioError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else {
            throw fail("truncated \(what) at byte \(offset) (needs \(count), \(remaining) left)")
        }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// The next byte.
    mutating func uint8(_ what: String) throws(AudioError) -> UInt8 { try take(1, what).first! }

    /// Four bytes as ASCII text (a chunk id).
    mutating func fourCC(_ what: String) throws(AudioError) -> String {
        String(decoding: try take(4, what), as: UTF8.self)
    }

    /// A little-endian 16-bit unsigned integer.
    mutating func uint16LE(_ what: String) throws(AudioError) -> UInt16 {
        let b = try take(2, what)
        return UInt16(b[b.startIndex]) | UInt16(b[b.startIndex + 1]) << 8
    }

    /// A little-endian 32-bit unsigned integer.
    mutating func uint32LE(_ what: String) throws(AudioError) -> UInt32 {
        try take(4, what).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A big-endian 16-bit unsigned integer.
    mutating func uint16BE(_ what: String) throws(AudioError) -> UInt16 {
        try take(2, what).reduce(0) { $0 << 8 | UInt16($1) }
    }

    /// A big-endian 32-bit unsigned integer.
    mutating func uint32BE(_ what: String) throws(AudioError) -> UInt32 {
        try take(4, what).reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A MIDI variable-length quantity (at most four bytes).
    mutating func variableLength(_ what: String) throws(AudioError) -> Int {
        var value = 0
        for _ in 0..<4 {
            let byte = try uint8(what)
            value = value << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 { return value }
        }
        throw fail("\(what) at byte \(offset - 4) is longer than four bytes")
    }
}
