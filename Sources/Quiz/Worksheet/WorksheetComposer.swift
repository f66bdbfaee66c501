/// Flows blocks of a worksheet down pages: a block that does not fit below the last one starts a new page.
package struct WorksheetComposer: Sendable {
    /// The page margins in points.
    package static let margin = (left: 56.0, right: 56.0, top: 54.0, bottom: 62.0)

    package let paper: WorksheetPaper
    /// The finished pages and the one being filled.
    package private(set) var pages: [WorksheetCanvas] = []
    /// Where the next block goes, from the top of the page.
    package private(set) var y = 0.0
    private var pageIsEmpty = true

    /// An empty flow on `paper`; the first block starts the first page.
    package init(paper: WorksheetPaper) {
        self.paper = paper
    }

    /// The width between the margins.
    package var width: Double { paper.width - Self.margin.left - Self.margin.right }
    private var bottom: Double { paper.height - Self.margin.bottom }

    /// Starts a new page.
    package mutating func newPage() {
        pages.append(WorksheetCanvas())
        y = Self.margin.top
        pageIsEmpty = true
    }

    /// Places a block `height` points tall at the next free place, on a new page when it does not fit,
    /// and leaves `gap` points below it.
    package mutating func place(_ block: WorksheetCanvas, height: Double, gap: Double = 0) {
        if pages.isEmpty || (!pageIsEmpty && y + height > bottom) { newPage() }
        pages[pages.count - 1].append(block, dx: Self.margin.left, dy: y)
        y += height + gap
        pageIsEmpty = false
    }

    /// Draws on page `page` (0-based) in page coordinates (a footer, say), without moving the flow.
    package mutating func draw(on page: Int, _ body: (inout WorksheetCanvas) -> Void) {
        body(&pages[page])
    }
}
