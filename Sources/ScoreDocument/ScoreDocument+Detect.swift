import Foundation

extension ScoreDocument {
    /// The resolution detection renders at by default.
    public static let detectionDPI = 150.0

    /// The finer resolution a page is read again at when the first reading is unsure (thin staff lines of a scan
    /// turn grey at 150 dpi and vanish; at 300 dpi they read).
    public static let fineDetectionDPI = 300.0

    /// Detects the layout of the given pages (all by default), rendering them in parallel with one poppler
    /// document per worker. Results are in page order.
    ///
    /// A page whose reading is unsure — no staff found, staves that do not make a system, or a confidence under
    /// 0.8 — is read again at `fineDetectionDPI`, and the better reading is kept (a readable page over an
    /// unreadable one, then the higher confidence, then more systems).
    public func detectLayout(pages: [Int]? = nil, dpi: Double = ScoreDocument.detectionDPI,
                             workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws(ScoreDocumentError) -> [DetectedPage] {
        try forEachPage(pages, dpi: dpi, workers: workers) { handle, page, size throws(ScoreDocumentError) in
            let first = LayoutDetector.detect(try Self.grayImage(handle: handle, index: page - 1, size: size, dpi: dpi), page: page)
            guard dpi < Self.fineDetectionDPI, first.status != .ok || first.confidence < 0.8 else { return first }
            let fine = LayoutDetector.detect(try Self.grayImage(handle: handle, index: page - 1, size: size, dpi: Self.fineDetectionDPI),
                                             page: page)
            return Self.better(fine, than: first) ? fine : first
        }
    }

    /// True when reading `a` is better than reading `b` of the same page.
    static func better(_ a: DetectedPage, than b: DetectedPage) -> Bool {
        func rank(_ p: DetectedPage) -> Int { p.status == .ok ? 2 : p.status == .empty ? 1 : 0 }
        if rank(a) != rank(b) { return rank(a) > rank(b) }
        if a.confidence != b.confidence { return a.confidence > b.confidence }
        return a.systems.count > b.systems.count
    }
}
