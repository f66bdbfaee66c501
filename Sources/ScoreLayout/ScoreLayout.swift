import Foundation

/// The layout of a score: for each page, its systems, staves and bars in PDF points.
///
/// Coordinates have their origin at the top-left of the page with y growing downward; pages are
/// numbered from 1. The JSON form is the session JSON `layout` object:
///
/// ```json
/// {"pages":[{"page":1,"systems":[{"top":60.0,"bottom":210.5,"bars":[{"number":"1","left":72.0,"right":190.0}]}]}]}
/// ```
///
/// A layout is a plain value: `init(pages:)` and `Codable` decoding do not check it; use
/// `init(validating:)`, `init(json:)` or `validate()` for that. Editing operations
/// (`addingSystem`, `addingBarline`, …) always return valid, renumbered layouts.
public struct ScoreLayout: Codable, Hashable, Sendable {
    /// The pages in increasing page order; pages absent from the list are not part of the layout.
    public var pages: [PageLayout]

    /// Creates a layout without checking it.
    public init(pages: [PageLayout] = []) {
        self.pages = pages
    }

    /// Creates a layout and checks it with `validate()`.
    public init(validating pages: [PageLayout]) throws {
        self.pages = pages
        try validate()
    }

    /// The JSON form with keys in a stable order (`page`, `systems`; `top`, `bottom`, `staves`,
    /// `bars`; `number`, `left`, `right`); re-encoding decoded output gives the same bytes.
    ///
    /// Numbers are written in Swift's shortest round-tripping form (`60.0`, `210.5`), so the
    /// output of the DESIGN example is identical to its input without spaces. Pretty output
    /// indents by two spaces. Non-finite coordinates (which `validate()` rejects) are written as
    /// the strings `"nan"`, `"inf"` and `"-inf"`, which `init(json:)` reads back, so encoding
    /// never fails.
    public func jsonData(pretty: Bool = false) -> Data {
        Data(jsonText(pretty: pretty).utf8)
    }

    /// The JSON form as text (see `jsonData(pretty:)`).
    public func jsonText(pretty: Bool = false) -> String {
        jsonTree.serialized(pretty: pretty)
    }

    /// The page layout with this page number, if the layout has it.
    public func page(_ number: Int) -> PageLayout? {
        pageIndex(number).map { pages[$0] }
    }

    /// The index in `pages` of the page with this number (binary search; pages are sorted).
    public func pageIndex(_ number: Int) -> Int? {
        var low = 0, high = pages.count
        while low < high {
            let mid = (low + high) / 2
            if pages[mid].page < number { low = mid + 1 } else { high = mid }
        }
        if low < pages.count, pages[low].page == number { return low }
        return pages.firstIndex { $0.page == number }  // unsorted (unvalidated) layouts
    }

    /// The total number of systems on all pages.
    public var systemCount: Int { pages.reduce(0) { $0 + $1.systems.count } }
}
