/// The members of one JSON object being read: typed access by key, errors that name the member's path, and the
/// members left unread.
///
/// This is Tonmeister's one JSON reading layer: the session document, the layout, the quiz spec, quiz answers,
/// stored rows and the server's request bodies all read through it, over ``JSONReader``'s ordered tree. Each
/// caller turns a ``JSONFieldError`` into its own error type at its boundary, so every message has the same
/// shape: `takes[3].start.x: expected a number, found a string`.
///
/// ```swift
/// var take = try JSONObject(tree)
/// let number = try take.required("number", JSONValue.int)
/// let note = try take.optional("note", JSONValue.string) ?? ""
/// let extra = take.unread   // members no reader asked for, in document order
/// ```
package struct JSONObject {
    private let members: [(String, JSONValue)]
    /// Which members were read, by index (bit i for member i; objects of more than 64 members also use `usedKeys`).
    private var usedMask: UInt64 = 0
    private var usedKeys = Set<String>()

    /// Takes `value` as an object.
    /// - Throws: ``JSONFieldError`` "expected an object, found …" when it is not one.
    package init(_ value: JSONValue) throws(JSONFieldError) {
        guard case .object(let members) = value else { throw JSONValue.mismatch("an object", value) }
        self.members = members
    }

    /// True when the object has member `key` (even as null).
    package func has(_ key: String) -> Bool { members.contains { $0.0 == key } }

    /// The value of member `key` without marking it read, nil when absent or null.
    package func member(_ key: String) -> JSONValue? {
        guard let value = members.first(where: { $0.0 == key })?.1, !value.isNull else { return nil }
        return value
    }

    /// Marks `key` read and returns its value, if present.
    private mutating func take(_ key: String) -> JSONValue? {
        guard let index = members.firstIndex(where: { $0.0 == key }) else { return nil }
        if index < 64 { usedMask |= 1 << UInt64(index) } else { usedKeys.insert(key) }
        return members[index].1
    }

    private func isUsed(_ index: Int) -> Bool {
        index < 64 ? usedMask & (1 << UInt64(index)) != 0 : usedKeys.contains(members[index].0)
    }

    /// The raw value of `key` (marked read), nil when absent or null.
    package mutating func value(_ key: String) -> JSONValue? {
        guard let value = take(key), !value.isNull else { return nil }
        return value
    }

    /// The value of a member that must be present. A null is given to `read`, which names it
    /// ("expected a number, found null").
    package mutating func required<T>(_ key: String, _ read: (JSONValue) throws -> T) throws -> T {
        guard let value = take(key) else { throw JSONFieldError("missing required key '\(key)'", at: [.key(key)]) }
        return try Self.reading(key, value, read)
    }

    /// The value of a member that may be absent or null.
    package mutating func optional<T>(_ key: String, _ read: (JSONValue) throws -> T) throws -> T? {
        guard let value = take(key), !value.isNull else { return nil }
        return try Self.reading(key, value, read)
    }

    /// `read(value)`, with `key` put in front of the path of any ``JSONFieldError`` it throws.
    package static func reading<T>(_ key: String, _ value: JSONValue, _ read: (JSONValue) throws -> T) throws -> T {
        do { return try read(value) } catch let error as JSONFieldError { throw error.below(.key(key)) }
    }

    /// The members not read so far, in document order.
    package var unread: [(key: String, value: JSONValue)] {
        if members.count < 64, usedMask == (1 << UInt64(members.count)) - 1 { return [] }
        return members.indices.filter { !isUsed($0) }.map { (members[$0].0, members[$0].1) }
    }

    /// Refuses any member whose key is not in `known`, naming the first such key and the known ones.
    package func rejectUnknown(known: [String]) throws(JSONFieldError) {
        if let stray = members.first(where: { !known.contains($0.0) }) {
            throw JSONFieldError("unknown key (known: \(known.joined(separator: ", ")))", at: [.key(stray.0)])
        }
    }
}
