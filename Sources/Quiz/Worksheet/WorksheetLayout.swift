import ScoreLayout

/// A worksheet laid out for print: its pages as overlays, ready for `BlankPDF` (ScoreDocument) to draw.
public struct WorksheetLayout: Hashable, Sendable {
    /// The paper the pages are laid out for.
    public let paper: WorksheetPaper
    /// What to draw on each page, first page first, in points from the top-left corner.
    public let pages: [[Overlay]]
    /// The 1-based number of the page the answer key starts on (every earlier page holds questions).
    public let answerKeyPage: Int

    /// A layout of `pages` on `paper`, the key starting on page `answerKeyPage`.
    public init(paper: WorksheetPaper, pages: [[Overlay]], answerKeyPage: Int) {
        self.paper = paper
        self.pages = pages
        self.answerKeyPage = answerKeyPage
    }
}
