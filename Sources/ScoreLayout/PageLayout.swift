/// The systems of one page, from top to bottom.
public struct PageLayout: Codable, Hashable, Sendable {
    /// The page number (from 1).
    public var page: Int
    /// The systems from top to bottom; may be empty.
    public var systems: [SystemLayout]

    /// Creates a page layout.
    public init(page: Int, systems: [SystemLayout] = []) {
        self.page = page
        self.systems = systems
    }

    /// The index of the system whose y-range contains `y`; where two systems touch, the lower wins.
    public func system(containing y: Double) -> Int? {
        systems.lastIndex { $0.contains(y: y) }
    }

    /// The index of the system containing `y`, else of the nearest one (ties go to the upper).
    ///
    /// Nil only when the page has no systems or `y` is not a number.
    public func nearestSystem(to y: Double) -> Int? {
        if let inside = system(containing: y) { return inside }
        var best: (index: Int, distance: Double)?
        for (i, system) in systems.enumerated() {
            let d = system.distance(toY: y)
            if best == nil || d < best!.distance { best = (i, d) }
        }
        return best?.index
    }

    /// The number of bars on the page (systems without bars count 0).
    public var barCount: Int { systems.reduce(0) { $0 + ($1.bars?.count ?? 0) } }

    private enum CodingKeys: String, CodingKey { case page, systems }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        page = try c.decode(Int.self, forKey: .page)
        systems = try c.decodeIfPresent([SystemLayout].self, forKey: .systems) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(page, forKey: .page)
        try c.encode(systems, forKey: .systems)
    }
}
