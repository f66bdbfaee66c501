import ScoreLayout

/// The edit plan of a session, and the bar ranges of its pieces for restricting one.
extension Session {
    /// The best edit plan of the session (see `CoverageIndex.plan(_:)`).
    ///
    /// - Throws: `ProtocolError.noLayout`, `.noBars`, `.invalidPlanOption`, `.takeNotFound` for an excluded
    ///   take the session does not have, or the errors of `validate()`.
    public func editPlan(_ options: PlanOptions = PlanOptions()) throws(ProtocolError) -> EditPlan {
        for take in options.excludedTakes.sorted() where self.take(take) == nil { throw .takeNotFound(number: take) }
        let index: CoverageIndex
        do { index = try coverageIndex() } catch let error as ProtocolError { throw error } catch {
            throw .invalidLayout(reason: "\(error)")
        }
        return try index.plan(options)
    }

    /// The global bar indices of a piece named by its 1-based number in the programme or by its title
    /// (exact, else the only title starting with the text, ignoring case).
    ///
    /// - Throws: `ProtocolError.noLayout`, `.unknownPiece`, or `.barNotFound` / `.invalidBarRange` for a
    ///   piece whose bars the layout does not have in order.
    public func barIndices(ofPiece name: String) throws(ProtocolError) -> ClosedRange<Int> {
        let piece = try piece(named: name)
        // The piece's own bars where they are found (its score's, or after the previous piece's when numbers restart).
        if let index = pieces.firstIndex(of: piece), let range = pieceBarRanges()[index] { return range }
        return try barIndices(from: piece.firstBar, to: piece.lastBar)
    }

    /// The global bar indices from the first bar numbered `first` to the first bar numbered `last` after it,
    /// both searched inside `within` (global indices) when given.
    ///
    /// - Throws: `ProtocolError.noLayout`, `.barNotFound`, or `.invalidBarRange` when `last` comes before `first`.
    public func barIndices(from first: BarNumber, to last: BarNumber, within: ClosedRange<Int>? = nil) throws(ProtocolError)
        -> ClosedRange<Int> {
        guard let layout else { throw .noLayout(reason: "bar ranges are found through the layout") }
        let bars = layout.allBars()
        let scope = within ?? 0...max(0, bars.count - 1)
        let inScope = bars.filter { scope.contains($0.globalIndex) }
        guard let a = inScope.first(where: { $0.number == first }) else { throw .barNotFound(first.description) }
        guard let b = inScope.first(where: { $0.number == last && $0.globalIndex >= a.globalIndex }) else {
            if inScope.contains(where: { $0.number == last }) {
                throw .invalidBarRange(from: first.description, to: last.description)
            }
            throw .barNotFound(last.description)
        }
        return a.globalIndex...b.globalIndex
    }

    /// The piece with this 1-based number or title.
    private func piece(named name: String) throws(ProtocolError) -> Piece {
        let titles = pieces.map(\.title)
        if let number = Int(name) {
            guard number >= 1, number <= pieces.count else { throw .unknownPiece(name, titles: titles) }
            return pieces[number - 1]
        }
        if let exact = pieces.first(where: { $0.title == name }) { return exact }
        let matches = pieces.filter { $0.title.lowercased().hasPrefix(name.lowercased()) }
        guard matches.count == 1, !name.isEmpty else { throw .unknownPiece(name, titles: titles) }
        return matches[0]
    }
}
