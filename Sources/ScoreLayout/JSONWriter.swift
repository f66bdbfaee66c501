/// A minimal JSON writer that keeps object keys in the order given.
///
/// Foundation's `JSONEncoder` does not promise a key order on every platform, so the layout's
/// canonical JSON is written with this writer. Doubles are written with Swift's shortest
/// round-tripping form (`60.0`, `210.5`); non-finite doubles as the strings `"nan"`, `"inf"`,
/// `"-inf"`.
indirect enum JSONWriter {
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONWriter])
    case object([(key: String, value: JSONWriter)])

    /// The JSON text, compact or indented by two spaces.
    func render(pretty: Bool) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .number(let value):
            if value.isNaN {
                out += "\"nan\""
            } else if value.isInfinite {
                out += value < 0 ? "\"-inf\"" : "\"inf\""
            } else {
                out += "\(value)"
            }
        case .integer(let value):
            out += "\(value)"
        case .string(let text):
            Self.writeString(text, to: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if pretty { Self.newline(&out, indent + 1) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { Self.newline(&out, indent) }
            out += "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                if pretty { Self.newline(&out, indent + 1) }
                Self.writeString(member.key, to: &out)
                out += pretty ? ": " : ":"
                member.value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { Self.newline(&out, indent) }
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int) {
        out += "\n" + String(repeating: "  ", count: indent)
    }

    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension ScoreLayout {
    /// The layout as an ordered JSON tree.
    var jsonTree: JSONWriter {
        .object([("pages", .array(pages.map(\.jsonTree)))])
    }
}

extension PageLayout {
    var jsonTree: JSONWriter {
        .object([("page", .integer(page)), ("systems", .array(systems.map(\.jsonTree)))])
    }
}

extension SystemLayout {
    var jsonTree: JSONWriter {
        var members: [(key: String, value: JSONWriter)] = [("top", .number(top)), ("bottom", .number(bottom))]
        if let staves {
            members.append(("staves", .array(staves.map { .object([("top", .number($0.top)), ("bottom", .number($0.bottom))]) })))
        }
        if let bars {
            members.append(("bars", .array(bars.map {
                .object([("number", .string($0.number.description)), ("left", .number($0.left)), ("right", .number($0.right))])
            })))
        }
        return .object(members)
    }
}

extension ScorePosition {
    /// The position as JSON with keys in the order `page`, `x`, `y`: `{"page":1,"x":80.0,"y":120.0}`.
    public var jsonText: String {
        JSONWriter.object([("page", .integer(page)), ("x", .number(x)), ("y", .number(y))]).render(pretty: false)
    }
}
