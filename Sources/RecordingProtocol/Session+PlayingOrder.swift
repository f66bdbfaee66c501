import ScoreLayout

/// Checking and repairing the programme's playing orders and the passes of positions (DESIGN §6, the score as played).
extension Session {
    /// The playing order of the session's bars (score order when no piece has an order).
    ///
    /// - Throws: `ProtocolError.noLayout`, or `.invalidPiece` for an order that cannot be resolved.
    public func playingOrder() throws(ProtocolError) -> PlayingOrder {
        guard let layout else { throw .noLayout(reason: "the playing order is made of the layout's bars") }
        return try PlayingOrder(layout: layout, pieces: pieces)
    }

    /// The point `fraction` of the way through a bar (`47`, or `12/2` for its second pass), at the vertical middle of its system.
    ///
    /// The bar is the first with its number in score order (on the pages of score `score` when given). The pass is checked when the position is used (a take or mark
    /// on a pass the playing order does not have is refused then).
    ///
    /// - Throws: `ProtocolError.noLayout`, `.barNotFound`, `.passNotFound`, or `.invalidBarAddress` for a fraction outside 0…1.
    public func position(of address: BarAddress, fraction: Double = 0, inScore score: Int? = nil) throws(ProtocolError) -> ScorePosition {
        guard let layout else { throw .noLayout(reason: "a bar is found on the page through the layout") }
        guard fraction.isFinite, (0...1).contains(fraction) else {
            throw .invalidBarAddress(address.description, reason: "'\(address)': the fraction through the bar must be from 0 to 1, not \(fraction)")
        }
        if let score, !scores.indices.contains(score) { throw .scoreNotFound(index: score, count: scores.count, reason: "") }
        let pages = score.map { scorePages.pages(ofScore: $0) }
        let found = pages.map { pages in layout.allBars().first { $0.number == address.bar && pages.contains($0.page) } } ?? layout.bar(numbered: address.bar)
        guard let bar = found, let position = layout.position(atGlobalBarIndex: bar.globalIndex, fraction: fraction) else {
            throw .barNotFound(address.bar.description)
        }
        if let pass = address.pass, pass > 1 {
            let passes = (try? playingOrder())?.passes(ofBar: bar.globalIndex) ?? 1
            guard pass <= passes else { throw .passNotFound(bar: address.bar.description, pass: pass, passes: passes) }
        }
        return position.onPass(address.pass ?? 1)
    }

    /// Sets (or, with nil, clears) the playing order of a piece, checked against the layout and every take and mark.
    ///
    /// A session without pieces gets one piece spanning the whole score, titled like the session. The order is
    /// refused, leaving the session as it was, when its runs are not bars of the piece or when a take or mark
    /// lies on a pass the new order does not have (move or delete it first).
    ///
    /// - Throws: `ProtocolError.noLayout`, `.unknownPiece`, `.noBars`, `.invalidPiece`, or `.invalidPosition` naming
    ///   the take or mark the order would strand.
    @discardableResult
    public mutating func setOrder(_ order: [BarSpan]?, ofPiece index: Int?) throws(ProtocolError) -> Int {
        guard let layout else { throw .noLayout(reason: "a playing order is made of the layout's bars") }
        var copy = self
        if copy.pieces.isEmpty {
            let bars = layout.allBars()
            guard let first = bars.first, let last = bars.last else {
                throw .noBars(reason: "a playing order runs through bars; add bars to the layout first")
            }
            copy.pieces = [Piece(title: title, firstBar: first.number, lastBar: last.number)]
        }
        let titles = copy.pieces.map(\.title)
        guard let piece = index ?? (copy.pieces.count == 1 ? 0 : nil) else {
            throw .unknownPiece("(none given: the session has \(copy.pieces.count) pieces; name one)", titles: titles)
        }
        guard copy.pieces.indices.contains(piece) else { throw .unknownPiece(String(piece + 1), titles: titles) }
        copy.pieces[piece].order = order
        do { try copy.validate(.lenient) } catch let error as ProtocolError { throw error } catch {
            throw .invalidPiece(index: piece, title: copy.pieces[piece].title, reason: "\(error)")
        }
        self = copy
        return piece
    }

