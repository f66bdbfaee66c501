/// Editing systems as a producer does on paper: splitting, adding, moving edges, removing, merging.
///
/// Every operation returns a new layout that passes `validate()`, with bars renumbered
/// continuously by `rules` (default: plain numbering from 1), or throws a `LayoutError`.
/// System indices are 0-based within the page. A rule whose bar index no longer exists after
/// the edit makes the edit throw `LayoutError.invalidRule`.
extension ScoreLayout {
    /// Splits the system containing `y` into an upper part `top…y` and a lower part `y…bottom`.
    ///
    /// Both parts get a copy of the system's bars (their x-ranges), so the bar count grows and
    /// bars are renumbered. Staves are clipped to each part (a staff crossing `y` is cut in two).
    ///
    /// - Throws: `pageNotFound`; `noSystemAt` when no system contains `y` strictly inside;
    ///   `invalidEdit` when `y` is within 1 pt of the system's edge.
    public func splittingSystem(page: Int, at y: Double, rules: [NumberingRule] = []) throws -> ScoreLayout {
        let p = try requirePage(page)
        try Self.requireFinite(y, "y", page: page, system: nil)
        guard let s = pages[p].systems.lastIndex(where: { $0.top < y && y < $0.bottom }) else {
            throw LayoutError.noSystemAt(page: page, y: y)
        }
        let system = pages[p].systems[s]
        guard y - system.top >= Self.minimumEditSize, system.bottom - y >= Self.minimumEditSize else {
            throw LayoutError.invalidEdit(
                page: page, system: s,
                reason: "y = \(Self.f(y)) is within \(Self.f(Self.minimumEditSize)) pt of the system's edge (\(Self.f(system.top))…\(Self.f(system.bottom)))")
        }
        var upper = system, lower = system
        upper.bottom = y
        upper.staves = Self.clip(system.staves, to: system.top, y)
        lower.top = y
        lower.staves = Self.clip(system.staves, to: y, system.bottom)
        var result = self
        result.pages[p].systems.replaceSubrange(s...s, with: [upper, lower])
        return try result.finished(rules)
    }

    /// Adds a system spanning `top…bottom` (in either order) without staves or bars.
    ///
    /// A page missing from the layout is added. Without `clamp`, a range overlapping an existing
    /// system is rejected; with `clamp`, the range is cut to the free space between systems
    /// that overlaps it most (ties: the upper space).
    ///
    /// - Throws: `pageNotFound` for page numbers below 1; `overlap`; `invalidEdit` when the range
    ///   (after clamping) is shorter than 1 pt or not finite.
    public func addingSystem(
        page: Int, top: Double, bottom: Double, clamp: Bool = false, rules: [NumberingRule] = []
    ) throws -> ScoreLayout {
        guard page >= 1 else { throw LayoutError.pageNotFound(page: page) }
        try Self.requireFinite(top, "top", page: page, system: nil)
        try Self.requireFinite(bottom, "bottom", page: page, system: nil)
        let low = min(top, bottom), high = max(top, bottom)
        guard high - low >= Self.minimumEditSize else {
            throw LayoutError.invalidEdit(
                page: page, system: nil,
                reason: "a new system must be at least \(Self.f(Self.minimumEditSize)) pt tall (got \(Self.f(low))…\(Self.f(high)))")
        }
        var result = self
        let p: Int
        if let existing = pageIndex(page) {
            p = existing
        } else {
            p = result.pages.firstIndex { $0.page > page } ?? result.pages.count
            result.pages.insert(PageLayout(page: page), at: p)
        }
        let systems = result.pages[p].systems
        var newTop = low, newBottom = high
        if let first = systems.firstIndex(where: { $0.top < high && low < $0.bottom }) {
            guard clamp else { throw LayoutError.overlap(page: page, top: low, bottom: high, system: first) }
            var gaps: [(low: Double, high: Double)] = []
            var above = -Double.infinity
            for system in systems {
                gaps.append((above, system.top))
                above = system.bottom
            }
            gaps.append((above, .infinity))
            var best: (top: Double, bottom: Double)?
            for gap in gaps {
                let t = max(low, gap.low), b = min(high, gap.high)
                if b - t >= Self.minimumEditSize, best == nil || b - t > best!.bottom - best!.top { best = (t, b) }
            }
            guard let best else {
                throw LayoutError.invalidEdit(
                    page: page, system: nil,
                    reason: "no free space of at least \(Self.f(Self.minimumEditSize)) pt between systems in \(Self.f(low))…\(Self.f(high))")
            }
            (newTop, newBottom) = best
        }
        let index = systems.firstIndex { $0.bottom > newTop } ?? systems.count
        result.pages[p].systems.insert(SystemLayout(top: newTop, bottom: newBottom), at: index)
        return try result.finished(rules)
    }

