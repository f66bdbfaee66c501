// The layout as ordered JSON (see JSONValue), in the key order of the session JSON `layout` object.

import TonmeisterSupport

extension ScoreLayout {
    /// The layout as an ordered JSON tree.
    package var jsonTree: JSONValue {
        .object([("pages", .array(pages.map(\.jsonTree)))])
    }
}

extension PageLayout {
    package var jsonTree: JSONValue {
        .object([("page", .int(page)), ("systems", .array(systems.map(\.jsonTree)))])
    }
}

extension SystemLayout {
    package var jsonTree: JSONValue {
        var members: [(String, JSONValue)] = [("top", .double(top)), ("bottom", .double(bottom))]
        if let staves {
            members.append(("staves", .array(staves.map { .object([("top", .double($0.top)), ("bottom", .double($0.bottom))]) })))
        }
        if let bars {
            members.append(("bars", .array(bars.map {
                .object([("number", .string($0.number.description)), ("left", .double($0.left)), ("right", .double($0.right))])
            })))
        }
        return .object(members)
    }
}

extension ScorePosition {
    /// The position as JSON with keys in the order `page`, `x`, `y`, `pass` (when set): `{"page":1,"x":80.0,"y":120.0}`.
    public var jsonText: String {
        jsonTree.serialized()
    }

    /// The position as a JSON tree (see `jsonText`).
    package var jsonTree: JSONValue {
        var members: [(String, JSONValue)] = [("page", .int(page)), ("x", .double(x)), ("y", .double(y))]
        if let pass { members.append(("pass", .int(pass))) }
        return .object(members)
    }
}
