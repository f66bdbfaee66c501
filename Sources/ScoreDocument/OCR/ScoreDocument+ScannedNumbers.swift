import ScoreLayout

extension ScoreDocument {
    /// The resolution a scan poppler must render (one Tonmeister's own reader leaves to it) is drawn at for OCR.
    static let ocrRenderDPI = 300.0

    /// The groups of ink OCR reads as bar numbers on page `page` of the layout, a page without text, cut out of its
    /// image (``ScannedNumberReader/cutOuts(image:page:)``; the image is let go): a scan at its own resolution
    /// (``scannedGrayImage(page:)``, poppler's rendering at ``ocrRenderDPI`` where that must read it). A page that is
    /// not a scan, or cannot be drawn, gives none. A scan detection read from its own decoding has its cut-outs made
    /// already for the same layout (``ScanCutOutCache``): the page is not decoded again.
    func scannedNumberCutOuts(page: PageLayout, reader: ScannedNumberReader) -> [ScannedNumberReader.CutOut] {
        if let kept = scanCutOuts.take(for: page) { return kept }
        let image: GrayImage
        switch try? scannedGrayImage(page: page.page) {
        case .success(let scan?): image = scan
        case .failure: guard let rendered = try? grayImage(page: page.page, dpi: Self.ocrRenderDPI) else { return [] }
            image = rendered
        case .success(nil), nil: return []
        }
        return reader.cutOuts(image: image, page: page)
    }
}
