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
    /// Every reading's layout must pass the layout rules on its own page; a page none can read is reported
    /// `unreadable` with its reason, never thrown.
    public func detectLayout(pages: [Int]? = nil, dpi: Double = ScoreDocument.detectionDPI, vector: Bool = true,
                             workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws(ScoreDocumentError) -> [DetectedPage] {
        try detectLayout(pages: pages, dpi: dpi, vector: vector, workers: workers, ownDecoding: true)
    }

    /// ``detectLayout(pages:dpi:vector:workers:)``; with `ownDecoding: false` every page is read through poppler
    /// (the tests compare both readings).
    ///
    /// Each page is read on its own by a ``PageReader``: a page no reading can read comes back `unreadable` with
    /// its reason (``DetectedPage/unreadableReason``) and the others keep their layouts. Only a document-wide
    /// failure (poppler cannot open it, a page number out of range) throws.
    func detectLayout(pages: [Int]?, dpi: Double, vector: Bool, workers: Int, ownDecoding: Bool) throws(ScoreDocumentError) -> [DetectedPage] {
        // Scanned and image-free pages are read by Tonmeister itself when it can, from the PDF structure read when
        // the document was opened; each page works on its own copy.
        let own = ownDecoding && vector && dpi <= Self.fineDetectionDPI
        let file = UncheckedSendable(structure)
        // Without a structure, or for a page the structure reader cannot check, the raw bytes are searched for image
        // sizes poppler must not be given.
        let rawScan = RawImageScan.Once(bytes)
        let checks = pageChecks, cutOuts = scanCutOuts
        var costFile = structure
        let sizes = pageSizes
        let cost = { (page: Int) in Self.readingCost(page: page - 1, size: sizes[page - 1], dpi: dpi, file: &costFile) }
        return try forEachPage(pages, dpi: dpi, workers: workers, capResolution: true, cost: cost) { handle, page, size in
            var reader = PageReader(handle: handle, page: page, size: size, structure: file.value, ownDecoding: own && file.value != nil,
                                    dpi: dpi, vector: vector, rawScan: rawScan, checks: checks, cutOuts: cutOuts)
            return reader.read()
        }
    }

    /// Bytes of buffers a page's reading holds per pixel of its grid: about 27 MB for an A4 scan at 300 dpi
    /// (8.7 million pixels; heaptrack, issue 30).
    static let bytesPerReadPixel = 3.0

    /// The estimated memory of reading page `index` (0-based) in bytes, before it is read (``PageBudget``): a page
    /// that draws no image, or one image covering less than ``scannedCoverage`` of it, is read from its drawing or
    /// at `dpi`; any other page (a scan, or a page `file` cannot tell) is estimated at its finest reading:
    /// ``fineDetectionDPI`` (or `dpi` if finer), or the scan's own pixels if more.
    static func readingCost(page index: Int, size: PageSize, dpi: Double, file: inout PDFFile?) -> Int {
        var imagePixels = 0.0
        var scan = true
        if file != nil {
            do {
                let image = try PDFPageImage.find(in: &file!, page: index)
                scan = image.placedWidth * image.placedHeight >= scannedCoverage * size.width * size.height
                imagePixels = Double(image.width) * Double(image.height)
            } catch {
                scan = error != .unsupported("the page draws no image")
            }
        }
        let readDPI = min(scan ? max(dpi, fineDetectionDPI) : dpi, largestDetectionDPI(for: size))
        let grid = gridSize(of: size, dpi: readDPI)
        let pixels = min(max(Double(grid.width) * Double(grid.height), imagePixels), maximumDetectionPixels)
        return Int(pixels * bytesPerReadPixel)
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
