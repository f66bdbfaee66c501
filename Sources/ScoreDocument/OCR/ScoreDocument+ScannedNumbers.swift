import ScoreLayout

extension ScoreDocument {
    /// The resolution a scan poppler must render (one Tonmeister's own reader leaves to it) is drawn at for OCR.
    static let ocrRenderDPI = 300.0

    /// The bar numbers OCR reads on page `page` of the layout, a page without text: a scan at its own resolution
    /// (``scannedGrayImage(page:)``, poppler's rendering at ``ocrRenderDPI`` where that must read it). A page that is
    /// not a scan, or cannot be drawn, gives none.
    func scannedNumberWords(page: PageLayout, reader: ScannedNumberReader) -> [PageWord] {
        let image: GrayImage
        switch try? scannedGrayImage(page: page.page) {
        case .success(let scan?): image = scan
        case .failure: guard let rendered = try? grayImage(page: page.page, dpi: Self.ocrRenderDPI) else { return [] }
            image = rendered
        case .success(nil), nil: return []
        }
        return reader.words(image: image, page: page)
    }
}
