import Foundation
import TheoryCore
@testable import ScoreLayout

/// Builders and a shared example layout for the ScoreLayout tests.
enum Fixtures {
    /// Bars between consecutive barline x coordinates, all numbered 0 until renumbered.
    static func bars(_ xs: [Double]) -> [BarLayout] {
        zip(xs, xs.dropFirst()).map { BarLayout(number: BarNumber(0), left: $0, right: $1) }
    }

    /// A system from `top` to `bottom` with contiguous bars at the given barlines (nil: no bars).
    static func system(_ top: Double, _ bottom: Double, barlines: [Double]? = nil, staves: [StaffLayout]? = nil) -> SystemLayout {
        SystemLayout(top: top, bottom: bottom, staves: staves, bars: barlines.map(bars))
    }

    /// Three pages: page 1 has two systems (4 + 3 bars), page 2 none, page 3 three systems
    /// (2 bars, no bars, 3 bars): 12 bars numbered 1…12.
    static let score: ScoreLayout = {
        let layout = ScoreLayout(pages: [
            PageLayout(page: 1, systems: [
                system(60, 210.5, barlines: [72, 190, 300, 450, 540]),
                system(250, 400, barlines: [72, 200, 350, 540]),
            ]),
            PageLayout(page: 2, systems: []),
            PageLayout(page: 3, systems: [
                system(50, 200, barlines: [72, 300, 540]),
                system(220, 370),
                system(400, 550, barlines: [80, 200, 400, 540]),
            ]),
        ])
        return try! layout.renumbered()
    }()

    /// The numbers of all bars in score order, as printed.
    static func numbers(_ layout: ScoreLayout) -> [String] {
        layout.allBars().map(\.number.description)
    }

    static func n(_ text: String) -> BarNumber { try! BarNumber(text) }
}

/// The property tests use TheoryCore's seeded generator, so failures reproduce.
typealias SeededGenerator = SplitMix64
