import ScoreLayout

/// The programme's pieces on the score's bars, and editing the programme.
///
/// Where numbering restarts for each piece, a bar number occurs once per piece: a piece's first bar is the first
/// bar with its number after the previous piece's last bar (anywhere, when there is none there), and its last bar
/// the first one with that number from its first bar on.
extension Session {
    /// The global bar indices each piece spans, in programme order; nil for a piece whose bars the layout lacks
    /// (or without a layout).
    public func pieceBarRanges() -> [ClosedRange<Int>?] {
        guard let layout else { return pieces.map { _ in nil } }
        let bars = layout.allBars()
        var cursor = 0
        return pieces.indices.map { index in
            let piece = pieces[index]
            // With several scores, a piece that names its score has its bars on that score's pages.
            let pages = pageRange(ofPiece: index)
            let candidates = pages.map { pages in bars.filter { pages.contains($0.page) } } ?? bars
            let first = candidates.first { $0.globalIndex >= cursor && $0.number == piece.firstBar }
                ?? candidates.first { $0.number == piece.firstBar }
            guard let first, let last = candidates.first(where: { $0.globalIndex >= first.globalIndex && $0.number == piece.lastBar })
            else { return nil }
            cursor = last.globalIndex + 1
            return first.globalIndex...last.globalIndex
        }
    }

    /// The index of the piece whose bars hold the bar at this global index (the first such piece), if any.
    public func piece(containingBar index: Int) -> Int? {
        pieceBarRanges().firstIndex { $0?.contains(index) == true }
    }

    /// The global index of the bar a position lies in, nil without a layout with bars.
    public func barIndex(at position: ScorePosition) -> Int? {
        guard let layout, let place = try? ScoreAxis(layout).place(position), layout.barCount > 0 else { return nil }
        return min(max(Int(place.coordinate), 0), layout.barCount - 1)
    }

    /// Adds a piece at `index` in the programme (at the end when nil) and returns its index.
    ///
    /// - Throws: `ProtocolError.pieceNotFound` for an index past the end, `.invalidPiece` for a piece the session's
    ///   rules refuse (bars not in the layout or backwards, an unreadable key, a prefix with digits); the programme
    ///   is unchanged then.
    @discardableResult
    public mutating func addPiece(_ piece: Piece, at index: Int? = nil) throws -> Int {
        let position = index ?? pieces.count
        guard (0...pieces.count).contains(position) else { throw ProtocolError.pieceNotFound(index: position, count: pieces.count) }
        var copy = self
        copy.pieces.insert(piece, at: position)
        try copy.checkPieces()
        self = copy
        return position
    }

    /// Changes the piece at `index` with `change` (its title, bars, key or prefix), checked as `addPiece` checks.
    public mutating func updatePiece(_ index: Int, _ change: (inout Piece) throws -> Void) throws {
        guard pieces.indices.contains(index) else { throw ProtocolError.pieceNotFound(index: index, count: pieces.count) }
        var copy = self
        try change(&copy.pieces[index])
        try copy.checkPieces()
        self = copy
    }

    /// Moves the piece at `index` to `destination` in the programme (the others keep their order).
    public mutating func movePiece(_ index: Int, to destination: Int) throws {
        guard pieces.indices.contains(index) else { throw ProtocolError.pieceNotFound(index: index, count: pieces.count) }
        guard pieces.indices.contains(destination) else { throw ProtocolError.pieceNotFound(index: destination, count: pieces.count) }
        var copy = self
        copy.pieces.insert(copy.pieces.remove(at: index), at: destination)
        try copy.checkPieces()
        self = copy
    }

    /// Removes the piece at `index` from the programme (takes and marks stay where they are).
    public mutating func removePiece(_ index: Int) throws {
        guard pieces.indices.contains(index) else { throw ProtocolError.pieceNotFound(index: index, count: pieces.count) }
        pieces.remove(at: index)
    }

    /// Checks every piece as the session's validation does.
    func checkPieces() throws {
        let checker = PositionChecker(layout: layout)
        for index in pieces.indices { try validatePiece(at: index, checker: checker) }
    }
}

extension Session {
    /// The piece a new take starting at `start` belongs to when none is named: the piece whose bars hold its start
    /// bar, when labels follow the pieces (a prefix per piece, or numbering per piece); nil otherwise.
    public func pieceForNewTake(at start: ScorePosition) -> Int? {
        guard numbering.prefixPerPiece || !numbering.continuous, !pieces.isEmpty, let bar = barIndex(at: start) else { return nil }
        return piece(containingBar: bar)
    }

    /// A warning when a take started at `start` for piece `index` (0-based) lies outside that piece's bars; nil
    /// when it lies inside or the bars are unknown.
    public func pieceWarning(piece index: Int, start: ScorePosition) -> String? {
        guard pieces.indices.contains(index), let range = pieceBarRanges()[index], let bar = barIndex(at: start),
              !range.contains(bar), let number = layout?.bar(atGlobalIndex: bar)?.number else { return nil }
        let piece = pieces[index]
        let inside = self.piece(containingBar: bar).map { " (it lies in piece \($0 + 1), \(pieces[$0].title))" } ?? ""
        return "the take starts at bar \(number), outside piece \(index + 1) (\(piece.title), bars \(piece.firstBar)–\(piece.lastBar))\(inside)"
    }
}
