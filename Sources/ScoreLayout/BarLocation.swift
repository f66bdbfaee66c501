/// Where a bar is in a layout: its page, system index, bar index and global index.
public struct BarLocation: Hashable, Sendable {
    /// The page number.
    public var page: Int
    /// The 0-based index of the system on its page.
    public var system: Int
    /// The 0-based index of the bar within its system.
    public var bar: Int
    /// The 0-based index of the bar in score order across all pages.
    public var globalIndex: Int
    /// The bar itself.
    public var layout: BarLayout

    /// Creates a bar location.
    public init(page: Int, system: Int, bar: Int, globalIndex: Int, layout: BarLayout) {
        self.page = page
        self.system = system
        self.bar = bar
        self.globalIndex = globalIndex
        self.layout = layout
    }

    /// The bar's number.
    public var number: BarNumber { layout.number }
}
