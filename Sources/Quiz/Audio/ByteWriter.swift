/// Appends integers and text to a byte array in the byte orders RIFF (little-endian) and SMF (big-endian) use.
struct ByteWriter {
    /// The bytes written so far.
    var bytes: [UInt8] = []

    /// Appends the ASCII bytes of a four-character code or other ASCII text.
    mutating func ascii(_ text: String) { bytes.append(contentsOf: Array(text.utf8)) }

    /// Appends a 16-bit unsigned integer, least significant byte first.
    mutating func uint16LE(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    /// Appends a 32-bit unsigned integer, least significant byte first.
    mutating func uint32LE(_ value: UInt32) {
        for shift in stride(from: 0, through: 24, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// Appends a 16-bit unsigned integer, most significant byte first.
    mutating func uint16BE(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends a 32-bit unsigned integer, most significant byte first.
    mutating func uint32BE(_ value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// Appends a MIDI variable-length quantity: 7 bits per byte, most significant first, high bit set on all but the last.
    mutating func variableLength(_ value: Int) {
        precondition((0...0x0FFF_FFFF).contains(value), "a MIDI variable-length quantity holds 0…0x0FFFFFFF")
        var groups: [UInt8] = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            groups.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(contentsOf: groups.reversed())
    }
}
