/// JSON members a reader did not recognise, kept as compact JSON text so they survive a round trip.
///
/// Session documents may carry fields written by newer or other tools; `Session(json:)` keeps the
/// unknown members of the document, each piece, take and mark here, and `jsonData(pretty:)`
/// writes them back after the known keys, in their original order.
public struct ExtraFields: Hashable, Sendable {
    /// The members in document order: the key and its value as compact JSON text.
    public var members: [Member]

    /// One unknown member.
    public struct Member: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value as compact JSON text, such as `{"a":1}` or `"text"`.
        public var json: String

        /// Creates a member; `json` must be valid JSON text (invalid text is written as a string).
        public init(key: String, json: String) {
            self.key = key
            self.json = json
        }
    }

    /// Creates a set of unknown members (empty by default).
    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// True when there are no unknown members.
    public var isEmpty: Bool { members.isEmpty }

    /// The JSON text of the member with this key, if present.
    public subscript(key: String) -> String? {
        members.first { $0.key == key }?.json
    }
}