    /// The bar at a position as producers name it: `12`, or `12/2` on a later pass; nil without a layout or bars there.
    public func barName(at position: ScorePosition) -> String? {
        guard let layout, let resolved = try? layout.resolve(position), let bar = resolved.bar else { return nil }
        return position.passNumber > 1 ? "\(bar)/\(position.passNumber)" : bar.description
    }

    /// Checks every piece's order: not empty, no run backwards, each run's bars in its piece (with a layout).
    func validateOrders() throws {
        for (index, piece) in pieces.enumerated() {
            guard let order = piece.order else { continue }
            func fail(_ reason: String) -> ProtocolError { .invalidPiece(index: index, title: piece.title, reason: reason) }
            guard !order.isEmpty else { throw fail("its order is empty (leave it out for score order)") }
            if let span = order.first(where: \.isBackwards) { throw fail("its order's run \(span) runs backwards") }
        }
        if let layout, pieces.contains(where: { $0.order != nil }) { _ = try PlayingOrder(layout: layout, pieces: pieces) }
    }

    /// Drops empty orders (score order) and turns backwards runs around, one warning each.
    mutating func repairOrders() -> [SessionWarning] {
        var warnings: [SessionWarning] = []
        for index in pieces.indices {
            guard let order = pieces[index].order else { continue }
            let title = pieces[index].title
            if order.isEmpty {
                pieces[index].order = nil
                warnings.append(SessionWarning(kind: .orderRepaired, message: "piece \(index + 1) ('\(title)'): its order is empty; read as score order"))
                continue
            }
            for (i, span) in order.enumerated() where span.isBackwards {
                pieces[index].order?[i] = BarSpan(first: span.last, last: span.first)
                warnings.append(SessionWarning(
                    kind: .orderRepaired,
                    message: "piece \(index + 1) ('\(title)'): its order's run \(span) ran backwards; turned around to \(span.last)-\(span.first)",
                    bar: span.first.description))
            }
        }
        return warnings
    }

    /// Sets each position's pass that the playing order does not have to the nearest one it has, one warning each.
    mutating func repairPasses() -> [SessionWarning] {
        let checker = PositionChecker(layout: layout, pieces: pieces)
        var warnings: [SessionWarning] = []
        func repaired(_ position: ScorePosition, _ what: String, take: Int, mark: Int? = nil) -> ScorePosition {
            guard let pass = position.pass, pass != 1 else { return position }
            let fixed: ScorePosition
            if pass < 1 {
                fixed = position.onPass(1)
            } else if let axis = checker.axis {
                do {
                    _ = try axis.place(position)
                    return position
                } catch .noSuchPass(let passes) {
                    fixed = position.onPass(max(1, passes))
                } catch {
                    return position
                }
            } else if pass > PlayingOrder.maxPasses {
                fixed = position.onPass(PlayingOrder.maxPasses)
            } else {
                return position
            }
            warnings.append(SessionWarning(
                kind: .passRepaired,
                message: "\(what) at \(position) is on a pass the playing order does not have; read as pass \(fixed.passNumber)",
                take: take, mark: mark, page: position.page))
            return fixed
        }
        for index in takes.indices {
            let take = takes[index]
            takes[index].start = repaired(take.start, "take \(take.number) start", take: take.number)
            if let end = take.end { takes[index].end = repaired(end, "take \(take.number) end", take: take.number) }
        }
        for index in marks.indices {
            let mark = marks[index]
            marks[index].at = repaired(mark.at, "mark \(mark.id) (take \(mark.take))", take: mark.take, mark: mark.id)
            if let to = mark.to { marks[index].to = repaired(to, "mark \(mark.id) (take \(mark.take)) to", take: mark.take, mark: mark.id) }
        }
        return warnings
    }
}
