import Foundation
import ScoreLayout

extension ScoreDocument {
    /// Renders every page (or the given 1-based pages) to PNG in parallel. Results are in the order of `pages`.
    public func renderPNGs(pages: [Int]? = nil, dpi: Double, gray: Bool = false, overlays: [Int: [Overlay]] = [:],
                           workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws(ScoreDocumentError) -> [Data] {
        try forEachPage(pages, dpi: dpi, workers: workers) { handle, page, size throws(ScoreDocumentError) in
            try Self.renderPNG(handle: handle, index: page - 1, size: size, dpi: dpi, gray: gray, overlays: overlays[page] ?? [])
        }
    }

    /// Runs `work` for each page (all by default) on `workers` threads, each with its own poppler document
    /// (poppler documents are not thread-safe), after checking every page number and the resolution.
    /// Results are in page order; the first error is thrown.
    /// With `capResolution`, a page too large for `dpi` is not an error: the work lowers the resolution itself.
    /// With `cost` (a page's estimated memory in bytes, asked for each page when there are several workers), a page
    /// starts beside others only while their estimates stay within ``pageMemoryBudget`` (``PageBudget``).
    /// After each page, the mapped file's pages are let go (``SharedBytes/releaseResident()``); a file cut short
    /// meanwhile is an error.
    func forEachPage<T>(_ pages: [Int]?, dpi: Double, workers: Int, capResolution: Bool = false, cost: ((Int) -> Int)? = nil,
                        _ work: @escaping @Sendable (PopplerHandle, Int, PageSize) throws(ScoreDocumentError) -> T) throws(ScoreDocumentError) -> [T] {
        let wanted = pages ?? Array(1...pageCount)
        for page in wanted { try checkPage(page) }
        for page in wanted {
            _ = try Self.checkResolution(capResolution ? min(dpi, Self.largestDPI(for: pageSizes[page - 1])) : dpi,
                                         size: pageSizes[page - 1])
        }
        let results = ParallelResults<T>(count: wanted.count)
        let workerCount = max(1, min(workers, wanted.count))
        let schedule = PageBudget(costs: workerCount > 1 ? wanted.map { cost?($0) ?? 0 } : Array(repeating: 0, count: wanted.count),
                                  budget: Self.pageMemoryBudget)
        let bytes = self.bytes, password = self.password, sizes = pageSizes
        DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
            let handle: PopplerHandle
            do throws(ScoreDocumentError) { handle = try PopplerHandle(bytes: bytes, password: password) } catch {
                while let n = schedule.take() { results.set(n, .failure(error)); schedule.finish(n) }
                return
            }
            while let n = schedule.take() {
                results.set(n, Result { () throws(ScoreDocumentError) -> T in try work(handle, wanted[n], sizes[wanted[n] - 1]) })
                bytes.releaseResident()
                schedule.finish(n)
            }
        }
        try bytes.checkUnchanged()
        return try results.values()
    }

    /// The estimated memory of the pages read at once, in bytes: 40 MiB, enough for one A4 or Letter scan at 300 dpi
    /// (``readingCost(page:size:dpi:file:)``, about 27 MB), not for two; two pages read at 150 dpi fit several times over.
    static let pageMemoryBudget = 40 << 20
}

/// Results written by several threads, each slot by exactly one of them.
final class ParallelResults<T>: @unchecked Sendable {
    private var slots: [Result<T, ScoreDocumentError>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<T, ScoreDocumentError>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    /// All values in order, or the first error.
    func values() throws(ScoreDocumentError) -> [T] {
        lock.lock()
        defer { lock.unlock() }
        var out: [T] = []
        for slot in slots {
            switch slot {
            case .success(let value)?: out.append(value)
            case .failure(let error)?: throw error
            case nil: throw .renderFailed(reason: "a page was not rendered")
            }
        }
        return out
    }
}
