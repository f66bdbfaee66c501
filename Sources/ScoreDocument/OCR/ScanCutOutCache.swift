import Foundation
import ScoreLayout

/// The groups of ink the bar-number OCR reads on each scanned page, cut out when detection read the page from its
/// decoded image (``ScanInk``), so that reading the printed numbers does not decode the page again.
///
/// Each page's cut-outs are kept with the geometry of the layout they were cut for
/// (``ScannedNumberReader/geometry(of:)``): they are handed out once, and only for a page of the same geometry;
/// any other page is cut from its image as before. A page whose numbers are never read keeps its cut-outs for the
/// document's life (a few kilobytes a page). Safe from any thread (detection reads pages on several).
final class ScanCutOutCache: @unchecked Sendable {
    private struct Entry {
        var geometry: [Double]
        var cutOuts: [ScannedNumberReader.CutOut]
    }

    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]

    /// Keeps the cut-outs of `page` (1-based) made for `layout`.
    func store(page: Int, layout: PageLayout, cutOuts: [ScannedNumberReader.CutOut]) {
        let entry = Entry(geometry: ScannedNumberReader.geometry(of: layout), cutOuts: cutOuts)
        lock.withLock { entries[page] = entry }
    }

    /// The cut-outs kept for `layout`'s page when they were cut for its geometry, removed from the cache; nil when
    /// there are none.
    func take(for layout: PageLayout) -> [ScannedNumberReader.CutOut]? {
        let geometry = ScannedNumberReader.geometry(of: layout)
        return lock.withLock {
            guard let entry = entries.removeValue(forKey: layout.page), entry.geometry == geometry else { return nil }
            return entry.cutOuts
        }
    }

    /// How many pages' cut-outs are kept.
    var count: Int { lock.withLock { entries.count } }
}
