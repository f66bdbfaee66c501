import ScoreLayout

/// A position placed on the score's total order, with its bar coordinate.
///
/// `coordinate` is the index of the bar in playing order (see `PlayingOrder`; in score order when no
/// piece has an order) plus the fraction inside the bar (bar k spans k…k+1); points outside any bar (a
/// title page, a system without bars) get the number of bars before them. Places compare by coordinate,
/// then like `ScoreLayout.compare`: by page, then system, then x (pages without systems: by y, then x).
/// In score order the coordinate never decreases along the page order, so this is the page order.
struct Place: Comparable, Sendable {
    var page: Int
    var system: Int
    var primary: Double
    var secondary: Double
    var coordinate: Double
    /// The index in playing order of the bar the position resolves to (its global index in score order when
    /// no piece has an order); nil outside systems with bars.
    var bar: Int? = nil

    static func < (a: Place, b: Place) -> Bool {
        if a.coordinate != b.coordinate { return a.coordinate < b.coordinate }
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
    /// The number of bars in playing order (the bars of the layout, each repeat counted again).
    let barCount: Int
    /// The playing order; nil when it is the score order (then a position's pass is not looked at).
    let order: PlayingOrder?

    /// The axis of a layout in the playing order of the programme's pieces (score order when none has an order,
    /// or when an order cannot be resolved: `Session.validate()` reports that).
    init(_ layout: ScoreLayout, pieces: [Piece] = []) {
        self.layout = layout
        let order = pieces.contains(where: { $0.order != nil }) ? try? PlayingOrder(layout: layout, pieces: pieces) : nil
        self.order = order?.isScoreOrder == false ? order : nil
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
        self.barCount = self.order?.slots.count ?? count
    }

    /// The place of a position; throws a reason when its page is not in the layout or it is not finite.
    func place(_ position: ScorePosition) throws(PlaceError) -> Place {
        guard position.x.isFinite, position.y.isFinite else { throw .notFinite }
        guard position.x >= 0, position.y >= 0 else { throw .negative }
        guard position.page >= 1, let p = layout.pageIndex(position.page) else { throw .noSuchPage }
        if let pass = position.pass {
            guard pass >= 1 else { throw .badPass }
            if order == nil, pass > 1 { throw .noSuchPass(passes: 1) }
        }
        let page = layout.pages[p]
        guard let s = page.nearestSystem(to: position.y) else {
            return Place(page: position.page, system: 0, primary: position.y, secondary: position.x,
                         coordinate: try played(barsBefore: barsBeforePage[p], pass: position.pass))
        }
        let system = page.systems[s]
        var coordinate = Double(firstBar[p][s])
        var bar: Int?
        if let b = system.nearestBar(to: position.x), let bars = system.bars {
            let global = firstBar[p][s] + b
            let fraction = bars[b].fraction(atX: position.x)
            if let order {
                if let slot = order.slot(bar: global, pass: position.pass ?? 1) {
                    coordinate = Double(slot) + fraction
                    bar = slot
                } else if position.pass == nil, order.passes(ofBar: global) == 0 {
                    // A bar the order skips: the point counts at the start of the next bar played.
                    coordinate = Double(order.slot(startingAt: global, pass: 1))
                } else {
                    throw .noSuchPass(passes: order.passes(ofBar: global))
                }
            } else {
                coordinate += Double(b) + fraction
                bar = global
            }
        } else if order != nil {
            coordinate = try played(barsBefore: firstBar[p][s], pass: position.pass)
        }
        return Place(page: position.page, system: s, primary: position.x, secondary: 0, coordinate: coordinate, bar: bar)
    }

    /// The coordinate of a point outside bars with `count` bars before it in score order, on a pass.
    private func played(barsBefore count: Int, pass: Int?) throws(PlaceError) -> Double {
        guard let order else { return Double(count) }
        return Double(order.slot(startingAt: count, pass: pass ?? 1))
    }

    /// The bar (in score order) and pass of an index in playing order.
    func slot(_ index: Int) -> PlayingOrder.Slot {
        order?.slots[index] ?? PlayingOrder.Slot(bar: index, pass: 1)
    }

    /// The place at the very end of the score (after every position).
    var endOfScore: Place {
        Place(page: Int.max, system: Int.max, primary: .infinity, secondary: .infinity, coordinate: Double(barCount))
    }
}

/// Why a position cannot be placed.
enum PlaceError: Error {
    case notFinite, negative, noSuchPage
    /// The playing order goes through the position's bar fewer times than its pass says.
    case noSuchPass(passes: Int)
    /// The pass is below 1.
    case badPass

    func reason(_ position: ScorePosition) -> String {
        switch self {
        case .notFinite: return "the coordinates are not finite numbers"
        case .negative: return "the coordinates lie outside the page (negative)"
        case .noSuchPage:
            return position.page < 1 ? "pages are numbered from 1" : "page \(position.page) is not part of the layout"
        case .badPass: return "passes are numbered from 1"
        case .noSuchPass(let passes):
            let times = passes == 0 ? "never goes through its bar" : passes == 1 ? "goes through its bar once" : "goes through its bar \(passes) times"
            return "it is on pass \(position.pass ?? 1), but the playing order \(times)"
        }
    }
}
