import Foundation

extension ScoreDocument {
    /// The resolution detection renders at by default.
    public static let detectionDPI = 150.0

    /// Detects the layout of the given pages (all by default), rendering them in parallel with one poppler
    /// document per worker. Results are in page order.
    public func detectLayout(pages: [Int]? = nil, dpi: Double = ScoreDocument.detectionDPI,
                             workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws(ScoreDocumentError) -> [DetectedPage] {
        try forEachPage(pages, dpi: dpi, workers: workers) { handle, page, size throws(ScoreDocumentError) in
            LayoutDetector.detect(try Self.grayImage(handle: handle, index: page - 1, size: size, dpi: dpi), page: page)
        }
    }
}
