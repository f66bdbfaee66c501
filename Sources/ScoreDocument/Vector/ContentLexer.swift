/// Splits a content stream into operands and operators without building an object per number: numbers are
/// converted in place (as poppler's lexer converts them), operators are packed into an integer, and only names,
/// strings, arrays and dictionaries become ``PDFObject``s.
struct ContentLexer {
    /// An operand of a content-stream operator.
    enum Operand {
        case number(Double)
        case object(PDFObject)

        var number: Double? { if case .number(let x) = self { return x } else { return nil } }
        var object: PDFObject? {
            switch self {
            case .object(let o): return o
            case .number(let x): return .real(x)
            }
        }
        var name: String? { if case .object(.name(let n)) = self { return n } else { return nil } }
    }

    enum Token {
        case operand(Operand)
        /// An operator of up to four bytes, packed big-end first (see ``code(_:)``); 0 for a longer word.
        case op(UInt32)
    }

    /// The packed code of an operator spelled `word`.
    static func code(_ word: StaticString) -> UInt32 {
        var v: UInt32 = 0
        word.withUTF8Buffer { for b in $0 { v = v << 8 | UInt32(b) } }
        return v
    }

    private var parser: PDFParser

    init(_ bytes: UnsafeRawBufferPointer) { parser = PDFParser(bytes) }

    /// The next token; nil at the end.
    mutating func next() throws(PDFReadError) -> Token? {
        let bytes = parser.bytes
        parser.skipSpace()
        // A stray ) > ] { } is skipped.
        while parser.position < bytes.count, PDFParser.isDelimiter(bytes[parser.position]),
              ![0x2F, 0x28, 0x3C, 0x5B].contains(bytes[parser.position]) {
            parser.position += 1
            parser.skipSpace()
        }
        var p = parser.position
        guard p < bytes.count else { return nil }
        let c = bytes[p]
        if c == 0x2F || c == 0x28 || c == 0x3C || c == 0x5B {
            guard let object = try parser.object() else { return nil }
            return .operand(.object(object))
        }
        let start = p
        while p < bytes.count && !PDFParser.isWhitespace(bytes[p]) && !PDFParser.isDelimiter(bytes[p]) { p += 1 }
        parser.position = p
        if c == 0x2B || c == 0x2D || c == 0x2E || (c >= 0x30 && c <= 0x39) {
            if let value = Self.number(bytes, start..<p) { return .operand(.number(value)) }
            let word = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<p]), as: UTF8.self)
            if let object = PDFParser.number(word), let value = object.number { return .operand(.number(value)) }
            return .op(0)
        }
        if p - start <= 4 {
            var v: UInt32 = 0
            for k in start..<p { v = v << 8 | UInt32(bytes[k]) }
            switch v {
            case Self.code("true"): return .operand(.object(.bool(true)))
            case Self.code("null"): return .operand(.object(.null))
            default: return .op(v)
            }
        }
        if p - start == 5, bytes[start] == 0x66 { return .operand(.object(.bool(false))) }
        return .op(0)
    }

    /// Moves past an inline image's data, just read up to its `ID`: to after the `EI` that follows white space
    /// and is followed by white space or the end (as poppler finds it).
    mutating func skipInlineImageData() {
        let bytes = parser.bytes
        var p = parser.position + 1
        while p + 1 < bytes.count {
            if bytes[p] == 0x45, bytes[p + 1] == 0x49, PDFParser.isWhitespace(bytes[p - 1]),
               p + 2 == bytes.count || PDFParser.isWhitespace(bytes[p + 2]) || PDFParser.isDelimiter(bytes[p + 2]) {
                parser.position = p + 2
                return
            }
            p += 1
        }
        parser.position = bytes.count
    }

    /// `[+-]digits[.digits]` as poppler converts it; nil for any other form (left to the general parser).
    static func number(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Double? {
        var p = range.lowerBound
        var negative = false
        if bytes[p] == 0x2B || bytes[p] == 0x2D { negative = bytes[p] == 0x2D; p += 1 }
        var whole = 0, digits = 0
        while p < range.upperBound, bytes[p] >= 0x30, bytes[p] <= 0x39 {
            whole = whole &* 10 &+ Int(bytes[p] - 0x30)
            digits += 1
            p += 1
        }
        guard digits <= 15 else { return nil }
        var value = Double(whole)
        if p < range.upperBound {
            guard bytes[p] == 0x2E else { return nil }
            p += 1
            var scale = 0.1
            while p < range.upperBound {
                let d = bytes[p]
                guard d >= 0x30, d <= 0x39 else { return nil }
                value = value + scale * Double(d - 0x30)
                scale *= 0.1
                digits += 1
                p += 1
            }
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }
}
