/// Resolving points to systems and bars, and ordering positions in score order.
extension ScoreLayout {
    /// Resolves a point to its system and, when bars are known, its bar (DESIGN §6).
    ///
    /// The system is the one whose y-range contains the point, else the nearest on the page
    /// (ties go to the upper system; where two systems touch, the lower one). The bar is the bar
    /// of that system whose x-range contains x, else the nearest (ties go to the left bar; at a
    /// shared barline, the right one). `fraction` is x's place inside the bar, clamped to 0…1.
    ///
    /// - Throws: `LayoutError.pageNotFound` for a page not in the layout (or below 1),
    ///   `LayoutError.invalidPosition` for a coordinate that is not finite.
    public func resolve(_ position: ScorePosition) throws -> ResolvedPosition {
        guard position.page >= 1, let pageIndex = pageIndex(position.page) else {
            throw LayoutError.pageNotFound(page: position.page)
        }
        guard position.x.isFinite, position.y.isFinite else {
            throw LayoutError.invalidPosition(page: position.page, reason: "coordinates \(position.x), \(position.y) are not finite")
        }
        let page = pages[pageIndex]
        var resolved = ResolvedPosition(page: page.page, systemIndex: nil, x: position.x, y: position.y)
        guard let s = page.nearestSystem(to: position.y) else { return resolved }
        resolved.systemIndex = s
        let system = page.systems[s]
        guard let b = system.nearestBar(to: position.x), let bars = system.bars else { return resolved }
        resolved.barIndex = b
        resolved.bar = bars[b].number
        resolved.fraction = bars[b].fraction(atX: position.x)
        var before = 0
        for p in pages[..<pageIndex] { before += p.barCount }
        for sys in page.systems[..<s] { before += sys.bars?.count ?? 0 }
        resolved.globalBarIndex = before + b
        return resolved
    }

    /// Compares two positions in score order: by page, then system, then x (pages without
    /// systems: by y, then x). This is a strict weak order: positions in the same system at the
    /// same x compare `.same` whatever their y.
    ///
    /// - Throws: the errors of `resolve(_:)`.
    public func compare(_ a: ScorePosition, _ b: ScorePosition) throws -> ScoreOrder {
        ResolvedPosition.order(try resolve(a), try resolve(b))
    }

    /// The positions sorted in score order; positions that compare `.same` keep their order.
    ///
    /// - Throws: the errors of `resolve(_:)`.
    public func sorted(_ positions: [ScorePosition]) throws -> [ScorePosition] {
        let resolved = try positions.map(resolve)
        let order = resolved.indices.sorted { i, j in
            switch ResolvedPosition.order(resolved[i], resolved[j]) {
            case .before: return true
            case .after: return false
            case .same: return i < j
            }
        }
        return order.map { positions[$0] }
    }

    /// True when every position comes at or after the one before it in score order.
    ///
    /// - Throws: the errors of `resolve(_:)`.
    public func areInOrder(_ positions: [ScorePosition]) throws -> Bool {
        let resolved = try positions.map(resolve)
        return zip(resolved, resolved.dropFirst()).allSatisfy { ResolvedPosition.order($0, $1) != .after }
    }
}
