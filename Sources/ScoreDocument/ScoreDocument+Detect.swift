import Foundation

extension ScoreDocument {
    /// The resolution detection renders at by default.
    public static let detectionDPI = 150.0

    /// Detects the layout of the given pages (all by default), rendering them in parallel with one poppler
    /// document per worker. Results are in page order.
    public func detectLayout(pages: [Int]? = nil, dpi: Double = ScoreDocument.detectionDPI,
                             workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws(ScoreDocumentError) -> [DetectedPage] {
        let wanted = pages ?? Array(1...pageCount)
        for page in wanted { try checkPage(page) }
        for page in wanted { _ = try Self.checkResolution(dpi, size: pageSizes[page - 1]) }
        let results = ParallelResults<DetectedPage>(count: wanted.count)
        let workerCount = max(1, min(workers, wanted.count))
        let bytes = self.bytes, password = self.password, sizes = pageSizes
        DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
            do throws(ScoreDocumentError) {
                let handle = try PopplerHandle(bytes: bytes, password: password)
                var n = worker
                while n < wanted.count {
                    let page = wanted[n]
                    results.set(n, Result { () throws(ScoreDocumentError) -> DetectedPage in
                        let image = try Self.grayImage(handle: handle, index: page - 1, size: sizes[page - 1], dpi: dpi)
                        return LayoutDetector.detect(image, page: page)
                    })
                    n += workerCount
                }
            } catch {
                var n = worker
                while n < wanted.count { results.set(n, .failure(error)); n += workerCount }
            }
        }
        return try results.values()
    }
}
