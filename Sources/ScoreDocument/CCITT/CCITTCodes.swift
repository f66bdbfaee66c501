/// The code tables of ITU-T T.4 (run lengths of white and black pixels) and T.6 (the two-dimensional modes), and
/// the lookup tables decoding reads them through.
///
/// A run-length lookup table is indexed by the next ``whiteBits`` (white) or ``blackBits`` (black) bits of the
/// stream; each entry is `run << 4 | code length`, 0 where no code starts with those bits, and ``endOfLine`` as the
/// run of the end-of-line code. A mode lookup table entry, indexed by the next 7 bits, is `mode << 4 | code length`.
enum CCITTCodes {
    /// Bits a white code has at most (the end-of-line code).
    static let whiteBits = 12
    /// Bits a black code has at most (the longest make-up codes).
    static let blackBits = 13
    /// The run value of the end-of-line code `0000 0000 0001` in a run-length lookup table.
    static let endOfLine = 4095

    /// The two-dimensional coding modes (T.4 §4.2.1.3.2) as their mode lookup table numbers; vertical modes are
    /// `vertical0` plus the offset of a₁ from b₁ (-3…3).
    static let vertical0 = 4, pass = 8, horizontal = 9, escape = 10

    /// (code length, code) of white runs 0…63 (terminating codes), then 64…1728 in steps of 64 (make-up codes).
    static let white: [(Int, Int)] = [
        (8, 0x35), (6, 0x07), (4, 0x07), (4, 0x08), (4, 0x0B), (4, 0x0C), (4, 0x0E), (4, 0x0F),
        (5, 0x13), (5, 0x14), (5, 0x07), (5, 0x08), (6, 0x08), (6, 0x03), (6, 0x34), (6, 0x35),
        (6, 0x2A), (6, 0x2B), (7, 0x27), (7, 0x0C), (7, 0x08), (7, 0x17), (7, 0x03), (7, 0x04),
        (7, 0x28), (7, 0x2B), (7, 0x13), (7, 0x24), (7, 0x18), (8, 0x02), (8, 0x03), (8, 0x1A),
        (8, 0x1B), (8, 0x12), (8, 0x13), (8, 0x14), (8, 0x15), (8, 0x16), (8, 0x17), (8, 0x28),
        (8, 0x29), (8, 0x2A), (8, 0x2B), (8, 0x2C), (8, 0x2D), (8, 0x04), (8, 0x05), (8, 0x0A),
        (8, 0x0B), (8, 0x52), (8, 0x53), (8, 0x54), (8, 0x55), (8, 0x24), (8, 0x25), (8, 0x58),
        (8, 0x59), (8, 0x5A), (8, 0x5B), (8, 0x4A), (8, 0x4B), (8, 0x32), (8, 0x33), (8, 0x34),
        (5, 0x1B), (5, 0x12), (6, 0x17), (7, 0x37), (8, 0x36), (8, 0x37), (8, 0x64), (8, 0x65),
        (8, 0x68), (8, 0x67), (9, 0xCC), (9, 0xCD), (9, 0xD2), (9, 0xD3), (9, 0xD4), (9, 0xD5),
        (9, 0xD6), (9, 0xD7), (9, 0xD8), (9, 0xD9), (9, 0xDA), (9, 0xDB), (9, 0x98), (9, 0x99),
        (9, 0x9A), (6, 0x18), (9, 0x9B),
    ]

