import ScoreLayout

/// Reads one page's layout by trying its readings in order (see `docs/architecture.md`): the scanned image
/// decoded by Tonmeister itself (`scan`), the page's content stream (`content`), poppler's drawing through cairo's
/// script surface (`script`), then pixels (`pixels`, `pixels-fine`). Each reading that is not used leaves a
/// ``DetectedPage/Attempt`` with a short reason code, and nothing a reading throws escapes: a page that no
/// reading can read is reported `unreadable` with its reason, and every other page keeps its layout.
///
/// Before poppler or cairo see the page, its declared images, coordinates and operator count are checked
/// (``PDFFile/checkLimits(page:)``): a page over a limit is refused, since poppler and cairo abort the whole
/// process on such values.
struct PageReader {
    let handle: PopplerHandle
    let page: Int
    let size: PageSize
    /// The document's structure, for the limits check (nil when Tonmeister's reader could not read it).
    var structure: PDFFile?
    /// Whether the scan and content readings may be used (the structure was read, the resolution allows).
    let ownDecoding: Bool
    let dpi: Double
    let vector: Bool
    /// The document's raw bytes searched for huge images (``RawImageScan``), and its structure repaired to check the
    /// page's limits: for every page when the structure could not be read, and for a page whose limits the structure
    /// reader could not check.
    let rawScan: RawImageScan.Once
    /// The document's limits checks, each page's made once.
    let checks: PageCheckMemo
    /// Where a page read from its scan keeps the groups of ink the bar-number OCR will read (nil: none kept).
    let cutOuts: ScanCutOutCache?
    private var declined: [DetectedPage.Attempt] = []
    /// What the page amounts to, once the limits check has read it (nil when it could not).
    private var checkedCost: PDFFile.ContentCost?

    init(handle: PopplerHandle, page: Int, size: PageSize, structure: PDFFile?, ownDecoding: Bool, dpi: Double, vector: Bool,
         rawScan: RawImageScan.Once, checks: PageCheckMemo, cutOuts: ScanCutOutCache? = nil) {
        self.handle = handle
        self.page = page
        self.size = size
        self.structure = structure
        self.ownDecoding = ownDecoding
        self.dpi = dpi
        self.vector = vector
        self.rawScan = rawScan
        self.checks = checks
        self.cutOuts = cutOuts
    }

    /// The page's layout; never throws.
    mutating func read() -> DetectedPage {
        if let refusal = limitsRefusal() {
            // Poppler and cairo never see the page; Tonmeister's own readers may still read it (they hold any
            // coordinate and decode at most ``ScoreDocument/maximumDetectionPixels``), unless it runs too long.
            decline("checks", refusal.code, refusal.reason)
            if refusal.code != "too-many-operations" {
                if let scan = scanReading() { return finished(scan, "scan") }
                if vector, case .done(let page, let name) = vectorReading(poppler: false) { return finished(page, name) }
            }
            return unreadable(reading: "checks", code: refusal.code, reason: refusal.reason)
        }
        if let scan = scanReading() { return finished(scan, "scan") }
        var candidates: [(DetectedPage, String)] = []
        var pixelsDPI = dpi
        var scanned = false
        if vector {
            switch vectorReading(poppler: true) {
            case .done(let page, let name): return finished(page, name)
            case .candidate(let page, let name): candidates.append((page, name))
            case .scanned: pixelsDPI = max(dpi, ScoreDocument.fineDetectionDPI); scanned = true
            case .none: break
            }
        } else {
            decline("content", "vector-off", "every page is read from pixels (--raster)")
        }
        let first = raster(pixelsDPI, name: scanned || pixelsDPI >= ScoreDocument.fineDetectionDPI ? "pixels-fine" : "pixels")
        if let first { candidates.append(first) }
        let unsure = first.map { $0.0.status != .ok || $0.0.confidence < DetectedPage.doubtfulBelow } ?? true
        if !scanned, min(pixelsDPI, ScoreDocument.largestDetectionDPI(for: size)) < ScoreDocument.fineDetectionDPI, unsure,
           let fine = raster(ScoreDocument.fineDetectionDPI, name: "pixels-fine") {
            candidates.append(fine)
        }
        guard var best = candidates.first else {
            let last = declined.last
            return unreadable(reading: last?.reading ?? "pixels", code: last?.reason ?? "failed", reason: last?.detail ?? "no reading worked")
        }
        for candidate in candidates.dropFirst() where ScoreDocument.better(candidate.0, than: best.0) { best = candidate }
        for candidate in candidates where candidate.1 != best.1 {
            decline(candidate.1, "worse", "read with confidence \(candidate.0.confidence), the \(best.1) reading \(best.0.confidence)")
        }
        return finished(best.0, best.1)
    }

