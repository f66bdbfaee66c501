/// A JSON value whose objects keep their keys in the order written, so output matches the documented shapes.
///
/// Foundation's `JSONEncoder` does not promise a key order on every platform, so Tonmeister's documented
/// JSON (the layout, the session, every command's `--json`) is written with this type. Doubles use Swift's
/// shortest round-tripping form (`60.0`, `210.5`); non-finite doubles are written as the strings `"nan"`,
/// `"inf"` and `"-inf"` so that writing never fails (readers reject them where numbers are required).
package enum JSONValue: Equatable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }

    /// An array of strings from anything printable.
    package static func strings<S: Sequence>(_ items: S) -> JSONValue where S.Element: CustomStringConvertible {
        .array(items.map { .string($0.description) })
    }

    /// An optional string: `null` when absent.
    package static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }

    /// Compact JSON text, or indented with `pretty`.
    package func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
        let sep = pretty ? ",\n" : ","
        switch self {
        case .string(let s): Self.quote(s, into: &out)
        case .int(let i): out += String(i)
        case .double(let d):
            if d.isNaN {
                out += "\"nan\""
            } else if d.isInfinite {
                out += d < 0 ? "\"-inf\"" : "\"inf\""
            } else {
                out += "\(d)"
            }
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += pretty ? "[\n" : "["
            for (n, item) in items.enumerated() {
                if n > 0 { out += sep }
                out += pad
                item.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            out += close + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += pretty ? "{\n" : "{"
            for (n, (key, value)) in pairs.enumerated() {
                if n > 0 { out += sep }
                out += pad
                Self.quote(key, into: &out)
                out += pretty ? ": " : ":"
                value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            out += close + "}"
        }
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(c.value, radix: 16).count) + String(c.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
