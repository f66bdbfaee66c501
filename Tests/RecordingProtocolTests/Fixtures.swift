import Foundation
import ScoreLayout
@testable import RecordingProtocol

/// Layouts and builders shared by the RecordingProtocol tests.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func layout(_ name: String) -> ScoreLayout {
        // Tests may crash loudly if the bundled fixtures are missing.
        try! ScoreLayout(json: Data(contentsOf: root.appendingPathComponent("Scores/\(name).layout.json")))
    }

    /// The chorale: page 1 a title page, 36 bars on pages 2–3.
    static let chorale = layout("chorale")
    /// The prelude: 35 bars over 3 pages.
    static let prelude = layout("prelude")

    /// A synthetic layout with bars exactly 100 points wide, so 25% and 75% points are exact:
    /// page 1: system 0 (y 100…200) bars 1–3 at x 100…400, system 1 (y 300…400) bars 4–6;
    /// page 2: no systems; page 3: system 0 (y 100…200) bars 7–9.
    static let grid: ScoreLayout = {
        func system(_ top: Double, _ numbers: [Int]) -> SystemLayout {
            SystemLayout(top: top, bottom: top + 100, bars: numbers.enumerated().map { i, n in
                BarLayout(number: BarNumber(n), left: 100 + 100 * Double(i), right: 200 + 100 * Double(i))
            })
        }
        return ScoreLayout(pages: [
            PageLayout(page: 1, systems: [system(100, [1, 2, 3]), system(300, [4, 5, 6])]),
            PageLayout(page: 2, systems: []),
            PageLayout(page: 3, systems: [system(100, [7, 8, 9])]),
        ])
    }()

    /// The point `fraction` of the way through the bar at a global index.
    static func at(_ layout: ScoreLayout, _ index: Int, _ fraction: Double = 0.5) -> ScorePosition {
        layout.position(atGlobalBarIndex: index, fraction: fraction)!
    }

    /// An empty session on a layout.
    static func session(_ layout: ScoreLayout? = grid, pieces: [Piece] = []) -> Session {
        Session(title: "Test", score: ScoreReference(file: "Scores/test.pdf", sha256: "abc"), layout: layout, pieces: pieces)
    }

    static func n(_ text: String) -> BarNumber { try! BarNumber(text) }

    /// A session on `layout` with one take per (start, end) pair, numbered from 1.
    static func session(_ layout: ScoreLayout, takes: [(ScorePosition, ScorePosition?)]) -> Session {
        var s = session(layout)
        for (start, end) in takes { try! s.addTake(start: start, end: end) }
        return s
    }
}