    /// Moves a system's top or bottom edge to `y`, clamped so that systems stay sorted and apart.
    ///
    /// The top stays at or below the previous system's bottom and at least 1 pt above the
    /// system's bottom; the bottom stays at or above the next system's top and at least 1 pt
    /// below the system's top (a system already shorter than 1 pt may not shrink further).
    /// Staves are clipped to the new range. Bars keep their x-ranges.
    public func movingSystemEdge(
        page: Int, system s: Int, edge: SystemEdge, to y: Double, rules: [NumberingRule] = []
    ) throws -> ScoreLayout {
        let p = try requirePage(page)
        try requireSystem(s, pageIndex: p)
        try Self.requireFinite(y, "y", page: page, system: s)
        let systems = pages[p].systems
        var system = systems[s]
        switch edge {
        case .top:
            let low = s > 0 ? systems[s - 1].bottom : -Double.infinity
            let high = system.bottom - Self.keep(system.height)
            system.top = min(max(y, low), high)
        case .bottom:
            let low = system.top + Self.keep(system.height)
            let high = s + 1 < systems.count ? systems[s + 1].top : Double.infinity
            system.bottom = min(max(y, low), high)
        }
        system.staves = Self.clip(system.staves, to: system.top, system.bottom)
        var result = self
        result.pages[p].systems[s] = system
        return try result.finished(rules)
    }

    /// Removes a system and its bars; the page stays in the layout even when it has no systems left.
    public func removingSystem(page: Int, system s: Int, rules: [NumberingRule] = []) throws -> ScoreLayout {
        let p = try requirePage(page)
        try requireSystem(s, pageIndex: p)
        var result = self
        result.pages[p].systems.remove(at: s)
        return try result.finished(rules)
    }

    /// Merges system `s` with the system below it into one system spanning both.
    ///
    /// The staves of both are kept. The merged system keeps the bars of the upper system when
    /// it has any, else those of the lower one (two systems merged by hand are one system split
    /// wrongly, so their barlines coincide).
    ///
    /// - Throws: `systemNotFound`; `invalidEdit` when `s` is the last system of the page.
    public func mergingSystems(page: Int, system s: Int, rules: [NumberingRule] = []) throws -> ScoreLayout {
        let p = try requirePage(page)
        try requireSystem(s, pageIndex: p)
        let systems = pages[p].systems
        guard s + 1 < systems.count else {
            throw LayoutError.invalidEdit(page: page, system: s, reason: "it is the last system of the page; there is no system below to merge with")
        }
        let upper = systems[s], lower = systems[s + 1]
        let staves: [StaffLayout]? = (upper.staves == nil && lower.staves == nil)
            ? nil : (upper.staves ?? []) + (lower.staves ?? [])
        let bars = (upper.bars?.isEmpty == false) ? upper.bars : (lower.bars ?? upper.bars)
        let merged = SystemLayout(top: upper.top, bottom: lower.bottom, staves: staves, bars: bars)
        var result = self
        result.pages[p].systems.replaceSubrange(s...(s + 1), with: [merged])
        return try result.finished(rules)
    }
}
