import Foundation
import ScoreLayout

/// A bar as producers and scripts name it: `47` (every time through it) or `12/2` (the second time through bar 12).
///
/// Read by `covers --bar`, `take start --bar`, `mark add --bar` and the server's `?bar=`; the pass is 1-based and at
/// most `PlayingOrder.maxPasses`.
public struct BarAddress: Hashable, Sendable, CustomStringConvertible {
    /// The printed bar number.
    public var bar: BarNumber
    /// The time through the bar; nil when not given.
    public var pass: Int?

    /// Creates an address.
    public init(bar: BarNumber, pass: Int? = nil) {
        self.bar = bar
        self.pass = pass
    }

    /// Reads `12`, `12a`, `12/2` or `12a/3`.
    ///
    /// - Throws: `ProtocolError.invalidBarAddress` naming what cannot be read.
    public init(_ text: String) throws(ProtocolError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2 else { throw .invalidBarAddress(text, reason: "'\(text)' is not a bar: expected a bar such as 12, or a bar and a pass such as 12/2") }
        do { bar = try BarNumber(parts[0]) } catch {
            throw .invalidBarAddress(text, reason: "'\(parts[0])' is not a bar number (12, 12a)")
        }
        guard parts.count == 2 else { pass = nil; return }
        let passText = parts[1].trimmingCharacters(in: .whitespaces)
        guard let pass = Int(passText), (1...PlayingOrder.maxPasses).contains(pass) else {
            throw .invalidBarAddress(text, reason: "'\(text)': the pass '\(passText)' must be a whole number from 1 to \(PlayingOrder.maxPasses)")
        }
        self.pass = pass
    }

    /// `12` or `12/2`.
    public var description: String { pass.map { "\(bar)/\($0)" } ?? bar.description }

    /// The covers question for this address: every pass of the bar, or one pass.
    public var coverQuery: CoverQuery { pass.map { .barOnPass(bar, pass: $0) } ?? .bar(bar) }
}
