/// A run of bars named by their printed numbers, such as `1-8` or `12` (one bar): an entry of a playing order.
///
/// The run goes from the bar numbered `first` to the next bar numbered `last` in score order, whatever lies
/// between them (so `7-9` includes an `8a`). Written `first-last`, or `first` alone for one bar; an en dash
/// and spaces around the dash are accepted when reading. A span whose `last` is numbered below its `first` is
/// read as written (`isBackwards`): the session decides whether to turn it around or refuse it.
public struct BarSpan: Hashable, Sendable, CustomStringConvertible {
    /// The printed number of the first bar.
    public var first: BarNumber
    /// The printed number of the last bar.
    public var last: BarNumber

    /// Creates a span.
    public init(first: BarNumber, last: BarNumber) {
        self.first = first
        self.last = last
    }

    /// Reads `1-8`, `1 – 8`, `12` or `12a-12b`.
    ///
    /// - Throws: `LayoutError.invalidBarNumber` naming the span and the part that cannot be read.
    public init(_ text: String) throws(LayoutError) {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "–" }).map(String.init)
        guard !parts.isEmpty, parts.count <= 2, text.filter({ $0 == "-" || $0 == "–" }).count == parts.count - 1 else {
            throw LayoutError.invalidBarNumber(input: text, reason: "expected a bar or a range of bars such as 12 or 1-8")
        }
        do {
            first = try BarNumber(parts[0])
            last = try BarNumber(parts.count == 2 ? parts[1] : parts[0])
        } catch let error as LayoutError {
            guard case .invalidBarNumber(let input, let reason) = error else { throw error }
            throw LayoutError.invalidBarNumber(input: text, reason: "'\(input.trimmingWhitespace())': \(reason)")
        } catch {
            throw LayoutError.invalidBarNumber(input: text, reason: "\(error)")
        }
    }

    /// Reads a comma-separated list of spans, such as `1-8,1-8,9-24` (spaces allowed).
    ///
    /// - Throws: `LayoutError.invalidBarNumber` for an empty list or an entry that cannot be read.
    public static func list(_ text: String) throws(LayoutError) -> [BarSpan] {
        let entries = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !text.trimmingWhitespace().isEmpty else {
            throw LayoutError.invalidBarNumber(input: text, reason: "empty; expected ranges of bars such as 1-8,1-8,9-24")
        }
        var spans: [BarSpan] = []
        for entry in entries { spans.append(try BarSpan(entry)) }
        return spans
    }

    /// True when `last` is numbered below `first`.
    public var isBackwards: Bool { last < first }

    /// `1-8`, or `12` for one bar.
    public var description: String { first == last ? first.description : "\(first)-\(last)" }
}
