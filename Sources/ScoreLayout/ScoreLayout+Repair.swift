/// Repairing what engravers' rounding leaves in a layout: neighbours that overlap by a hair.
extension ScoreLayout {
    /// The largest overlap, in PDF points, that `repaired()` closes (DESIGN §6: "less than half a point").
    public static let snapTolerance = 0.5

    /// One repair made by `repaired()`: where, and what was done.
    public struct Repair: Hashable, Sendable, CustomStringConvertible {
        /// What was snapped.
        public enum Element: String, Hashable, Sendable {
            case system, staff, bar
        }

        public var element: Element
        /// The page number.
        public var page: Int
        /// The 0-based index of the system on the page.
        public var system: Int
        /// The 0-based index of the later staff or bar of the pair (nil for systems).
        public var index: Int?
        /// The printed number of the later bar of the pair (bars only).
        public var bar: BarNumber?
        /// The printed number of the earlier bar of the pair (bars only).
        public var previousBar: BarNumber?
        /// How far the pair overlapped (0 when they only touched).
        public var overlap: Double
        /// The coordinate both edges were snapped to.
        public var snappedTo: Double

        public var description: String {
            let amount = "overlapped by \(Self.points(overlap)) pt; both edges snapped to \(Self.points(snappedTo))"
            switch element {
            case .system:
                return "page \(page): systems \(system) and \(system + 1) (1-based) \(amount)"
            case .staff:
                return "page \(page), system \(system + 1): staves \(index ?? 0) and \((index ?? 0) + 1) (1-based) \(amount)"
            case .bar:
                return "page \(page), system \(system + 1): bars \(previousBar?.description ?? "?") and \(bar?.description ?? "?") \(amount)"
            }
        }

        static func points(_ value: Double) -> String {
            let rounded = (value * 1000).rounded() / 1000
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
    }

    /// The layout with neighbouring systems, staves and bars that overlap by less than `tolerance` snapped together.
    ///
    /// Two neighbours that overlap (the later one's top or left edge lies before the earlier one's
    /// bottom or right edge) by a positive amount under `tolerance` get a shared edge at the middle of
    /// the overlap, which keeps every element's size within a quarter point of what it was. Larger
    /// overlaps are left alone, for `validate()` to report: snapping them would change what the layout
    /// means. Nothing else is changed.
    public func repaired(tolerance: Double = snapTolerance) -> (layout: ScoreLayout, repairs: [Repair]) {
        var layout = self
        var repairs: [Repair] = []
        for p in layout.pages.indices {
            let pageNumber = layout.pages[p].page
            var systems = layout.pages[p].systems
            for s in systems.indices {
                if s > 0, let edge = Self.snap(systems[s - 1].bottom, systems[s].top, tolerance: tolerance) {
                    systems[s - 1].bottom = edge.at
                    systems[s].top = edge.at
                    repairs.append(Repair(element: .system, page: pageNumber, system: s - 1, overlap: edge.overlap, snappedTo: edge.at))
                    Self.clampStaves(of: &systems[s - 1])
                    Self.clampStaves(of: &systems[s])
                }
                if var staves = systems[s].staves {
                    for t in staves.indices.dropFirst() {
                        if let edge = Self.snap(staves[t - 1].bottom, staves[t].top, tolerance: tolerance) {
                            staves[t - 1].bottom = edge.at
                            staves[t].top = edge.at
                            repairs.append(Repair(element: .staff, page: pageNumber, system: s, index: t,
                                                  overlap: edge.overlap, snappedTo: edge.at))
                        }
                    }
                    systems[s].staves = staves
                }
                if var bars = systems[s].bars {
                    for b in bars.indices.dropFirst() {
                        if let edge = Self.snap(bars[b - 1].right, bars[b].left, tolerance: tolerance) {
                            bars[b - 1].right = edge.at
                            bars[b].left = edge.at
                            repairs.append(Repair(element: .bar, page: pageNumber, system: s, index: b, bar: bars[b].number,
                                                  previousBar: bars[b - 1].number, overlap: edge.overlap, snappedTo: edge.at))
                        }
                    }
                    systems[s].bars = bars
                }
            }
            layout.pages[p].systems = systems
        }
        return (layout, repairs)
    }

    /// Keeps the staves inside their system after its edge moved by a snap (at most `snapTolerance / 2`).
    private static func clampStaves(of system: inout SystemLayout) {
        guard var staves = system.staves else { return }
        for t in staves.indices {
            staves[t].top = max(staves[t].top, system.top)
            staves[t].bottom = min(staves[t].bottom, system.bottom)
        }
        system.staves = staves
    }

    /// The shared edge for `end` (of the earlier element) and `start` (of the later one) when they overlap by less than `tolerance`.
    private static func snap(_ end: Double, _ start: Double, tolerance: Double) -> (overlap: Double, at: Double)? {
        guard end.isFinite, start.isFinite else { return nil }
        let overlap = end - start
        guard overlap > 0, overlap < tolerance else { return nil }
        return (overlap, (end + start) / 2)
    }
}
