import ScoreLayout

/// The systems of a layout in score order, with their extent on the page.
struct SystemGeometry {
    struct System {
        var page: Int
        var index: Int
        var top: Double, bottom: Double
        /// The x extent: the bars' extent, else the page's width less 36 pt margins.
        var left: Double, right: Double
        /// Free space above the system: down from the previous system's bottom (or the page top).
        var gapAbove: Double
    }

    let systems: [System]
    private let layout: ScoreLayout
    /// Per page number, the ordinal of each of its systems.
    private let ordinals: [Int: [Int]]

    init(layout: ScoreLayout, pageWidths: [Int: Double]) {
        self.layout = layout
        var systems: [System] = [], ordinals: [Int: [Int]] = [:]
        for page in layout.pages {
            let width = pageWidths[page.page] ?? 595.28
            var previousBottom = 0.0
            for (index, system) in page.systems.enumerated() {
                let extent = system.barExtent ?? 36...(width - 36)
                ordinals[page.page, default: []].append(systems.count)
                systems.append(System(page: page.page, index: index, top: system.top, bottom: system.bottom,
                                      left: extent.lowerBound, right: extent.upperBound, gapAbove: system.top - previousBottom))
                previousBottom = system.bottom
            }
        }
        self.systems = systems
        self.ordinals = ordinals
    }

    /// The system a position belongs to (the nearest on its page) and its x; nil on a page without systems.
    func locate(_ position: ScorePosition) -> (ordinal: Int, x: Double)? {
        guard let index = layout.pageIndex(position.page), let s = layout.pages[index].nearestSystem(to: position.y),
              let ordinal = ordinals[position.page]?[s] else { return nil }
        return (ordinal, position.x)
    }

    /// The first system at or after a position's page, for positions on pages without systems.
    func firstOrdinal(atOrAfterPage page: Int) -> Int? {
        systems.firstIndex { $0.page >= page }
    }

    /// A run of bars split by system: each piece's system ordinal and x extent.
    func runsBySystem(_ range: ClosedRange<Int>, bars: [BarLocation]) -> [(ordinal: Int, left: Double, right: Double)] {
        var runs: [(ordinal: Int, left: Double, right: Double)] = []
        for index in range where bars.indices.contains(index) {
            let bar = bars[index]
            guard let ordinal = ordinals[bar.page]?[bar.system] else { continue }
            if let last = runs.last, last.ordinal == ordinal {
                runs[runs.count - 1].right = bar.layout.right
            } else {
                runs.append((ordinal, bar.layout.left, bar.layout.right))
            }
        }
        return runs
    }
}

/// Lanes above each system for the takes spanning it, so that no two take lines overlap.
struct TakeLanes {
    /// The part of a take on one system.
    struct Piece {
        var ordinal: Int
        var from: Double, to: Double
        var starts: Bool, ends: Bool
    }

    private var piecesByTake: [Int: [Piece]] = [:]
    private var lane: [Int: [Int: Int]] = [:]
    private var gap: [Double]
    private let geometry: SystemGeometry

    init(takes: [Take], geometry: SystemGeometry) {
        self.geometry = geometry
        var bySystem: [[(take: Int, from: Double, to: Double)]] = Array(repeating: [], count: geometry.systems.count)
        let last = geometry.systems.count - 1
        for take in takes {
            guard last >= 0, let start = geometry.locate(take.start)
                    ?? geometry.firstOrdinal(atOrAfterPage: take.start.page).map({ ($0, geometry.systems[$0].left) }) else { continue }
            let end = take.end.flatMap(geometry.locate) ?? (last, geometry.systems[last].right)
            guard end.ordinal >= start.ordinal else { continue }
            var pieces: [Piece] = []
            for ordinal in start.ordinal...end.ordinal {
                let s = geometry.systems[ordinal]
                let from = ordinal == start.ordinal ? start.x : s.left
                let to = ordinal == end.ordinal ? end.x : s.right
                pieces.append(Piece(ordinal: ordinal, from: from, to: max(from, to),
                                    starts: ordinal == start.ordinal, ends: ordinal == end.ordinal && take.end != nil))
                bySystem[ordinal].append((take.number, from, max(from, to)))
            }
            piecesByTake[take.number] = pieces
        }
        gap = []
        for (ordinal, entries) in bySystem.enumerated() {
            // Greedy interval colouring: each take gets the lowest lane free at its start.
            var laneEnds: [Double] = []
            for entry in entries.sorted(by: { ($0.from, $0.take) < ($1.from, $1.take) }) {
                let free = laneEnds.firstIndex { $0 < entry.from - 3 } ?? laneEnds.count
                if free == laneEnds.count { laneEnds.append(entry.to) } else { laneEnds[free] = entry.to }
                lane[entry.take, default: [:]][ordinal] = free
            }
            let room = max(6, geometry.systems[ordinal].gapAbove - 10)
            gap.append(min(4.5, max(1.6, room / Double(max(1, laneEnds.count)))))
        }
    }

    /// The pieces of a take, system by system.
    func pieces(of take: Int) -> [Piece] { piecesByTake[take] ?? [] }

    /// The font size of labels above a system: as large as its lanes allow, 3.5 to 6 points.
    func labelSize(ordinal: Int) -> Double { min(6, max(3.5, gap[ordinal] * 1.3)) }

    /// The y of a take's lane above a system.
    func y(take: Int, ordinal: Int) -> Double {
        geometry.systems[ordinal].top - 5 - Double(lane[take]?[ordinal] ?? 0) * gap[ordinal]
    }
}
