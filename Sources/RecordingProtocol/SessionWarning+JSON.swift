import ScoreLayout
import TonmeisterSupport

extension SessionWarning {
    /// The JSON form: `{"kind","message"}` and, where known, `"take"`, `"mark"`, `"page"`, `"bar"`.
    package var jsonTree: JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(kind.rawValue)), ("message", .string(message))]
        if let take { members.append(("take", .int(take))) }
        if let mark { members.append(("mark", .int(mark))) }
        if let page { members.append(("page", .int(page))) }
        if let bar { members.append(("bar", .string(bar))) }
        return .object(members)
    }
}

extension Array where Element == SessionWarning {
    /// `value` with `"warnings": [...]` appended when it is an object (other values are returned as they are).
    package func appended(to value: JSONValue) -> JSONValue {
        guard case .object(var members) = value else { return value }
        members.append(("warnings", .array(map(\.jsonTree))))
        return .object(members)
    }
}
