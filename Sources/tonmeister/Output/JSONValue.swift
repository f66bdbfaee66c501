import Foundation

/// A JSON value whose objects keep their keys in the order written, so output matches the documented shapes.
enum JSONValue: Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }

    /// An array of strings from anything printable.
    static func strings<S: Sequence>(_ items: S) -> JSONValue where S.Element: CustomStringConvertible {
        .array(items.map { .string($0.description) })
    }

    /// An optional string: `null` when absent.
    static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }

    /// Compact JSON text, or indented with `pretty`.
    func serialized(pretty: Bool = false) -> String {
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
            if d.isFinite { out += d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) + ".0" : String(d) } else { out += "null" }
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
