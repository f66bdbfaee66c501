/// A printed bar number: a non-negative number with an optional lower-case suffix ("12", "12a", "0").
///
/// Suffixes mark extra bars that do not advance the count (a repeated bar, a first-time bar,
/// an inserted bar: "12a" after "12"). Numbers are ordered by value, then by suffix, where a
/// shorter suffix comes first ("12" < "12a" < "12z" < "12aa" < "13"). A bar number is encoded in
/// JSON as a string; decoding also accepts a plain JSON integer.
public struct BarNumber: Hashable, Comparable, Codable, CustomStringConvertible, Sendable {
    /// The largest accepted number (six digits).
    public static let maxValue = 999_999
    /// The longest accepted suffix.
    public static let maxSuffixLength = 4

    /// The numeric part (0…999 999).
    public let value: Int
    /// The suffix: empty or up to four lower-case ASCII letters.
    public let suffix: String

    /// Creates a plain bar number without a suffix.
    ///
    /// - Precondition: `0 <= value <= BarNumber.maxValue`.
    public init(_ value: Int) {
        precondition((0...Self.maxValue).contains(value), "bar number \(value) out of range 0…\(Self.maxValue)")
        self.value = value
        self.suffix = ""
    }

    /// Creates a bar number from a value and a suffix, validating both.
    public init(_ value: Int, suffix: String) throws {
        let text = "\(value)\(suffix)"
        guard (0...Self.maxValue).contains(value) else {
            throw LayoutError.invalidBarNumber(input: text, reason: "the number must be between 0 and \(Self.maxValue)")
        }
        try Self.checkSuffix(suffix, input: text)
        self.value = value
        self.suffix = suffix
    }

    /// Reads a bar number such as `"12"`, `"12a"` or `"0"`.
    ///
    /// Surrounding whitespace is ignored, upper-case suffix letters are lower-cased and leading
    /// zeros are dropped ("012" reads as 12). Empty text, signs, more than six digits, a missing
    /// number, and anything but letters after the digits are rejected.
    public init(_ text: String) throws {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw LayoutError.invalidBarNumber(input: text, reason: "empty; expected a number such as 12 or 12a")
        }
        if trimmed.hasPrefix("-") {
            throw LayoutError.invalidBarNumber(input: text, reason: "bar numbers cannot be negative")
        }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else {
            throw LayoutError.invalidBarNumber(input: text, reason: "expected digits first, such as 12 or 12a")
        }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 6 else {
            throw LayoutError.invalidBarNumber(input: text, reason: "more than 6 digits")
        }
        let suffix = String(trimmed.dropFirst(digits.count)).lowercased()
        try Self.checkSuffix(suffix, input: text)
        self.value = Int(significant) ?? 0
        self.suffix = suffix
    }

    private static func checkSuffix(_ suffix: String, input: String) throws {
        guard suffix.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else {
            throw LayoutError.invalidBarNumber(
                input: input, reason: "the suffix '\(excerpt(suffix))' may only contain the letters a–z")
        }
        guard suffix.count <= maxSuffixLength else {
            throw LayoutError.invalidBarNumber(
                input: input, reason: "the suffix '\(excerpt(suffix))' is longer than \(maxSuffixLength) letters")
        }
    }

    private static func excerpt(_ s: String) -> String { LayoutError.excerpt(s, limit: 12) }

    /// The same number with another suffix (`""` removes it).
    public func withSuffix(_ suffix: String) throws -> BarNumber {
        try BarNumber(value, suffix: suffix)
    }

    /// True when the number has a suffix.
    public var hasSuffix: Bool { !suffix.isEmpty }

    /// The printed form, such as `12` or `12a`.
    public var description: String { "\(value)\(suffix)" }

    public static func < (a: BarNumber, b: BarNumber) -> Bool {
        if a.value != b.value { return a.value < b.value }
        if a.suffix.count != b.suffix.count { return a.suffix.count < b.suffix.count }
        return a.suffix < b.suffix
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            guard (0...Self.maxValue).contains(number) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "invalid bar number \(number): must be between 0 and \(Self.maxValue)")
            }
            self.init(number)
            return
        }
        let text = try container.decode(String.self)
        do {
            try self.init(text)
        } catch let error as LayoutError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
