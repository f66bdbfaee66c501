/// Reads the bits of a CCITT fax stream, most significant bit of each byte first.
///
/// Past the end of the data it supplies zero bits: no code of either table is all zeros, so a stream cut short
/// ends in an invalid code rather than a loop, and ``overran`` tells a row that used bits the data lacks.
struct CCITTBitReader {
    let base: UnsafePointer<UInt8>?
    let end: Int
    /// The next byte to load (past `end` once zero bytes are being supplied).
    private(set) var position = 0
    /// Bits loaded but not used, left-aligned.
    private var buffer: UInt64 = 0
    private var count = 0

    init(_ data: UnsafeRawBufferPointer) {
        base = data.baseAddress?.assumingMemoryBound(to: UInt8.self)
        end = data.count
    }

    /// How many bits have been used.
    var bitPosition: Int { position &* 8 &- count }

    /// True once every bit of the data has been used.
    var exhausted: Bool { bitPosition >= end &* 8 }

    /// True when more bits were used than the data has.
    var overran: Bool { bitPosition > end &* 8 }

    /// Loads whole bytes until at least 57 bits are buffered.
    @inline(__always)
    private mutating func refill() {
        if let base, position &+ 8 <= end {
            let raw = UInt64(bigEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let k = (64 &- count) &>> 3
            buffer |= (raw &>> UInt64(64 &- 8 &* k)) &<< UInt64(64 &- count &- 8 &* k)
            position &+= k
            count &+= 8 &* k
            return
        }
        while count <= 56 {
            let byte = position < end ? UInt64(base![position]) : 0
            buffer |= byte &<< UInt64(56 &- count)
            position &+= 1
            count &+= 8
        }
    }

    /// The next `n` (1…32) bits without using them.
    @inline(__always)
    mutating func peek(_ n: Int) -> Int {
        if count < n { refill() }
        return Int(truncatingIfNeeded: buffer &>> UInt64(64 &- n))
    }

    /// Uses `n` bits already looked at with ``peek(_:)``.
    @inline(__always)
    mutating func skip(_ n: Int) {
        buffer = buffer &<< UInt64(n)
        count &-= n
    }

    /// The next bit.
    @inline(__always)
    mutating func bit() -> Int {
        let b = peek(1)
        skip(1)
        return b
    }

    /// Drops the bits left in the current byte.
    mutating func alignToByte() {
        skip(count & 7)
    }

    /// Drops zero bits while the next 12 bits are all zero (fill bits before an end-of-line code), stopping at the
    /// end of the data.
    mutating func skipFill() {
        while !exhausted && peek(12) == 0 { skip(1) }
    }
}
