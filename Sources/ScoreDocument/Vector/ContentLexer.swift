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
    /// Whether an operand that cannot be parsed (an array nested too deeply, a dictionary with a key that is no
    /// name) is passed over, reading on from its next byte, rather than ending the stream with an error.
    private let tolerant: Bool
    /// Where the operand being parsed began.
    private var operandStart = 0

    /// A lexer of `bytes`; a `tolerant` one reads on past operands that cannot be parsed, as poppler does (it reports
    /// them and goes on drawing): the limits check must see the operators that follow (the campaign's
    /// `hang-s1533-51318`: arrays nested past 64 levels, then lines 2·10¹² wide that cairo took minutes to draw).
    init(_ bytes: UnsafeRawBufferPointer, tolerant: Bool = false) {
        parser = PDFParser(bytes)
        self.tolerant = tolerant
    }

    /// The next token; nil at the end.
    mutating func next() throws(PDFReadError) -> Token? {
        while true {
            do { return try nextToken() } catch {
                // An operand that ran to the end unfinished (a string never closed) ends the content there, as it
                // ends poppler's; reading on from its next byte would read the rest again for each such operand.
                guard tolerant else { throw error }
                guard parser.position < parser.bytes.count else { return nil }
                parser.position = operandStart + 1
            }
        }
    }

    private mutating func nextToken() throws(PDFReadError) -> Token? {
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
            operandStart = p
            guard let object = try parser.object() else { return nil }
            return .operand(.object(object))
        }
        let start = p
        while p < bytes.count && !PDFParser.isWhitespace(bytes[p]) && !PDFParser.isDelimiter(bytes[p]) { p += 1 }
        parser.position = p
        if c == 0x2B || c == 0x2D || c == 0x2E || (c >= 0x30 && c <= 0x39) {
            // A number ends where poppler's lexer ends it, at the first byte that cannot go on: `2.4BI` is the number
            // 2.4 and an inline image (a mutated file hid a 100000² image from the limits check this way, and poppler
            // spent minutes on it), `1e308` is 1 and an operator `e308`.
            let end = Self.numberEnd(bytes, from: start, limit: p)
            parser.position = end
            return .operand(.number(Self.popplerNumber(bytes, start..<end)))
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

    /// Where poppler's lexer ends a number starting at `start` (a sign, a digit or a point), before `limit`: digits, then
    /// a point and digits, minus signs after the point skipped (as Adobe's reader does); any other byte ends it.
    static func numberEnd(_ bytes: UnsafeRawBufferPointer, from start: Int, limit: Int) -> Int {
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        var p = start + 1
        var fraction = bytes[start] == 0x2E
        while !fraction, p < limit, isDigit(bytes[p]) || bytes[p] == 0x2E {
            fraction = bytes[p] == 0x2E
            p += 1
        }
        while fraction, p < limit, isDigit(bytes[p]) || bytes[p] == 0x2D { p += 1 }
        return p
    }

    /// The value poppler gives a number token of any form ``numberEnd(_:from:limit:)`` ends: its digits, the minus
    /// signs after the point ignored (`-`, `+` and `.` alone are 0); finite. (Poppler makes an integer beyond 2³² an
    /// error object; here it stays a huge number, which the limits refuse: the safe side.)
    static func popplerNumber(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Double {
        var value = 0.0, scale = 0.0
        for k in range {
            let b = bytes[k]
            if b == 0x2E { scale = 0.1 } else if b >= 0x30 && b <= 0x39 {
                if scale == 0 { value = value * 10 + Double(b - 0x30) } else { value += scale * Double(b - 0x30); scale *= 0.1 }
            }
        }
        // Hundreds of digits overflow: the largest finite number, which every limit refuses, not infinity.
        let finite = value.isFinite ? value : .greatestFiniteMagnitude
        return bytes[range.lowerBound] == 0x2D ? -finite : finite
    }
}
