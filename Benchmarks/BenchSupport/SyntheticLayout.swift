import ScoreLayout

/// The score layout the session and plan benchmarks share: A4-like pages of 4 systems with 5 bars 100 pt wide.
public enum SyntheticLayout {
    /// A layout of `pages` pages, bars numbered 1, 2, 3… through the score.
    public static func make(pages: Int) -> ScoreLayout {
        var pageLayouts: [PageLayout] = []
        for page in 1...pages {
            let systems = (0..<4).map { s -> SystemLayout in
                let top = 60.0 + Double(s) * 190
                let bars = (0..<5).map { b in BarLayout(number: BarNumber(1), left: 70 + Double(b) * 100, right: 170 + Double(b) * 100) }
                return SystemLayout(top: top, bottom: top + 120, bars: bars)
            }
            pageLayouts.append(PageLayout(page: page, systems: systems))
        }
        // The pages are built valid: systems in order, bars inside them.
        return try! ScoreLayout(validating: pageLayouts).renumbered()
    }
}