    /// (code length, code) of black runs 0…63, then 64…1728 in steps of 64.
    static let black: [(Int, Int)] = [
        (10, 0x37), (3, 0x02), (2, 0x03), (2, 0x02), (3, 0x03), (4, 0x03), (4, 0x02), (5, 0x03),
        (6, 0x05), (6, 0x04), (7, 0x04), (7, 0x05), (7, 0x07), (8, 0x04), (8, 0x07), (9, 0x18),
        (10, 0x17), (10, 0x18), (10, 0x08), (11, 0x67), (11, 0x68), (11, 0x6C), (11, 0x37), (11, 0x28),
        (11, 0x17), (11, 0x18), (12, 0xCA), (12, 0xCB), (12, 0xCC), (12, 0xCD), (12, 0x68), (12, 0x69),
        (12, 0x6A), (12, 0x6B), (12, 0xD2), (12, 0xD3), (12, 0xD4), (12, 0xD5), (12, 0xD6), (12, 0xD7),
        (12, 0x6C), (12, 0x6D), (12, 0xDA), (12, 0xDB), (12, 0x54), (12, 0x55), (12, 0x56), (12, 0x57),
        (12, 0x64), (12, 0x65), (12, 0x52), (12, 0x53), (12, 0x24), (12, 0x37), (12, 0x38), (12, 0x27),
        (12, 0x28), (12, 0x58), (12, 0x59), (12, 0x2B), (12, 0x2C), (12, 0x5A), (12, 0x66), (12, 0x67),
        (10, 0x0F), (12, 0xC8), (12, 0xC9), (12, 0x5B), (12, 0x33), (12, 0x34), (12, 0x35), (13, 0x6C),
        (13, 0x6D), (13, 0x4A), (13, 0x4B), (13, 0x4C), (13, 0x4D), (13, 0x72), (13, 0x73), (13, 0x74),
        (13, 0x75), (13, 0x76), (13, 0x77), (13, 0x52), (13, 0x53), (13, 0x54), (13, 0x55), (13, 0x5A),
        (13, 0x5B), (13, 0x64), (13, 0x65),
    ]

    /// (code length, code) of the make-up codes 1792…2560 in steps of 64, shared by both colours.
    static let extended: [(Int, Int)] = [
        (11, 0x08), (11, 0x0C), (11, 0x0D), (12, 0x12), (12, 0x13), (12, 0x14), (12, 0x15), (12, 0x16),
        (12, 0x17), (12, 0x1C), (12, 0x1D), (12, 0x1E), (12, 0x1F),
    ]

    /// (code length, code, mode) of the two-dimensional modes.
    static let modes: [(Int, Int, Int)] = [
        (4, 0x1, pass), (3, 0x1, horizontal), (1, 0x1, vertical0),
        (3, 0x3, vertical0 + 1), (6, 0x03, vertical0 + 2), (7, 0x03, vertical0 + 3),
        (3, 0x2, vertical0 - 1), (6, 0x02, vertical0 - 2), (7, 0x02, vertical0 - 3),
    ]

    /// The white run-length lookup table (``whiteBits`` bits).
    static let whiteTable = runTable(white, bits: whiteBits)
    /// The black run-length lookup table (``blackBits`` bits).
    static let blackTable = runTable(black, bits: blackBits)

    /// The mode lookup table (7 bits); 7 zero bits start an end-of-line or extension code: ``escape``.
    static let modeTable: [UInt16] = {
        var table = [UInt16](repeating: 0, count: 128)
        for (length, code, mode) in modes { fill(&table, bits: 7, length: length, code: code, value: mode) }
        table[0] = UInt16(escape << 4 | 7)
        table[1] = UInt16(escape << 4 | 7)
        return table
    }()

    /// Every entry whose index starts with the `length`-bit `code` gets `value << 4 | length`.
    private static func fill(_ table: inout [UInt16], bits: Int, length: Int, code: Int, value: Int) {
        let shift = bits - length
        for i in (code << shift)..<((code + 1) << shift) {
            precondition(table[i] == 0, "CCITT code tables overlap")
            table[i] = UInt16(value << 4 | length)
        }
    }

    private static func runTable(_ codes: [(Int, Int)], bits: Int) -> [UInt16] {
        var table = [UInt16](repeating: 0, count: 1 << bits)
        for (i, (length, code)) in codes.enumerated() {
            fill(&table, bits: bits, length: length, code: code, value: i < 64 ? i : (i - 63) * 64)
        }
        for (i, (length, code)) in extended.enumerated() {
            fill(&table, bits: bits, length: length, code: code, value: 1792 + 64 * i)
        }
        fill(&table, bits: bits, length: 12, code: 1, value: endOfLine)
        return table
    }
}
