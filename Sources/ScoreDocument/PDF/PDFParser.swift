/// Parses PDF objects and content-stream tokens from bytes in memory (which must stay valid while it is used).
struct PDFParser {
    let bytes: UnsafeRawBufferPointer
    var position: Int
    /// Nesting limit for arrays and dictionaries (a damaged file must not recurse without end).
    static let maximumDepth = 64

    init(_ bytes: UnsafeRawBufferPointer, at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C || c == 0 }
    static func isDelimiter(_ c: UInt8) -> Bool {
        c == 0x28 || c == 0x29 || c == 0x3C || c == 0x3E || c == 0x5B || c == 0x5D || c == 0x7B || c == 0x7D || c == 0x2F || c == 0x25
    }

    var atEnd: Bool { position >= bytes.count }

    /// Skips whitespace and comments.
    mutating func skipSpace() {
        while position < bytes.count {
            let c = bytes[position]
            if Self.isWhitespace(c) {
                position += 1
            } else if c == 0x25 {
                while position < bytes.count && bytes[position] != 0x0A && bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// The next object; a bare word is a `keyword`, `N G R` a reference. Nil at the end of the bytes.
    mutating func object(depth: Int = 0) throws(PDFReadError) -> PDFObject? {
        guard depth < Self.maximumDepth else { throw .malformed("objects nested too deeply") }
        skipSpace()
        guard position < bytes.count else { return nil }
        let c = bytes[position]
        switch c {
        case 0x2F:
            position += 1
            return .name(regularWord(decodingHex: true))
        case 0x28:
            return .string(try literalString())
        case 0x3C:
            if position + 1 < bytes.count && bytes[position + 1] == 0x3C {
                position += 2
                var dict: [String: PDFObject] = [:]
                while true {
                    skipSpace()
                    guard position < bytes.count else { throw .malformed("a dictionary is not closed") }
                    if bytes[position] == 0x3E {
                        guard position + 1 < bytes.count, bytes[position + 1] == 0x3E else { throw .malformed("a dictionary ends with one >") }
                        position += 2
                        return .dictionary(dict)
                    }
                    guard case .name(let key)? = try object(depth: depth + 1) else { throw .malformed("a dictionary key is not a name") }
                    guard let value = try object(depth: depth + 1) else { throw .malformed("a dictionary is not closed") }
                    if case .keyword(let k) = value { throw .malformed("a dictionary value is the word \(k)") }
                    dict[key] = value
                }
            }
            return .string(try hexString())
        case 0x5B:
            position += 1
            var items: [PDFObject] = []
            while true {
                skipSpace()
                guard position < bytes.count else { throw .malformed("an array is not closed") }
                if bytes[position] == 0x5D { position += 1; return .array(items) }
                guard let item = try object(depth: depth + 1) else { throw .malformed("an array is not closed") }
                items.append(item)
            }
        case 0x29, 0x3E, 0x5D, 0x7B, 0x7D:
            position += 1
            return .keyword(String(UnicodeScalar(c)))
        default:
            let word = regularWord(decodingHex: false)
            if let number = Self.number(word) {
                if case .int(let n) = number, n >= 0, let ref = referenceAfter(n) { return ref }
                return number
            }
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default: return .keyword(word)
            }
        }
    }

    /// After an integer: `G R` makes it a reference (the position moves past them); otherwise nothing moves.
    private mutating func referenceAfter(_ number: Int) -> PDFObject? {
        let saved = position
        skipSpace()
        let generationWord = regularWord(decodingHex: false)
        if let generation = Int(generationWord), generation >= 0 {
            skipSpace()
            if position < bytes.count && bytes[position] == 0x52 &&
               (position + 1 == bytes.count || Self.isWhitespace(bytes[position + 1]) || Self.isDelimiter(bytes[position + 1])) {
                position += 1
                return .reference(number, generation)
            }
        }
        position = saved
        return nil
    }

    /// The run of regular characters at the position (a name's `#xx` escapes decoded when asked).
    mutating func regularWord(decodingHex: Bool) -> String {
        var out: [UInt8] = []
        while position < bytes.count {
            let c = bytes[position]
            if Self.isWhitespace(c) || Self.isDelimiter(c) { break }
            if decodingHex && c == 0x23 && position + 2 < bytes.count,
               let hi = Self.hexValue(bytes[position + 1]), let lo = Self.hexValue(bytes[position + 2]) {
                out.append(hi << 4 | lo)
                position += 3
                continue
            }
            out.append(c)
            position += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func number(_ word: String) -> PDFObject? {
        guard let first = word.utf8.first, first == 0x2B || first == 0x2D || first == 0x2E || (first >= 0x30 && first <= 0x39) else {
            return nil
        }
        if let i = Int(word) { return .int(i) }
        if let d = popplerReal(word) { return .real(d) }
        if let d = Double(word), d.isFinite { return .real(d) }
        if word.hasPrefix("--"), let d = Double(word.dropFirst()) { return .real(d) }   // a common writer's slip
        return nil
    }

    /// A real number `[+-]digits.digits` converted as poppler's lexer converts it (the whole part, then each
    /// decimal digit times a scale that is multiplied by 0.1 per digit), so sizes and placements match poppler's
    /// to the last bit (`595.276` is 595.2760000000001 there); nil for any other form.
    static func popplerReal(_ word: String) -> Double? {
        var digits = Substring(word).utf8[...]
        var negative = false
        if let sign = digits.first, sign == 0x2B || sign == 0x2D { negative = sign == 0x2D; digits = digits.dropFirst() }
        guard let point = digits.firstIndex(of: 0x2E) else { return nil }
        let whole = digits[..<point], fraction = digits[digits.index(after: point)...]
        guard !(whole.isEmpty && fraction.isEmpty), whole.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              fraction.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var value = 0.0
        if !whole.isEmpty {
            guard let w = Int(Substring(whole)) else { return nil }
            value = Double(w)
        }
        var scale = 0.1
        for digit in fraction {
            value = value + scale * Double(digit - 0x30)
            scale *= 0.1
        }
        return negative ? -value : value
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    private mutating func literalString() throws(PDFReadError) -> [UInt8] {
        position += 1
        var depth = 1
        var out: [UInt8] = []
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            switch c {
            case 0x5C:
                guard position < bytes.count else { break }
                let e = bytes[position]
                position += 1
                switch e {
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x30...0x37:
                    // Up to three octal digits.
                    var value = Int(e - 0x30)
                    for _ in 0..<2 {
                        guard position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x37 else { break }
                        value = value * 8 + Int(bytes[position] - 0x30)
                        position += 1
                    }
                    out.append(UInt8(truncatingIfNeeded: value))
                case 0x0D:  // a line continued: the end of line is not part of the string
                    if position < bytes.count && bytes[position] == 0x0A { position += 1 }
                case 0x0A: break
                default: out.append(e)  // \ \( \) and any other character stand for themselves
                }
            case 0x0D:
                // An end of line in a string (CR, LF or CR LF) is one line feed.
                if position < bytes.count && bytes[position] == 0x0A { position += 1 }
                out.append(0x0A)
            case 0x28:
                depth += 1
                out.append(c)
            case 0x29:
                depth -= 1
                if depth == 0 { return out }
                out.append(c)
            default:
                out.append(c)
            }
        }
        throw .malformed("a string is not closed")
    }

    private mutating func hexString() throws(PDFReadError) -> [UInt8] {
        position += 1
        var out: [UInt8] = [], high: UInt8? = nil
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            if c == 0x3E {
                if let high { out.append(high << 4) }
                return out
            }
            guard let v = Self.hexValue(c) else {
                if Self.isWhitespace(c) { continue }
                throw .malformed("a hex string holds a non-hex character")
            }
            if let h = high { out.append(h << 4 | v); high = nil } else { high = v }
        }
        throw .malformed("a hex string is not closed")
    }
}
