/// The structures of a CFF font: INDEXes, DICTs, the charset and the encoding (Adobe Technical Note 5176).
struct CFFReader {
    let bytes: [UInt8]
    var position = 0

    /// Reads an INDEX at `position` and moves past it: the byte ranges of its items; nil when damaged.
    mutating func index() -> [Range<Int>]? {
        guard position >= 0, position <= bytes.count - 2 else { return nil }
        let count = Int(bytes[position]) << 8 | Int(bytes[position + 1])
        position += 2
        if count == 0 { return [] }
        guard position < bytes.count else { return nil }
        let size = Int(bytes[position])
        position += 1
        guard (1...4).contains(size), position + (count + 1) * size <= bytes.count else { return nil }
        var offsets: [Int] = []
        offsets.reserveCapacity(count + 1)
        for i in 0...count {
            var v = 0
            for k in 0..<size { v = v << 8 | Int(bytes[position + i * size + k]) }
            offsets.append(v)
        }
        let base = position + (count + 1) * size - 1
        var items: [Range<Int>] = []
        items.reserveCapacity(count)
        for i in 0..<count {
            let start = base + offsets[i], end = base + offsets[i + 1]
            guard offsets[i] >= 1, start <= end, end <= bytes.count else { return nil }
            items.append(start..<end)
        }
        position = base + offsets[count]
        return items
    }

    /// An integer of a DICT or charstring whose first byte `v` (28 or 32–254) was read: `p` is just past it and
    /// moves past the rest. Nil when the data ends first.
    static func integer<Bytes: RandomAccessCollection>(_ v: Int, _ bytes: Bytes, _ p: inout Int, end: Int) -> Double?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        switch v {
        case 32...246: return Double(v - 139)
        case 247...254:
            guard p < end else { return nil }
            let w = (v - (v <= 250 ? 247 : 251)) * 256 + Int(bytes[p]) + 108
            p += 1
            return Double(v <= 250 ? w : -w)
        case 28:
            guard p + 1 < end else { return nil }
            let n = Int16(bitPattern: UInt16(bytes[p]) << 8 | UInt16(bytes[p + 1]))
            p += 2
            return Double(n)
        default: return nil
        }
    }

    /// A DICT's operands by operator (an escaped operator `12 x` is keyed `12 << 8 | x`).
    static func dict(_ data: ArraySlice<UInt8>) -> [Int: [Double]] {
        var result: [Int: [Double]] = [:]
        var operands: [Double] = []
        var p = data.startIndex
        while p < data.endIndex {
            let v = Int(data[p])
            p += 1
            switch v {
            case 28, 32...254:
                guard let n = integer(v, data, &p, end: data.endIndex) else { return result }
                operands.append(n)
            case 29:
                guard p + 4 <= data.endIndex else { return result }
                var raw: UInt32 = 0
                for k in 0..<4 { raw = raw << 8 | UInt32(data[p + k]) }
                operands.append(Double(Int32(bitPattern: raw)))
                p += 4
            case 30:
                var text = ""
                nibbles: while p < data.endIndex {
                    let byte = data[p]
                    p += 1
                    for nibble in [byte >> 4, byte & 15] {
                        switch nibble {
                        case 0...9: text.append(Character(String(nibble)))
                        case 0xA: text.append(".")
                        case 0xB: text.append("E")
                        case 0xC: text.append("E-")
                        case 0xE: text.append("-")
                        case 0xF: break nibbles
                        default: break
                        }
                    }
                }
                operands.append(Double(text) ?? 0)
            case 12:
                guard p < data.endIndex else { return result }
                result[12 << 8 | Int(data[p])] = operands
                p += 1
                operands.removeAll()
            case 0...21:
                result[v] = operands
                operands.removeAll()
            default: operands.removeAll()
            }
        }
        return result
    }

    /// The string id of each glyph (glyph 0 is `.notdef`); nil for a damaged or expert charset.
    static func charset(_ bytes: [UInt8], offset: Int, glyphs: Int) -> [Int]? {
        var sids = [0]
        if offset == 0 { return Array(0..<min(glyphs, 229)) + [Int](repeating: 0, count: max(0, glyphs - 229)) }
        guard offset > 2, offset < bytes.count else { return nil }
        let format = bytes[offset]
        var p = offset + 1
        func card(_ n: Int) -> Int? {
            guard p + n <= bytes.count else { return nil }
            var v = 0
            for k in 0..<n { v = v << 8 | Int(bytes[p + k]) }
            p += n
            return v
        }
        while sids.count < glyphs {
            switch format {
            case 0:
                guard let sid = card(2) else { return nil }
                sids.append(sid)
            case 1, 2:
                guard let first = card(2), let left = card(format == 1 ? 1 : 2) else { return nil }
                for k in 0...left where sids.count < glyphs { sids.append(first + k) }
            default: return nil
            }
        }
        return sids
    }

    /// A custom encoding: code → glyph number, and the supplementary code → string id pairs.
    static func encoding(_ bytes: [UInt8], offset: Int, glyphs: Int) -> (glyphs: [(Int, Int)], supplements: [(Int, Int)])? {
        guard offset >= 0, offset < bytes.count else { return nil }
        let format = bytes[offset]
        var p = offset + 1
        var pairs: [(Int, Int)] = []
        guard p < bytes.count else { return nil }
        let n = Int(bytes[p])
        p += 1
        switch format & 0x7F {
        case 0:
            guard p + n <= bytes.count else { return nil }
            for k in 0..<n { pairs.append((Int(bytes[p + k]), k + 1)) }
            p += n
        case 1:
            guard p + 2 * n <= bytes.count else { return nil }
            var glyph = 1
            for k in 0..<n {
                let first = Int(bytes[p + 2 * k]), left = Int(bytes[p + 2 * k + 1])
                for c in first...min(255, first + left) { pairs.append((c, glyph)); glyph += 1 }
            }
            p += 2 * n
        default: return nil
        }
        var supplements: [(Int, Int)] = []
        if format & 0x80 != 0 {
            guard p < bytes.count else { return nil }
            let count = Int(bytes[p])
            p += 1
            guard p + 3 * count <= bytes.count else { return nil }
            for k in 0..<count {
                supplements.append((Int(bytes[p + 3 * k]), Int(bytes[p + 3 * k + 1]) << 8 | Int(bytes[p + 3 * k + 2])))
            }
        }
        return (pairs, supplements)
    }
}
