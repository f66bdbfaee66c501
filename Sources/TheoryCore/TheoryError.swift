/// An error raised by TheoryCore when input cannot be read or a request makes no musical sense.
///
/// Every case names the offending input and, where one is obvious, suggests a valid spelling.
public enum TheoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input was empty (or only whitespace); `what` says what was expected.
    case empty(what: String)
    /// The input is longer than any valid name could be.
    case tooLong(what: String, length: Int, limit: Int)
    /// A pitch or pitch class could not be read.
    case invalidPitch(input: String, reason: String, suggestion: String? = nil)
    /// An interval name or degree label could not be read.
    case invalidInterval(input: String, reason: String, suggestion: String? = nil)
    /// A key name could not be read.
    case invalidKey(input: String, reason: String, suggestion: String? = nil)
    /// A scale type is not in the dictionary.
    case unknownScale(name: String, suggestion: String? = nil)
    /// A chord type is not in the dictionary.
    case unknownChordType(name: String, suggestion: String? = nil)
    /// A chord symbol could not be read completely; `offset` is the character index of the bad part.
    case invalidChordSymbol(input: String, reason: String, offset: Int? = nil, suggestion: String? = nil)
    /// A formula (scale or chord degrees) could not be read.
    case invalidFormula(input: String, reason: String)
    /// A value is outside what can be represented or printed.
    case outOfRange(what: String, reason: String)
    /// Notes could not be identified as any chord.
    case unidentifiable(reason: String)

    public var description: String {
        switch self {
        case .empty(let what):
            return "empty input: expected \(what)"
        case .tooLong(let what, let length, let limit):
            return "input too long for \(what): \(length) characters (at most \(limit))"
        case .invalidPitch(let input, let reason, let suggestion):
            return Self.compose("invalid pitch", input, reason, suggestion)
        case .invalidInterval(let input, let reason, let suggestion):
            return Self.compose("invalid interval", input, reason, suggestion)
        case .invalidKey(let input, let reason, let suggestion):
            return Self.compose("invalid key", input, reason, suggestion)
        case .unknownScale(let name, let suggestion):
            return Self.compose("unknown scale type", name, "not in the scale dictionary (see `tonmeister scale --list`)", suggestion)
        case .unknownChordType(let name, let suggestion):
            return Self.compose("unknown chord type", name, "not in the chord dictionary", suggestion)
        case .invalidChordSymbol(let input, let reason, let offset, let suggestion):
            var r = reason
            if let offset { r += " (at character \(offset + 1))" }
            return Self.compose("invalid chord symbol", input, r, suggestion)
        case .invalidFormula(let input, let reason):
            return Self.compose("invalid formula", input, reason, nil)
        case .outOfRange(let what, let reason):
            return "\(what) out of range: \(reason)"
        case .unidentifiable(let reason):
            return "cannot identify chord: \(reason)"
        }
    }

    /// Shortens very long inputs so that messages stay readable.
    package static func excerpt(_ s: String, limit: Int = 40) -> String {
        if s.count <= limit { return s }
        return String(s.prefix(limit)) + "… (\(s.count) characters)"
    }

    private static func compose(_ head: String, _ input: String, _ reason: String, _ suggestion: String?) -> String {
        var s = "\(head) '\(excerpt(input))': \(reason)"
        if let suggestion { s += "; did you mean '\(suggestion)'?" }
        return s
    }
}
