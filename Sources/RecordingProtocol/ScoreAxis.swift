import ScoreLayout

/// A position placed on the score's total order, with its bar coordinate.
///
/// Places compare like `ScoreLayout.compare`: by page, then system, then x (pages without
/// systems: by y, then x). `coordinate` is the global bar index plus the fraction inside the bar
/// (bar k spans k…k+1); points outside any bar (a title page, a system without bars) get the
/// number of bars before them. The coordinate never decreases along the order.
struct Place: Comparable, Sendable {
    var page: Int
    var system: Int
    var primary: Double
    var secondary: Double
    var coordinate: Double
    /// The global index of the bar the position resolves to; nil outside systems with bars.
    var bar: Int? = nil

    static func < (a: Place, b: Place) -> Bool {
        if a.page != b.page { return a.page < b.page }
        if a.system != b.system { return a.system < b.system }
        if a.primary != b.primary { return a.primary < b.primary }
        return a.secondary < b.secondary
    }

    static func == (a: Place, b: Place) -> Bool { !(a < b) && !(b < a) }
}

/// Places positions on a layout in O(log pages + systems + bars of one system), without re-walking earlier pages.
struct ScoreAxis: Sendable {
    let layout: ScoreLayout
    /// For each page index, the global index of the first bar of each of its systems.
    private let firstBar: [[Int]]
    /// For each page index, the number of bars before the page.
    private let barsBeforePage: [Int]
    /// The number of bars in the layout.
    let barCount: Int

    init(_ layout: ScoreLayout) {
        self.layout = layout
        var firstBar: [[Int]] = []
        var before: [Int] = []
        var count = 0
        for page in layout.pages {
            before.append(count)
            var systems: [Int] = []
            for system in page.systems {
                systems.append(count)
                count += system.bars?.count ?? 0
            }
            firstBar.append(systems)
        }
        self.firstBar = firstBar
        self.barsBeforePage = before
        self.barCount = count
    }

    /// The place of a position; throws a reason when its page is not in the layout or it is not finite.
    func place(_ position: ScorePosition) throws(PlaceError) -> Place {
        guard position.x.isFinite, position.y.isFinite else { throw .notFinite }
        guard position.x >= 0, position.y >= 0 else { throw .negative }
        guard position.page >= 1, let p = layout.pageIndex(position.page) else { throw .noSuchPage }
        let page = layout.pages[p]
        guard let s = page.nearestSystem(to: position.y) else {
            return Place(page: position.page, system: 0, primary: position.y, secondary: position.x,
                         coordinate: Double(barsBeforePage[p]))
        }
        let system = page.systems[s]
        var coordinate = Double(firstBar[p][s])
        var bar: Int?
        if let b = system.nearestBar(to: position.x), let bars = system.bars {
            coordinate += Double(b) + bars[b].fraction(atX: position.x)
            bar = firstBar[p][s] + b
        }
        return Place(page: position.page, system: s, primary: position.x, secondary: 0, coordinate: coordinate, bar: bar)
    }

    /// The place at the very end of the score (after every position).
    var endOfScore: Place {
        Place(page: Int.max, system: Int.max, primary: .infinity, secondary: .infinity, coordinate: Double(barCount))
    }
}

/// Why a position cannot be placed.
enum PlaceError: Error {
    case notFinite, negative, noSuchPage

    func reason(_ position: ScorePosition) -> String {
        switch self {
        case .notFinite: return "the coordinates are not finite numbers"
        case .negative: return "the coordinates lie outside the page (negative)"
        case .noSuchPage:
            return position.page < 1 ? "pages are numbered from 1" : "page \(position.page) is not part of the layout"
        }
    }
}
