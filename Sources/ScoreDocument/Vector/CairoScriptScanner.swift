/// Splits the text cairo's script surface writes (a PostScript-like language) into tokens.
///
/// Procedures (`{ … }`, the bodies of glyph images) are skipped whole; strings are returned as byte ranges and
/// decoded only where needed.
struct CairoScriptScanner {
    enum Token: Equatable {
        case number(Double)
        /// `/name` (and `//NAME` constants).
        case literal(Substring)
        /// An operator or a defined name.
        case word(Substring)
        case arrayOpen, arrayClose, dictOpen, dictClose
        /// A skipped `{ … }` procedure.
        case procedure
        /// `<~ … ~>`: ASCII85 bytes (start and end of the encoded text).
        case base85(Range<Int>)
        /// Any other string (`<| … ~>` compressed, `( … )`, `< … >` hex): its content is not needed.
        case otherString
    }

    let text: [UInt8]
    private(set) var position = 0

    init(_ text: [UInt8]) { self.text = text }

    private static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 10 || c == 13 || c == 9 || c == 12 || c == 0 }
    private static func isDelimiter(_ c: UInt8) -> Bool {
        isSpace(c) || c == 0x5B || c == 0x5D || c == 0x7B || c == 0x7D || c == 0x3C || c == 0x3E || c == 0x2F
            || c == 0x28 || c == 0x25
    }

    /// The next token, or nil at the end of the text.
    mutating func next() -> Token? {
        while position < text.count {
            let c = text[position]
            if Self.isSpace(c) { position += 1; continue }
            if c == 0x25 {  // % comment
                while position < text.count && text[position] != 10 { position += 1 }
                continue
            }
            switch c {
            case 0x5B: position += 1; return .arrayOpen
            case 0x5D: position += 1; return .arrayClose
            case 0x7B: skipProcedure(); return .procedure
            case 0x7D: position += 1; continue  // stray
            case 0x28: skipParenthesised(); return .otherString
            case 0x3C: return angle()
            case 0x3E:
                position += 1
                if position < text.count && text[position] == 0x3E { position += 1; return .dictClose }
                continue
            case 0x2F:
                position += 1
                if position < text.count && text[position] == 0x2F { position += 1 }
                return .literal(word())
            default:
                if c == 0x2D || c == 0x2B || c == 0x2E || (c >= 0x30 && c <= 0x39), let n = number() { return .number(n) }
                let w = word()
                if w.isEmpty { position += 1; continue }
                return .word(w)
            }
        }
        return nil
    }

    private mutating func word() -> Substring {
        let start = position
        while position < text.count && !Self.isDelimiter(text[position]) { position += 1 }
        return Substring(decoding: text[start..<position], as: UTF8.self)
    }

    /// A number in the forms cairo writes (`-12.5`, `3`, `1e-05`); nil (position unchanged) if it is not one.
    private mutating func number() -> Double? {
        var i = position
        var negative = false
        if text[i] == 0x2D || text[i] == 0x2B { negative = text[i] == 0x2D; i += 1 }
        var value = 0.0, digits = 0
        while i < text.count, text[i] >= 0x30, text[i] <= 0x39 { value = value * 10 + Double(text[i] - 0x30); i += 1; digits += 1 }
        if i < text.count && text[i] == 0x2E {
            i += 1
            var scale = 0.1
            while i < text.count, text[i] >= 0x30, text[i] <= 0x39 {
                value += Double(text[i] - 0x30) * scale; scale /= 10; i += 1; digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < text.count && (text[i] == 0x65 || text[i] == 0x45) {
            var j = i + 1, exponentNegative = false, exponent = 0, exponentDigits = 0
            if j < text.count && (text[j] == 0x2D || text[j] == 0x2B) { exponentNegative = text[j] == 0x2D; j += 1 }
            while j < text.count, text[j] >= 0x30, text[j] <= 0x39, exponent < 400 {
                exponent = exponent * 10 + Int(text[j] - 0x30); j += 1; exponentDigits += 1
            }
            if exponentDigits > 0 {
                var factor = 1.0
                for _ in 0..<exponent { factor *= 10 }
                value = exponentNegative ? value / factor : value * factor
                i = j
            }
        }
        guard i >= text.count || Self.isDelimiter(text[i]) else { return nil }
        position = i
        return negative ? -value : value
    }

    private mutating func angle() -> Token {
        let next = position + 1 < text.count ? text[position + 1] : 0
        if next == 0x3C { position += 2; return .dictOpen }
        if next == 0x7E {  // <~ … ~>
            let start = position + 2
            position = start
            let end = skip(to: 0x7E, then: 0x3E)
            return .base85(start..<end)
        }
        if next == 0x7C { position += 2; _ = skip(to: 0x7E, then: 0x3E); return .otherString }  // <| … ~>
        position += 1
        while position < text.count && text[position] != 0x3E { position += 1 }
        position += 1
        return .otherString
    }

    /// Moves past the next `a b` pair and returns where it started (the end of the string's content).
    private mutating func skip(to a: UInt8, then b: UInt8) -> Int {
        while position + 1 < text.count {
            if text[position] == a && text[position + 1] == b {
                let end = position
                position += 2
                return end
            }
            position += 1
        }
        position = text.count
        return text.count
    }

    private mutating func skipParenthesised() {
        var depth = 0
        while position < text.count {
            let c = text[position]
            position += 1
            if c == 0x5C { position += 1; continue }
            if c == 0x28 { depth += 1 } else if c == 0x29 { depth -= 1; if depth == 0 { return } }
        }
    }

    private mutating func skipProcedure() {
        var depth = 0
        while position < text.count {
            let c = text[position]
            switch c {
            case 0x7B: depth += 1; position += 1
            case 0x7D:
                depth -= 1; position += 1
                if depth == 0 { return }
            case 0x28: skipParenthesised()
            case 0x3C:
                let next = position + 1 < text.count ? text[position + 1] : 0
                if next == 0x7E || next == 0x7C { position += 2; _ = skip(to: 0x7E, then: 0x3E) } else { position += 1 }
            default: position += 1
            }
        }
    }

    /// Decodes ASCII85 text (`z` for four zero bytes), as cairo writes glyph indices.
    func decodeBase85(_ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = [], group: [UInt32] = []
        func flush(_ count: Int) {
            var value: UInt32 = 0
            for i in 0..<5 { value = value &* 85 &+ (i < group.count ? group[i] : 84) }
            let bytes = [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
            out.append(contentsOf: bytes.prefix(count))
        }
        for i in range {
            let c = text[i]
            if c == 0x7A && group.isEmpty { out.append(contentsOf: [0, 0, 0, 0]); continue }
            guard c >= 0x21 && c <= 0x75 else { continue }
            group.append(UInt32(c - 0x21))
            if group.count == 5 { flush(4); group.removeAll(keepingCapacity: true) }
        }
        if group.count > 1 { flush(group.count - 1) }
        return out
    }
}
