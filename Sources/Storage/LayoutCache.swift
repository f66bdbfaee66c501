import Foundation
import ScoreLayout

/// The layout of the stored session, remembered between appends and keyed by the session revision.
///
/// Appends check positions against the layout; parsing `layout_json` on every tap would cost more
/// than the write itself on a long score. The layout only changes with a whole-session save, which
/// bumps `session.revision` (also when another process saves), so a cached layout is reused while
/// the revision read inside the append's transaction is unchanged.
final class LayoutCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entry: (revision: Int, layout: ScoreLayout?)?

    /// The cached layout when it belongs to `revision`; the outer optional is nil on a miss.
    func layout(forRevision revision: Int) -> ScoreLayout?? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry, entry.revision == revision else { return nil }
        return .some(entry.layout)
    }

    /// Remembers the layout of `revision`.
    func store(_ layout: ScoreLayout?, revision: Int) {
        lock.lock()
        defer { lock.unlock() }
        entry = (revision, layout)
    }
}
