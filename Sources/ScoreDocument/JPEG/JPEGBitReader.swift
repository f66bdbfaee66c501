/// Reads the entropy-coded bits of a JPEG scan: removes stuffed zero bytes after 0xFF and stops at a marker,
/// after which it supplies zero bits (as libjpeg does with a corrupt or truncated stream).
struct JPEGBitReader {
    let base: UnsafePointer<UInt8>
    let end: Int
    /// The next byte to read.
    var position: Int
    /// Bits not yet used, left-aligned.
    var buffer: UInt64 = 0
    var count = 0
    /// True once a marker (or the end of the data) has been reached.
    var atMarker = false
    /// Zero bits supplied after the marker or the end of the data.
    var padded = 0

    init(base: UnsafePointer<UInt8>, end: Int, position: Int) {
        self.base = base
        self.end = end
        self.position = position
    }

    /// Fills the buffer to at least 57 bits.
    @inline(__always)
    mutating func refill() {
        // Fast path: the next eight bytes hold no 0xFF (no stuffing, no marker): take as many as fit at once.
        if !atMarker && position + 8 <= end {
            let raw = UInt64(bigEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let inverted = ~raw
            if (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080 == 0 {
                let k = (64 - count) &>> 3
                buffer |= (raw &>> UInt64(64 - 8 * k)) &<< UInt64(64 - count - 8 * k)
                position += k
                count += 8 * k
                return
            }
        }
        while count <= 56 {
            var byte: UInt64 = 0
            if !atMarker {
                if position >= end {
                    atMarker = true
                } else {
                    let b = base[position]
                    if b == 0xFF {
                        let next = position + 1 < end ? base[position + 1] : 0xD9
                        if next == 0 {
                            position += 2
                            byte = 0xFF
                        } else {
                            atMarker = true
                        }
                    } else {
                        position += 1
                        byte = UInt64(b)
                    }
                }
            }
            if atMarker { padded += 8 }
            buffer |= byte << UInt64(56 - count)
            count += 8
        }
    }

    /// The next `n` (1…16) bits without using them.
    @inline(__always)
    mutating func peek(_ n: Int) -> Int {
        if count < n { refill() }
        return Int(truncatingIfNeeded: buffer &>> UInt64(64 - n))
    }

    @inline(__always)
    mutating func skip(_ n: Int) {
        buffer = buffer &<< UInt64(n)
        count -= n
    }

    /// `n` (0…16) bits as an unsigned number.
    @inline(__always)
    mutating func bits(_ n: Int) -> Int {
        if n == 0 { return 0 }
        let v = peek(n)
        skip(n)
        return v
    }

    /// `n` bits as the signed value of a JPEG magnitude category (the "receive and extend" step).
    @inline(__always)
    mutating func receiveExtend(_ n: Int) -> Int32 {
        if n == 0 { return 0 }
        let v = Int32(truncatingIfNeeded: bits(n))
        return v < (1 &<< Int32(n - 1)) ? v - (1 &<< Int32(n)) + 1 : v
    }

    /// Decodes one Huffman symbol with a table packed by ``JPEGHuffmanTable/pack(into:)``; nil for a code no
    /// table entry has (a damaged stream).
    @inline(__always)
    mutating func decode(_ table: UnsafePointer<Int32>) -> Int? {
        let entry = Int(table[peek(JPEGHuffmanTable.lookupBits)])
        if entry != 0 {
            skip(entry &>> 8)
            return entry & 0xFF
        }
        var length = JPEGHuffmanTable.lookupBits + 1
        var code = Int32(peek(length))
        while length <= 16 && code > table[512 + length] {
            length += 1
            code = Int32(peek(length))
        }
        guard length <= 16 else { return nil }
        skip(length)
        let index = Int(code + table[530 + length])
        return index >= 0 && index < 256 && table[548 + index] >= 0 ? Int(table[548 + index]) : nil
    }

    /// True when decoding used bits past the data: the stream is cut short or damaged.
    var overran: Bool { padded > count }

    /// Drops the bits left in the current byte and, at a restart marker, moves past it.
    mutating func restart() {
        // Bytes already pulled into the buffer but not used are given back (whole bytes only).
        buffer = 0
        count = 0
        atMarker = false
        padded = 0
        // Find the next marker: the restart marker follows the entropy-coded data of the interval.
        while position + 1 < end {
            if base[position] == 0xFF {
                let m = base[position + 1]
                if m >= 0xD0 && m <= 0xD7 { position += 2; return }
                if m != 0 && m != 0xFF { return }   // another marker: leave it, the data goes on as zeros
            }
            position += 1
        }
    }
}