    // MARK: - Readings

    /// The limits check: a refusal when the page must not reach poppler.
    private mutating func limitsRefusal() -> PDFFile.PageRefusal? {
        if structure == nil, let refusal = rawScan.refusal(page: page - 1) { return refusal }
        guard size.width <= PDFFile.maximumCoordinate, size.height <= PDFFile.maximumCoordinate else {
            return PDFFile.PageRefusal(code: "coordinate-out-of-range", reason: "the page is \(size.width) × \(size.height) points, "
                + "beyond the \(Int(PDFFile.maximumCoordinate)) a page may reach")
        }
        guard structure != nil else { return nil }
        do throws(PDFCheckError) {
            checkedCost = try checks.check(page: page - 1, file: &structure!)
        } catch {
            switch error {
            case .refused(let refusal): return refusal
            case .unreadable(let reason):
                decline("checks", "unchecked", reason.description)
                if let refusal = rawScan.refusal(page: page - 1) { return refusal }
            }
        }
        return nil
    }

    /// The scanned image decoded by Tonmeister: a page, or nil (declined).
    private mutating func scanReading() -> DetectedPage? {
        guard ownDecoding, structure != nil else {
            if structure == nil { decline("scan", "no-structure", "Tonmeister's PDF reader did not read this file") }
            else { decline("scan", "off", "Tonmeister's own decoding is not used at this resolution or reading") }
            return nil
        }
        let resolution = max(dpi, ScoreDocument.fineDetectionDPI)
        // The page's ink for the bar-number OCR, taken while the scan is decoded (see `keepCutOuts`).
        var ink: ScanInk?
        do throws(ScannedPageError) {
            guard let image = try ScoreDocument.scannedGrayImage(file: &structure!, index: page - 1, size: size, dpi: resolution,
                                                                 ink: cutOuts == nil ? nil : { ink = $0 }) else {
                decline("scan", "not-a-scan", "no image covers \(Int(ScoreDocument.scannedCoverage * 100))% of the page")
                return nil
            }
            // The detector may write its first mask over the image and decode the page again if it needs the image
            // later (a page whose lines came out broken): one page buffer fewer held.
            var file = structure!
            let index = page - 1, size = size
            let detected = LayoutDetector.detect(consume image, page: page) {
                try? ScoreDocument.scannedGrayImage(file: &file, index: index, size: size, dpi: resolution)
            }
            guard let read = accepted(detected, "scan") else { return nil }
            if let ink { keepCutOuts(of: read, ink: ink) }
            return read
        } catch {
            switch error {
            case .pdf(.unsupported(let what)) where what == "the page draws no image":
                decline("scan", "not-a-scan", what)
            case .pdf(.unsupported), .jpeg(.unsupported), .ccitt(.unsupported), .placement: decline("scan", "unsupported", error.description)
            default: decline("scan", "damaged", error.description)
            }
            return nil
        }
    }

    /// Cuts out of the page's ink the groups the bar-number OCR reads (``ScannedNumberReader/cutOuts(finder:page:)``)
    /// for the page's layout and keeps them, so that reading the printed numbers does not decode the scan again: the
    /// same cut-outs, since the OCR reads the scan at the resolution it was decoded at here. A page without systems
    /// has no bars to number and keeps none.
    private func keepCutOuts(of read: DetectedPage, ink: consuming ScanInk) {
        guard let cutOuts, !read.systems.isEmpty else { return }
        let layout = read.pageLayout
        let finder = (consume ink).finder()
        cutOuts.store(page: page, layout: layout, cutOuts: finder.map { ScannedNumberReader.cutOuts(finder: $0, page: layout) } ?? [])
    }

    private enum VectorResult {
        case done(DetectedPage, String)
        case candidate(DetectedPage, String)
        /// The page is mostly an image: read it from pixels at the finer resolution.
        case scanned
        case none
    }

