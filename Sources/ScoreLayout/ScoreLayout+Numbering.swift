/// Bar numbering and bar lookup in score order.
extension ScoreLayout {
    /// Every bar in score order (page, system, bar); systems without bars contribute none.
    public func allBars() -> [BarLocation] {
        var result: [BarLocation] = []
        for page in pages {
            for (s, system) in page.systems.enumerated() {
                for (b, bar) in (system.bars ?? []).enumerated() {
                    result.append(BarLocation(page: page.page, system: s, bar: b, globalIndex: result.count, layout: bar))
                }
            }
        }
        return result
    }

    /// The number of bars in the layout.
    public var barCount: Int { pages.reduce(0) { $0 + $1.barCount } }

    /// The first bar (in score order) with this number, if any.
    public func bar(numbered number: BarNumber) -> BarLocation? {
        allBars().first { $0.number == number }
    }

    /// All bars with this number in score order (numbers repeat when a passage is renumbered).
    public func bars(numbered number: BarNumber) -> [BarLocation] {
        allBars().filter { $0.number == number }
    }

    /// The bar at this global index in score order, if it exists.
    public func bar(atGlobalIndex index: Int) -> BarLocation? {
        guard index >= 0 else { return nil }
        var remaining = index
        for page in pages {
            for (s, system) in page.systems.enumerated() {
                let bars = system.bars ?? []
                if remaining < bars.count {
                    return BarLocation(page: page.page, system: s, bar: remaining, globalIndex: index, layout: bars[remaining])
                }
                remaining -= bars.count
            }
        }
        return nil
    }

    /// The global index of the first bar of a system (the number of bars before it in score order).
    public func globalIndexOfFirstBar(page: Int, system: Int) -> Int? {
        var count = 0
        for p in pages {
            for (s, sys) in p.systems.enumerated() {
                if p.page == page, s == system { return count }
                count += sys.bars?.count ?? 0
            }
        }
        return nil
    }

    /// The layout with bar numbers assigned continuously in score order, starting at 1.
    ///
    /// Rules adjust the count: `.pickup` numbers the first bar 0; `.renumber` restarts the count
    /// at a bar; `.suffix` gives a bar the previous bar's number plus a suffix without advancing
    /// the count (a suffix on the very first bar uses the number before the start, at least 0:
    /// "0a"). A bar named by both `.renumber` and `.suffix` gets the new number with the suffix
    /// ("40a") and counting continues from the new number.
    ///
    /// - Throws: `LayoutError.invalidRule` for a negative index, an index past the last bar, or a
    ///   suffix that is empty or not lower-case letters.
    public func renumbered(_ rules: [NumberingRule] = []) throws -> ScoreLayout {
        let total = barCount
        var pickup = false
        var restarts: [Int: BarNumber] = [:]
        var suffixes: [Int: String] = [:]
        for rule in rules {
            switch rule {
            case .pickup:
                pickup = true
            case .renumber(let index, let number):
                try Self.check(index, total: total, rule: rule)
                restarts[index] = number
            case .suffix(let index, let suffix):
                try Self.check(index, total: total, rule: rule)
                guard !suffix.isEmpty, (try? BarNumber(0, suffix: suffix)) != nil else {
                    throw LayoutError.invalidRule(
                        rule: rule, reason: "a suffix must be 1–\(BarNumber.maxSuffixLength) lower-case letters a–z")
                }
                suffixes[index] = suffix
            }
        }
        var next = pickup ? 0 : 1
        var previous: BarNumber?
        var index = 0
        var result = self
        for p in result.pages.indices {
            for s in result.pages[p].systems.indices {
                guard var bars = result.pages[p].systems[s].bars else { continue }
                for b in bars.indices {
                    let number: BarNumber
                    switch (restarts[index], suffixes[index]) {
                    case (let restart?, let suffix?):
                        number = try BarNumber(restart.value, suffix: suffix)
                        next = restart.value + 1
                    case (let restart?, nil):
                        number = restart
                        next = restart.value + 1
                    case (nil, let suffix?):
                        number = try BarNumber(previous?.value ?? max(next - 1, 0), suffix: suffix)
                    case (nil, nil):
                        number = BarNumber(min(next, BarNumber.maxValue))
                        next += 1
                    }
                    bars[b].number = number
                    previous = number
                    index += 1
                }
                result.pages[p].systems[s].bars = bars
            }
        }
        return result
    }

    private static func check(_ index: Int, total: Int, rule: NumberingRule) throws {
        guard index >= 0 else { throw LayoutError.invalidRule(rule: rule, reason: "the bar index is negative") }
        guard index < total else {
            throw LayoutError.invalidRule(
                rule: rule, reason: "the layout has \(total) bar\(total == 1 ? "" : "s") (indices 0…\(total - 1))")
        }
    }
}
