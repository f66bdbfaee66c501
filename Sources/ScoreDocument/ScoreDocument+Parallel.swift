import Foundation

extension ScoreDocument {
    /// Renders every page (or the given 1-based pages) to PNG in parallel, one poppler document per worker
    /// (poppler documents are not thread-safe). Results are in the order of `pages`.
    public func renderPNGs(pages: [Int]? = nil, dpi: Double, gray: Bool = false, overlays: [Int: [Overlay]] = [:],
                           workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws(ScoreDocumentError) -> [Data] {
        let wanted = pages ?? Array(1...pageCount)
        for page in wanted { try checkPage(page) }
        for page in wanted { _ = try Self.checkResolution(dpi, size: pageSizes[page - 1]) }
        let jobs = wanted.map { (index: $0 - 1, size: pageSizes[$0 - 1], overlays: overlays[$0] ?? []) }
        let results = ParallelResults<Data>(count: jobs.count)
        let workerCount = max(1, min(workers, jobs.count))
        let bytes = self.bytes, password = self.password
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            do throws(ScoreDocumentError) {
                let handle = try PopplerHandle(bytes: bytes, password: password)
                var n = worker
                while n < jobs.count {
                    let job = jobs[n]
                    results.set(n, Result { () throws(ScoreDocumentError) -> Data in
                        try Self.renderPNG(handle: handle, index: job.index, size: job.size, dpi: dpi, gray: gray, overlays: job.overlays)
                    })
                    n += workerCount
                }
            } catch {
                var n = worker
                while n < jobs.count { results.set(n, .failure(error)); n += workerCount }
            }
        }
        return try results.values()
    }
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
