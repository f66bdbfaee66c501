/// Shared checks and helpers of the editing operations.
extension ScoreLayout {
    /// The smallest height of a system and width of a bar that an edit creates, in points.
    public static let minimumEditSize = 1.0

    /// The index in `pages` of a page that must exist.
    func requirePage(_ page: Int) throws -> Int {
        guard page >= 1, let index = pageIndex(page) else { throw LayoutError.pageNotFound(page: page) }
        return index
    }

    /// Checks that a system index exists on the page at `pageIndex`.
    func requireSystem(_ system: Int, pageIndex: Int) throws {
        let count = pages[pageIndex].systems.count
        guard (0..<count).contains(system) else {
            throw LayoutError.systemNotFound(page: pages[pageIndex].page, system: system, count: count)
        }
    }

    /// Checks that an edit coordinate is a finite number.
    static func requireFinite(_ value: Double, _ name: String, page: Int, system: Int?) throws {
        guard value.isFinite else {
            throw LayoutError.invalidEdit(page: page, system: system, reason: "\(name) \(value) is not a finite number")
        }
    }

    /// The edited layout renumbered with `rules` and checked, so that no edit returns an invalid layout.
    func finished(_ rules: [NumberingRule]) throws -> ScoreLayout {
        let result = try renumbered(rules)
        try result.validate()
        return result
    }

    /// Staves clipped to `top…bottom`; staves outside are dropped and nil is returned when none remain.
    static func clip(_ staves: [StaffLayout]?, to top: Double, _ bottom: Double) -> [StaffLayout]? {
        guard let staves else { return nil }
        let kept = staves.compactMap { staff -> StaffLayout? in
            let t = max(staff.top, top), b = min(staff.bottom, bottom)
            return t < b ? StaffLayout(top: t, bottom: b) : nil
        }
        return kept.isEmpty ? nil : kept
    }

    /// A bound that keeps a range at least `minimumEditSize` long, or as long as it already is
    /// when it is shorter.
    static func keep(_ size: Double) -> Double { min(minimumEditSize, size) }

    static func f(_ value: Double) -> String { LayoutError.format(value) }
}
