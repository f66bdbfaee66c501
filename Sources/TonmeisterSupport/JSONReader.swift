/// A small strict JSON parser producing `JSONValue` with object keys in document order: the parser of
/// Tonmeister's one JSON reading layer (``JSONObject`` reads the tree it makes).
///
/// Foundation's parser forgets key order on Linux; the session reader needs it to keep unknown
/// members in place, and it reads about three times as fast as `JSONDecoder` (`Benchmarks/SessionBench`). Integers without fraction or exponent that fit in `Int` read as `.int`,
/// other numbers as `.double`. Nesting deeper than `maxDepth` and duplicate keys are errors, so
/// hostile documents fail cleanly instead of crashing.
package struct JSONReader {
    package static let maxDepth = 256
    /// Objects with this many members or more check duplicate keys through a set, not a search.
    private static let keySetFrom: Int = 15

    private let bytes: [UInt8]
    private var index = 0

    /// Parses a whole document.
    package static func parse(_ data: some Sequence<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: Array(data))
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw reader.fail("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func fail(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, byte: index)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maxDepth else { throw fail("nesting deeper than \(Self.maxDepth) levels") }
        guard index < bytes.count else { throw fail("unexpected end of document") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw fail("expected '\(word)'")
        }
        index += utf8.count
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [(String, JSONValue)] = []
        // Duplicate keys: small objects (almost all) are searched; from 16 members on, a set.
        var keys: Set<String>?
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
            let key = try string()
            if keys != nil {
                guard keys!.insert(key).inserted else { throw fail("duplicate key '\(key)'") }
            } else {
                guard !members.contains(where: { $0.0 == key }) else { throw fail("duplicate key '\(key)'") }
                if members.count >= Self.keySetFrom { keys = Self.keySet(members, key) }
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after key '\(key)'") }
            index += 1
            skipSpace()
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of document in an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw fail("expected ',' or '}' in an object")
        }
    }

    /// The keys of `members` and `key`, as a set.
    private static func keySet(_ members: [(String, JSONValue)], _ key: String) -> Set<String> {
        var set: Set<String> = [key]
        members.forEach { set.insert($0.0) }
        return set
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of document in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw fail("expected ',' or ']' in an array")
        }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        // Fast path: most strings have no escape; read them in one piece.
        var end = index
        var high: UInt8 = 0
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                // ASCII text (every key, most values) is valid UTF-8 as it is: no validation pass.
                let text = high < 0x80 ? String(decoding: bytes[index..<end], as: UTF8.self) : String(validating: bytes[index..<end], as: UTF8.self)
                guard let text else { throw fail("invalid UTF-8 in a string") }
                index = end + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            high |= byte
            end += 1
        }
        return try escapedString()
    }

    /// A string with escapes (or an error), read character by character.
    private mutating func escapedString() throws(JSONSyntaxError) -> String {
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() throws(JSONSyntaxError) {
            guard !run.isEmpty else { return }
            guard let text = String(validating: run, as: UTF8.self) else { throw fail("invalid UTF-8 in a string") }
            scalars.append(contentsOf: text.unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                try flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate in a string")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate in a string") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("unpaired surrogate in a string") }
                    scalars.append(scalar)
                default: throw fail("invalid escape in a string")
                }
            case 0..<0x20:
                throw fail("control character in a string")
            default:
                run.append(byte)
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
        var code: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid \\u escape")
            }
            code = code * 16 + UInt32(digit)
        }
        index += 4
        return code
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        let whole = digits()
        guard whole > 0 else { throw fail("expected digits in a number") }
        if whole > 1, bytes[index - whole] == UInt8(ascii: "0") { throw fail("leading zero in a number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { throw fail("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("expected digits in an exponent") }
        }
        if isInteger, index - start <= 18 {
            // Up to 18 digits always fit in Int: no text to build.
            var value = 0, i = start
            let negative = bytes[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            while i < index { value = value * 10 + Int(bytes[i] - UInt8(ascii: "0")); i += 1 }
            return .int(negative ? -value : value)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let int = Int(text) { return .int(int) }
        guard let double = Double(text), double.isFinite else { throw fail("number \(text) is out of range") }
        return .double(double)
    }
}