    /// The reading from the page's own drawing: its content stream, or (with `poppler`) poppler's drawing.
    private mutating func vectorReading(poppler: Bool) -> VectorResult {
        var imageFree = false
        if ownDecoding, structure != nil {
            do throws(PDFReadError) { imageFree = try structure!.drawsNoImage(page: page - 1) } catch {
                decline("content", error.isUnsupported ? "unsupported" : "damaged", error.description)
            }
            if !imageFree, declined.last?.reading != "content" { decline("content", "may-draw-image", "the page may draw an image") }
        } else if structure == nil {
            decline("content", "no-structure", "Tonmeister's PDF reader did not read this file")
        } else {
            decline("content", "off", "Tonmeister's own decoding is not used at this resolution or reading")
        }
        guard poppler || imageFree else { return .none }
        do throws(ScoreDocumentError) {
            if !imageFree, try PageDrawing.imageCoverage(handle: handle, index: page - 1, size: size) >= ScoreDocument.scannedCoverage {
                decline("script", "scanned", "images cover \(Int(ScoreDocument.scannedCoverage * 100))% or more of the page")
                return .scanned
            }
        } catch {
            decline("script", "failed", error.description)
            return .none
        }
        var drawing: PageDrawing?
        var name = "content"
        if imageFree {
            do { drawing = try ContentDrawingReader.read(structure!, page: page - 1) } catch let error as PDFFile.UnsupportedDrawing {
                decline("content", "unsupported", error.reason)
            } catch let error as PDFReadError {
                decline("content", error.isUnsupported ? "unsupported" : "damaged", error.description)
            } catch {
                decline("content", "failed", "\(error)")
            }
        }
        if drawing == nil {
            guard poppler else { return .none }
            name = "script"
            // Cairo's script surface aborts the process on coordinates it cannot write: only a checked page within
            // its range is drawn into it; any other goes on to the pixels.
            guard let cost = checkedCost, cost.scriptExtent <= PDFFile.maximumScriptCoordinate else {
                if let cost = checkedCost, cost.unreadableFont {
                    decline("script", "font-unmeasured", "a font program of the page cannot be read by FreeType, so its glyphs "
                        + "cannot be bounded before cairo's script surface draws them")
                } else if let cost = checkedCost {
                    decline("script", "coordinate-out-of-range", "the page draws at a coordinate of \(cost.extent) points, beyond the "
                        + "\(Int(PDFFile.maximumScriptCoordinate)) cairo's script surface holds")
                } else {
                    decline("script", "unchecked", "the page's coordinates could not be checked before cairo's script surface draws it")
                }
                return .none
            }
            do throws(ScoreDocumentError) { drawing = try PageDrawing.read(handle: handle, index: page - 1, size: size) } catch {
                decline("script", "failed", error.description)
                return .none
            }
        }
        let read = VectorLayoutDetector.detect(drawing!, page: page)
        guard let read = accepted(read, name) else { return .none }
        if read.status == .ok && read.confidence >= DetectedPage.doubtfulBelow { return .done(read, name) }
        if read.status == .empty && drawing!.glyphs < 50 { return .done(read, name) }
        return .candidate(read, name)
    }

    /// The reading from pixels at `resolution` (lowered for a page too large for it).
    private mutating func raster(_ resolution: Double, name: String) -> (DetectedPage, String)? {
        let capped = min(resolution, ScoreDocument.largestDetectionDPI(for: size))
        do throws(ScoreDocumentError) {
            let image = try ScoreDocument.grayImage(handle: handle, index: page - 1, size: size, dpi: capped)
            return accepted(LayoutDetector.detect(consume image, page: page), name).map { ($0, name) }
        } catch {
            decline(name, "failed", error.description)
            return nil
        }
    }

    // MARK: - Outcomes

    /// `read` when its layout passes the layout rules on its own, else nil (declined `invalid-layout`).
    private mutating func accepted(_ read: DetectedPage, _ name: String) -> DetectedPage? {
        do {
            _ = try ScoreLayout(validating: [read.pageLayout])
            return read
        } catch {
            decline(name, "invalid-layout", "\(error)")
            return nil
        }
    }

    private mutating func decline(_ reading: String, _ code: String, _ detail: String) {
        declined.append(DetectedPage.Attempt(reading: reading, reason: code, detail: detail))
    }

    private func finished(_ read: DetectedPage, _ name: String) -> DetectedPage {
        var page = read
        page.method = name
        page.declined = declined
        return page
    }

    private mutating func unreadable(reading: String, code: String, reason: String) -> DetectedPage {
        if !declined.contains(where: { $0.reading == reading && $0.reason == code }) { decline(reading, code, reason) }
        var result = DetectedPage(page: page, status: .unreadable, confidence: 0, skewDegrees: 0, systems: [])
        result.method = "none"
        result.declined = declined
        result.unreadableReason = "\(code): \(reason)"
        return result
    }
}

extension PDFReadError {
    var isUnsupported: Bool { if case .unsupported = self { return true } else { return false } }
}
