import Foundation

/// What the limits check learnt about a document's embedded font programs, shared by every copy of its
/// ``PDFFile``: each program's farthest glyph, and the sweep of every program in the file.
///
/// ``PDFFile`` is a value and each page is read on a copy, so a cache kept in the value measured the same fonts again
/// on every page. The programs depend only on the document's bytes, so what is measured is kept for its life. Safe
/// from any thread (detection checks pages on several).
final class FontProgramMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var extents: [Int: Double] = [:]
    private var sweep: PDFFile.PageRefusal??

    /// The farthest glyph (em) of each program measured so far, by where its data starts (negated, less one, for the
    /// sweep's): NaN for a damaged one, -1 for one FreeType cannot read.
    var glyphExtents: [Int: Double] { lock.withLock { extents } }

    /// The measured extent of the program whose data starts at `offset`, computing it with `measure` the first time.
    func extent(at offset: Int, measure: () throws -> Double) rethrows -> Double {
        if let known = lock.withLock({ extents[offset] }) { return known }
        let extent = try measure()
        lock.withLock { extents[offset] = extent }
        return extent
    }

    /// The outcome of the document-wide sweep (nil: no program in the file is refused), made with `run` the first
    /// time.
    func sweepOutcome(_ run: () -> PDFFile.PageRefusal?) -> PDFFile.PageRefusal? {
        if let known = lock.withLock({ sweep }) { return known }
        let outcome = run()
        lock.withLock { sweep = .some(outcome) }
        return outcome
    }
}
