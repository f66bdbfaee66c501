import ScoreLayout

/// Renumbering the score's bars (`score numbering`): the layout gets new numbers, the pieces stay on their bars.
extension Session {
    /// Numbers the layout's bars with `rules` (see `ScoreLayout.renumbered(_:)`); each piece keeps the same bars
    /// and takes their new numbers. Takes and marks are positions on the page and do not move.
    ///
    /// - Throws: `ProtocolError.noLayout` without a layout, `.invalidLayout` for a rule the layout refuses; the
    ///   session is unchanged then.
    public mutating func renumberBars(_ rules: [NumberingRule]) throws {
        guard let layout else { throw ProtocolError.noLayout(reason: "bars are numbered on the layout") }
        let ranges = pieceBarRanges()
        let renumbered: ScoreLayout
        do { renumbered = try layout.renumbered(rules) } catch {
            throw ProtocolError.invalidLayout(reason: "\(error)")
        }
        var copy = self
        copy.layout = renumbered
        for (index, range) in ranges.enumerated() {
            guard let range, let first = renumbered.bar(atGlobalIndex: range.lowerBound),
                  let last = renumbered.bar(atGlobalIndex: range.upperBound) else { continue }
            copy.pieces[index].firstBar = first.number
            copy.pieces[index].lastBar = last.number
        }
        try copy.checkPieces()
        self = copy
    }

    /// The rules for numbering a piece's bars from `first` (an upbeat before it numbered `first - 1` with
    /// `pickup`), keeping the numbering of the bars outside the piece as it is.
    ///
    /// - Throws: `ProtocolError.pieceNotFound`, or `.barNotFound` when the layout lacks the piece's bars.
    public func rules(numberingPiece index: Int, from first: Int, pickup: Bool) throws -> [NumberingRule] {
        guard let layout else { throw ProtocolError.noLayout(reason: "bars are numbered on the layout") }
        guard pieces.indices.contains(index) else { throw ProtocolError.pieceNotFound(index: index, count: pieces.count) }
        guard let range = pieceBarRanges()[index] else {
            throw ProtocolError.barNotFound("\(pieces[index].firstBar)…\(pieces[index].lastBar)")
        }
        let start = pickup ? max(first - 1, 0) : first
        var rules = layout.numberingRules().filter { rule in
            switch rule {
            case .pickup: return range.lowerBound > 0
            case .renumber(let i, _), .suffix(let i, _): return !range.contains(i)
            }
        }
        rules.append(.renumber(fromGlobalIndex: range.lowerBound, to: BarNumber(min(start, BarNumber.maxValue))))
        for location in layout.allBars() where range.contains(location.globalIndex) && location.number.hasSuffix {
            rules.append(.suffix(globalIndex: location.globalIndex, suffix: location.number.suffix))
        }
        let after = range.upperBound + 1
        if let next = layout.bar(atGlobalIndex: after), !rules.contains(where: { if case .renumber(after, _) = $0 { return true }; return false }) {
            rules.append(.renumber(fromGlobalIndex: after, to: BarNumber(next.number.value)))
        }
        return rules
    }
}
