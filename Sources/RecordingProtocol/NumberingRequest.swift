import ScoreLayout

/// How the producer asks for the bars to be numbered (`score numbering`, `POST /api/numbering`): a first bar, an upbeat,
/// restarts and suffixes at bars named by their present numbers, for the whole score or one piece.
public struct NumberingRequest: Sendable, Hashable {
    /// A restart: counting starts again at `to` at the bar now numbered `bar`.
    public struct Restart: Sendable, Hashable {
        public var bar: String
        public var to: Int
        public init(bar: String, to: Int) { self.bar = bar; self.to = to }
    }

    /// A suffix: the bar now numbered `bar` repeats the number before it with `suffix` (a second ending: 12a).
    public struct Suffix: Sendable, Hashable {
        public var bar: String
        public var suffix: String
        public init(bar: String, suffix: String) { self.bar = bar; self.suffix = suffix }
    }

    /// The number of the first bar (of the score, or of `piece`); nil keeps the numbering's start.
    public var first: Int?
    /// The first bar is an upbeat numbered one less than `first` (0).
    public var pickup = false
    /// The piece (0-based) the request numbers; nil for the whole score.
    public var piece: Int?
    public var restarts: [Restart] = []
    public var suffixes: [Suffix] = []
    /// Rules read from the print (`--from-print`), which replace the whole numbering.
    public var printed: [NumberingRule]?

    public init(first: Int? = nil, pickup: Bool = false, piece: Int? = nil, restarts: [Restart] = [], suffixes: [Suffix] = [],
                printed: [NumberingRule]? = nil) {
        self.first = first
        self.pickup = pickup
        self.piece = piece
        self.restarts = restarts
        self.suffixes = suffixes
        self.printed = printed
    }

    /// True when the request changes anything.
    public var changes: Bool { printed != nil || first != nil || pickup || !restarts.isEmpty || !suffixes.isEmpty }

    /// The rules the request asks for, on the session as it is now.
    ///
    /// - Throws: `NumberingRequestError` naming what was wrong (a bar no bar is numbered, a piece without bars, a value out of range).
    public func rules(for session: Session) throws -> [NumberingRule] {
        guard let layout = session.layout else { throw NumberingRequestError("the session has no layout: detect one first") }
        if let first, !(0...BarNumber.maxValue).contains(first) { throw NumberingRequestError("the first bar must be from 0 to \(BarNumber.maxValue), not \(first)") }
        let range = try piece.map { p -> ClosedRange<Int> in
            guard session.pieces.indices.contains(p), let range = session.pieceBarRanges()[p] else {
                throw NumberingRequestError("piece \(p + 1): the session has \(session.pieces.count) piece\(session.pieces.count == 1 ? "" : "s") with bars in the layout")
            }
            return range
        }
        var rules: [NumberingRule]
        if let printed {
            rules = printed
        } else if let piece, first != nil || pickup {
            rules = try session.rules(numberingPiece: piece, from: first ?? 1, pickup: pickup)
        } else if first != nil || pickup {
            let start = first ?? 1
            rules = pickup && start == 1 ? [.pickup] : [.renumber(fromGlobalIndex: 0, to: BarNumber(pickup ? max(start - 1, 0) : start))]
        } else {
            rules = layout.numberingRules()
        }
        for restart in restarts {
            let index = try Self.find(restart.bar, in: layout, range: range, what: "restart at \(restart.bar)")
            guard (0...BarNumber.maxValue).contains(restart.to) else {
                throw NumberingRequestError("restart at \(restart.bar): \(restart.to) is not a bar number (0–\(BarNumber.maxValue))")
            }
            rules.removeAll { if case .renumber(index, _) = $0 { return true }; return false }
            rules.append(.renumber(fromGlobalIndex: index, to: BarNumber(restart.to)))
        }
        for suffix in suffixes {
            let index = try Self.find(suffix.bar, in: layout, range: range, what: "suffix at \(suffix.bar)")
            guard !suffix.suffix.isEmpty, (try? BarNumber(0, suffix: suffix.suffix)) != nil else {
                throw NumberingRequestError("suffix at \(suffix.bar): the suffix must be 1–\(BarNumber.maxSuffixLength) letters a–z, not '\(suffix.suffix)'")
            }
            rules.append(.suffix(globalIndex: index, suffix: suffix.suffix))
        }
        return rules
    }

    /// The global index of the bar now numbered `text` (inside `range` when given).
    static func find(_ text: String, in layout: ScoreLayout, range: ClosedRange<Int>?, what: String) throws -> Int {
        let number: BarNumber
        do { number = try BarNumber(text) } catch { throw NumberingRequestError("\(what): '\(text)' is not a bar number (12, 12a)") }
        guard let bar = layout.bars(numbered: number).first(where: { range?.contains($0.globalIndex) ?? true }) else {
            throw NumberingRequestError("\(what): no bar is numbered \(number)\(range == nil ? "" : " in that piece")")
        }
        return bar.globalIndex
    }
}

/// A numbering request that cannot be carried out, with the reason.
public struct NumberingRequestError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
