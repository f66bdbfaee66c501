/// Typed readers of single JSON values, for ``JSONObject/required(_:_:)`` and ``JSONObject/optional(_:_:)``.
///
/// Each takes the value and its path and returns the Swift value or throws a ``JSONFieldError`` naming what was
/// expected and what was found.
extension JSONValue {
    /// What kind of value this is, for messages: "a string", "a number", "null", …
    package var kindName: String {
        switch self {
        case .string: return "a string"
        case .int, .double: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// True for `null`.
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The error "expected `expected`, found …" for `value`.
    package static func mismatch(_ expected: String, _ value: JSONValue) -> JSONFieldError {
        JSONFieldError("expected \(expected), found \(value.kindName)")
    }

    /// A string.
    package static func string(_ value: JSONValue) throws(JSONFieldError) -> String {
        guard case .string(let s) = value else { throw mismatch("a string", value) }
        return s
    }

    /// An integer (a number with a fraction is refused, naming it).
    package static func int(_ value: JSONValue) throws(JSONFieldError) -> Int {
        guard case .int(let i) = value else {
            if case .double(let d) = value { throw JSONFieldError("expected an integer, found \(d)") }
            throw mismatch("an integer", value)
        }
        return i
    }

    /// A number, integer or not.
    package static func double(_ value: JSONValue) throws(JSONFieldError) -> Double {
        switch value {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: throw mismatch("a number", value)
        }
    }

    /// A number, or one of the strings `"nan"`, `"inf"` and `"-inf"` that `serialized()` writes for non-finite
    /// doubles (so a written value always reads back; validation decides whether it is acceptable).
    package static func coordinate(_ value: JSONValue) throws(JSONFieldError) -> Double {
        switch value {
        case .string("nan"): return .nan
        case .string("inf"): return .infinity
        case .string("-inf"): return -.infinity
        default: return try double(value)
        }
    }

    /// `true` or `false`.
    package static func bool(_ value: JSONValue) throws(JSONFieldError) -> Bool {
        guard case .bool(let b) = value else { throw mismatch("true or false", value) }
        return b
    }

    /// A reader of an array whose items are read by `read` (given the item and its index); an error in an item
    /// names its index.
    package static func array<T>(_ read: @escaping (JSONValue, Int) throws -> T) -> (JSONValue) throws -> [T] {
        { value in
            guard case .array(let items) = value else { throw mismatch("an array", value) }
            var result: [T] = []
            result.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                do { result.append(try read(item, index)) } catch let error as JSONFieldError { throw error.below(.index(index)) }
            }
            return result
        }
    }

    /// An array of strings.
    package static func strings(_ value: JSONValue) throws -> [String] {
        try array { item, _ throws(JSONFieldError) in try string(item) }(value)
    }
}
