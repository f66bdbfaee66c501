import ScoreLayout

extension DetectedPage {
    /// The page as a layout page: systems with staves and bars (numbered 1… on this page until the whole
    /// layout is renumbered). Bars run from the left end of the staff lines to the first barline, then from
    /// barline to barline; a system whose staff lines run on more than eight staff spaces past its last barline
    /// gets a last bar to its right end (a shorter stretch holds only a courtesy clef, key or time signature).
    public var pageLayout: PageLayout {
        PageLayout(page: page, systems: systems.map { system in
            var edges = [system.left]
            for x in system.barlines where x > edges.last! + 0.5 { edges.append(x) }
            let space = system.staves.first.map { ($0.upperBound - $0.lowerBound) / 4 } ?? 1
            if edges.last! < system.right - max(4, 8 * space) { edges.append(system.right) }
            let bars = zip(edges, edges.dropFirst()).enumerated().map { n, pair in
                BarLayout(number: BarNumber(n + 1), left: Self.rounded(pair.0), right: Self.rounded(pair.1))
            }
            return SystemLayout(top: Self.rounded(system.top), bottom: Self.rounded(system.bottom),
                                staves: system.staves.map { StaffLayout(top: Self.rounded($0.lowerBound), bottom: Self.rounded($0.upperBound)) },
                                bars: bars)
        })
    }

    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}

extension ScoreLayout {
    /// The layout detection found, validated, with bars numbered continuously through the pages.
    public init(detected pages: [DetectedPage], numbering rules: [NumberingRule] = []) throws {
        self = try ScoreLayout(validating: pages.map(\.pageLayout)).renumbered(rules)
    }
}
