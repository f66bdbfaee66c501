/// Editing the barlines of a system: adding, moving and removing them.
///
/// Barlines of a system with n bars are numbered 0…n: barline 0 is the left edge of the first
/// bar, barline n the right edge of the last bar, and barline k (0 < k < n) the boundary between
/// bar k-1 and bar k (for bars with a gap between them: the right edge of bar k-1 and the left
/// edge of bar k). Every operation returns a valid layout renumbered with `rules` (default: plain
/// numbering from 1), or throws a `LayoutError`.
extension ScoreLayout {
    /// Adds a barline at `x`, creating a bar.
    ///
    /// - x strictly inside a bar splits it into `left…x` and `x…right`;
    /// - x left of the first bar adds a bar `x…first.left`; right of the last, `last.right…x`;
    /// - in a system **without bars**, the first barline creates two bars `left…x` and
    ///   `x…right`, where `left…right` is `extent` when given, else the extent of the bars of the
    ///   other systems on the same page (systems usually share margins).
    ///
    /// New bars are at least 1 pt wide.
    ///
    /// - Throws: `invalidEdit` when x is on an existing barline, in a gap between two bars,
    ///   within 1 pt of a barline, or when a bar-less system has no known extent.
    public func addingBarline(
        page: Int, system s: Int, x: Double, extent: ClosedRange<Double>? = nil, rules: [NumberingRule] = []
    ) throws -> ScoreLayout {
        let p = try requirePage(page)
        try requireSystem(s, pageIndex: p)
        try Self.requireFinite(x, "x", page: page, system: s)
        let minimum = Self.minimumEditSize
        func fail(_ reason: String) -> LayoutError { .invalidEdit(page: page, system: s, reason: reason) }
        let bars = pages[p].systems[s].bars ?? []
        var newBars = bars
        if let first = bars.first, let last = bars.last {
            if let b = bars.firstIndex(where: { $0.left < x && x < $0.right }) {
                let bar = bars[b]
                guard x - bar.left >= minimum, bar.right - x >= minimum else {
                    throw fail("x = \(Self.f(x)) is within \(Self.f(minimum)) pt of a barline of bar \(bar.number) (\(Self.f(bar.left))…\(Self.f(bar.right)))")
                }
                newBars.replaceSubrange(b...b, with: [
                    BarLayout(number: bar.number, left: bar.left, right: x),
                    BarLayout(number: bar.number, left: x, right: bar.right),
                ])
            } else if x < first.left {
                guard first.left - x >= minimum else {
                    throw fail("x = \(Self.f(x)) is within \(Self.f(minimum)) pt of the first barline at \(Self.f(first.left))")
                }
                newBars.insert(BarLayout(number: first.number, left: x, right: first.left), at: 0)
            } else if x > last.right {
                guard x - last.right >= minimum else {
                    throw fail("x = \(Self.f(x)) is within \(Self.f(minimum)) pt of the last barline at \(Self.f(last.right))")
                }
                newBars.append(BarLayout(number: last.number, left: last.right, right: x))
            } else if bars.contains(where: { $0.left == x || $0.right == x }) {
                throw fail("there is already a barline at x = \(Self.f(x))")
            } else {
                throw fail("x = \(Self.f(x)) is in a gap between two bars; move a barline instead")
            }
        } else {
            guard let range = extent ?? pageBarExtent(pageIndex: p) else {
                throw fail("the system has no bars and its left and right edges are unknown; pass its extent")
            }
            guard range.lowerBound.isFinite, range.upperBound.isFinite,
                  x - range.lowerBound >= minimum, range.upperBound - x >= minimum else {
                throw fail("x = \(Self.f(x)) must lie inside the system's extent \(Self.f(range.lowerBound))…\(Self.f(range.upperBound)), at least \(Self.f(minimum)) pt from its edges")
            }
            newBars = [
                BarLayout(number: BarNumber(0), left: range.lowerBound, right: x),
                BarLayout(number: BarNumber(0), left: x, right: range.upperBound),
            ]
        }
        var result = self
        result.pages[p].systems[s].bars = newBars
        return try result.finished(rules)
    }

