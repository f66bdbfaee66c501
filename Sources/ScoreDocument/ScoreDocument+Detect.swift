import Foundation

extension ScoreDocument {
    /// The resolution the raster reading renders at first.
    public static let detectionDPI = 150.0

    /// The finer resolution a page is read again at when the first reading is unsure (thin staff lines of a scan
    /// turn grey at 150 dpi and vanish; at 300 dpi they read).
    public static let fineDetectionDPI = 300.0

    /// Pages whose embedded images cover at least this fraction are scans: they are read from pixels.
    static let scannedCoverage = 0.3

    /// Detects the layout of the given pages (all by default), in parallel with one poppler document per worker.
    /// Results are in page order.
    ///
    /// A born-digital page is read from its own drawing (``DetectedPage/Reading/vector``): exact coordinates, no
    /// rasterising. A scanned page (mostly an embedded image) is read from pixels at `fineDetectionDPI` (or
    /// `dpi` if finer). A page whose drawing gives no confident reading (staff lines drawn as font glyphs, say)
    /// is read from pixels at `dpi`, and again at `fineDetectionDPI` when that reading is unsure; the best
    /// reading is kept (a readable page over an unreadable one, then the higher confidence, then more systems;
    /// the vector reading on a tie). `vector: false` forces the raster reading at `dpi` (and the finer retry).
    public func detectLayout(pages: [Int]? = nil, dpi: Double = ScoreDocument.detectionDPI, vector: Bool = true,
                             workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws(ScoreDocumentError) -> [DetectedPage] {
        try detectLayout(pages: pages, dpi: dpi, vector: vector, workers: workers, ownDecoding: true)
    }

    /// ``detectLayout(pages:dpi:vector:workers:)``; with `ownDecoding: false` every page is read through poppler
    /// (the tests compare both readings).
    func detectLayout(pages: [Int]?, dpi: Double, vector: Bool, workers: Int, ownDecoding: Bool) throws(ScoreDocumentError) -> [DetectedPage] {
        // Scanned pages are decoded by Tonmeister itself when it can (see `scannedGrayImage(page:)`), from the PDF
        // structure read when the document was opened; each page works on its own copy.
        let scanFile = ownDecoding && vector && dpi <= Self.fineDetectionDPI ? UncheckedSendable(structure) : nil
        return try forEachPage(pages, dpi: dpi, workers: workers, capResolution: true) { handle, page, size throws(ScoreDocumentError) in
            // A page too large for the resolution (a 20 000-point poster) is rendered as fine as cairo allows.
            func raster(_ resolution: Double) throws(ScoreDocumentError) -> DetectedPage {
                let capped = min(resolution, Self.largestDetectionDPI(for: size))
                return LayoutDetector.detect(try Self.grayImage(handle: handle, index: page - 1, size: size, dpi: capped), page: page)
            }
            var file = scanFile?.value
            if file != nil, case .some(.some(let image)) = try? Self.scannedGrayImage(file: &file!, index: page - 1, size: size,
                                                                                     dpi: max(dpi, Self.fineDetectionDPI)) {
                return LayoutDetector.detect(image, page: page)
            }
            var best: DetectedPage?
            if vector {
                // A scan's thin staff lines turn grey and vanish at 150 dpi: scans are read at the finer resolution
                // at once (scanners write 300 dpi and more). Poppler is asked where the images lie only when the
                // page may draw one.
                let imageFree = file != nil && (try? file!.drawsNoImage(page: page - 1)) == true
                if !imageFree, try PageDrawing.imageCoverage(handle: handle, index: page - 1, size: size) >= Self.scannedCoverage {
                    return try raster(max(dpi, Self.fineDetectionDPI))
                }
                // A page that draws no image is read from its content stream when Tonmeister's reader follows all
                // of it (no poppler loaded); otherwise poppler draws it into cairo's script surface.
                let own = imageFree ? try? ContentDrawingReader.read(file!, page: page - 1) : nil
                let drawing: PageDrawing
                if let own { drawing = own } else { drawing = try PageDrawing.read(handle: handle, index: page - 1, size: size) }
                let read = VectorLayoutDetector.detect(drawing, page: page)
                if read.status == .ok && read.confidence >= DetectedPage.doubtfulBelow { return read }
                if read.status == .empty && drawing.glyphs < 50 { return read }
                best = read
            }
            let first = try raster(dpi)
            if best.map({ Self.better(first, than: $0) }) ?? true { best = first }
            guard min(dpi, Self.largestDetectionDPI(for: size)) < Self.fineDetectionDPI, first.status != .ok || first.confidence < DetectedPage.doubtfulBelow else { return best! }
            let fine = try raster(Self.fineDetectionDPI)
            return Self.better(fine, than: best!) ? fine : best!
        }
    }

    /// The most pixels a page is read at: 40 million (an A4 page at 600 dpi), so a poster-sized page is read
    /// coarser rather than slowly.
    static let maximumDetectionPixels = 40_000_000.0

    /// The finest resolution a page is read from pixels at.
    static func largestDetectionDPI(for size: PageSize) -> Double {
        min(largestDPI(for: size), ((maximumDetectionPixels / max(1, size.width * size.height)).squareRoot() * 72).rounded(.down))
    }

    /// True when reading `a` is better than reading `b` of the same page.
    static func better(_ a: DetectedPage, than b: DetectedPage) -> Bool {
        func rank(_ p: DetectedPage) -> Int { p.status == .ok ? 2 : p.status == .empty ? 1 : 0 }
        if rank(a) != rank(b) { return rank(a) > rank(b) }
        if a.confidence != b.confidence { return a.confidence > b.confidence }
        return a.systems.count > b.systems.count
    }
}