    /// Moves barline `k` to `x`, clamped between its neighbours.
    ///
    /// An inner barline stays inside the two bars it separates, keeping each at least 1 pt wide
    /// (or as wide as it already is, when narrower); moving it closes any gap between them. The
    /// outer barlines (0 and n) keep the first or last bar at least 1 pt wide.
    ///
    /// - Throws: `barlineNotFound` when the system has no bars or `k` is not in 0…n.
    public func movingBarline(
        page: Int, system s: Int, barline k: Int, to x: Double, rules: [NumberingRule] = []
    ) throws -> ScoreLayout {
        let p = try requirePage(page)
        try requireSystem(s, pageIndex: p)
        var bars = try requireBarline(k, page: page, pageIndex: p, system: s)
        try Self.requireFinite(x, "x", page: page, system: s)
        let n = bars.count
        if k == 0 {
            bars[0].left = min(x, bars[0].right - Self.keep(bars[0].width))
        } else if k == n {
            bars[n - 1].right = max(x, bars[n - 1].left + Self.keep(bars[n - 1].width))
        } else {
            let low = bars[k - 1].left + Self.keep(bars[k - 1].width)
            let high = bars[k].right - Self.keep(bars[k].width)
            let clamped = min(max(x, low), high)
            bars[k - 1].right = clamped
            bars[k].left = clamped
        }
        var result = self
        result.pages[p].systems[s].bars = bars
        return try result.finished(rules)
    }

    /// Removes inner barline `k` (0 < k < n), merging bars k-1 and k into one bar.
    ///
    /// - Throws: `barlineNotFound` when `k` is not in 0…n; `invalidEdit` for the outer barlines
    ///   0 and n, which bound the system's bars (use `removingBars` to clear a system).
    public func removingBarline(page: Int, system s: Int, barline k: Int, rules: [NumberingRule] = []) throws -> ScoreLayout {
        let p = try requirePage(page)
        try requireSystem(s, pageIndex: p)
        var bars = try requireBarline(k, page: page, pageIndex: p, system: s)
        guard k > 0, k < bars.count else {
            throw LayoutError.invalidEdit(
                page: page, system: s,
                reason: "barline \(k) is an outer edge of the system's bars; only barlines between two bars (1…\(bars.count - 1)) can be removed")
        }
        let merged = BarLayout(number: bars[k - 1].number, left: bars[k - 1].left, right: bars[k].right)
        bars.replaceSubrange((k - 1)...k, with: [merged])
        var result = self
        result.pages[p].systems[s].bars = bars
        return try result.finished(rules)
    }

    /// Removes all bars of a system (its bars become unknown).
    public func removingBars(page: Int, system s: Int, rules: [NumberingRule] = []) throws -> ScoreLayout {
        let p = try requirePage(page)
        try requireSystem(s, pageIndex: p)
        var result = self
        result.pages[p].systems[s].bars = nil
        return try result.finished(rules)
    }

    /// The bars of a system, checking that barline `k` exists (0…n).
    private func requireBarline(_ k: Int, page: Int, pageIndex p: Int, system s: Int) throws -> [BarLayout] {
        let bars = pages[p].systems[s].bars ?? []
        guard !bars.isEmpty, (0...bars.count).contains(k) else {
            throw LayoutError.barlineNotFound(page: page, system: s, barline: k, count: bars.isEmpty ? 0 : bars.count + 1)
        }
        return bars
    }

    /// The horizontal extent of all bars on a page (leftmost left to rightmost right), if any.
    func pageBarExtent(pageIndex p: Int) -> ClosedRange<Double>? {
        let extents = pages[p].systems.compactMap(\.barExtent)
        guard let low = extents.map(\.lowerBound).min(), let high = extents.map(\.upperBound).max() else { return nil }
        return low...high
    }
}

extension SystemLayout {
    /// The x coordinates of the barlines 0…n (see the barline editing operations); empty without bars.
    public var barlines: [Double] {
        guard let bars, let last = bars.last else { return [] }
        return bars.map(\.left) + [last.right]
    }
}
