extension ScoreDocument {
    /// The page (1-based) as 8-bit gray at the resolution of its scanned image, decoded by Tonmeister's own PDF
    /// reader, libjpeg-turbo or the CCITT fax decoder, without poppler; nil when the page is not a scan (its one image
    /// covers less than ``scannedCoverage`` of it). Throws when the page is one poppler must read (see ``PDFPageImage``,
    /// ``JPEGDecoder`` and ``CCITTDecoder`` for what is left to it). ``detectLayout(pages:dpi:vector:workers:)`` uses this first on
    /// every page and falls back to poppler's rendering on an error.
    public func scannedGrayImage(page: Int) throws(ScoreDocumentError) -> Result<GrayImage?, ScannedPageError> {
        try checkPage(page)
        var file: PDFFile
        do { file = try PDFFile(bytes: UnsafeRawBufferPointer(bytes.pointer)) } catch { return .failure(.pdf(error)) }
        return Result { () throws(ScannedPageError) -> GrayImage? in
            try Self.scannedGrayImage(file: &file, index: page - 1, size: pageSizes[page - 1])
        }
    }

    /// Scans whose own resolution is within this fraction of the resolution asked for are put on its grid by
    /// nearest neighbour (as poppler's rendering draws them); finer ones are shrunk, coarser ones enlarged.
    static let snapTolerance = 0.02

    /// The scanned page as the detector reads it at `dpi`: decoded at its own resolution
    /// (``scannedGrayImage(file:index:size:)``), then put on poppler's `dpi` grid the way poppler's rendering
    /// draws it — nearest neighbour within ``snapTolerance`` of `dpi`, a box filter for a finer scan, bilinear for
    /// a coarser one — so the detector sees the pixels it saw before (within 0.6 grey levels on average on every
    /// corpus and held-out scan). Reading at the scan's own resolution was measured and dropped: a 300 dpi scan a
    /// few tenths of a percent off lost a barline on the noisy orchestra, and the bundled 200 dpi scanned prelude
    /// lost its systems.
    ///
    /// A bilevel (CCITT) scan's sharp edges show every difference from poppler's resampling, so one is read only
    /// where it is reproduced exactly: at the grid's resolution (nearest neighbour), or filling the page at a whole
    /// multiple of it (``GrayResampler/shrink(_:by:scale:)``); other bilevel scans are left to poppler (an A4 page
    /// at 600 dpi, shrunk by 1.9992, moved barlines by a tenth of a point).
    ///
    /// With `ink`, the page's ink as the bar-number OCR reads it (``ScanInk``) is handed to it when the scan was
    /// decoded at its own resolution (no DCT reduction), before the pixels are put on the grid.
    static func scannedGrayImage(file: inout PDFFile, index: Int, size: PageSize, dpi: Double,
                                 ink: ((ScanInk?) -> Void)? = nil) throws(ScannedPageError) -> GrayImage? {
        guard let (image, bilevel, onGrid) = try scannedPage(file: &file, index: index, size: size, dpi: dpi, ink: ink) else { return nil }
        if onGrid { return image }
        let target = dpi / 72
        // The grid poppler renders at `dpi` (see `checkResolution`).
        let (width, height) = gridSize(of: size, dpi: dpi)
        if image.scale > target * (1 + snapTolerance) {
            // A bilevel scan here is a whole multiple of the grid (`checkBilevel`).
            if bilevel { return GrayResampler.shrink(image, by: Int((image.scale / target).rounded()), scale: target) }
            return GrayResampler.box(image, width: width, height: height, scale: target, pageWidth: size.width, pageHeight: size.height)
        }
        if image.scale >= target * (1 - snapTolerance) {
            return GrayResampler.nearest(replacing: consume image, width: width, height: height, scale: target, pageWidth: size.width, pageHeight: size.height)
        }
        return GrayResampler.bilinear(image, width: width, height: height, scale: target, pageWidth: size.width, pageHeight: size.height)
    }

    /// Throws for a bilevel scan that ``scannedGrayImage(file:index:size:dpi:)`` would not put on the `dpi` grid
    /// exactly as poppler does: one neither within ``snapTolerance`` of `dpi` nor a whole multiple of it filling
    /// the page (`width × height` pixels at `scale` pixels per point, the image's top-left corner at the page's).
    static func checkBilevel(scale: Double, width: Int, height: Int, atCorner: Bool, size: PageSize, dpi: Double) throws(ScannedPageError) {
        let target = dpi / 72
        if scale < target * (1 - snapTolerance) { throw .placement("a bilevel scan coarser than \(dpi) dpi") }
        guard scale > target * (1 + snapTolerance) else { return }
        let factor = (scale / target).rounded()
        let (gridWidth, gridHeight) = gridSize(of: size, dpi: dpi)
        guard atCorner, abs(scale / target - factor) < 1e-9, width == Int(factor) * gridWidth, height == Int(factor) * gridHeight else {
            throw .placement("a bilevel scan at \(scale * 72) dpi is not a whole multiple of \(dpi) dpi filling the page")
        }
    }

    /// How many times smaller (1, 2, 4 or 8) a scan at `scale` pixels per point is decoded for the `dpi` grid: the
    /// largest DCT reduction that leaves a JPEG within ``snapTolerance`` of the grid or finer; 1 for other images.
    static func jpegReduction(scale: Double, format: PDFPageImage.Format, dpi: Double) -> Int {
        guard case .jpeg = format else { return 1 }
        return [8, 4, 2].first { scale / Double($0) >= dpi / 72 * (1 - snapTolerance) } ?? 1
    }

    /// See ``scannedGrayImage(page:)``; `file` is the document's PDF structure (each thread its own copy).
    static func scannedGrayImage(file: inout PDFFile, index: Int, size: PageSize) throws(ScannedPageError) -> GrayImage? {
        try scannedPage(file: &file, index: index, size: size, dpi: nil)?.image
    }

    /// ``scannedGrayImage(file:index:size:)``, telling also whether the image is bilevel (CCITT). With `dpi`, a
    /// bilevel scan is checked for that grid (``checkBilevel(scale:width:height:atCorner:size:dpi:)``) before it
    /// is decoded, and a scan that nearest-neighbour resampling would copy unchanged (its rows and columns one
    /// for one, the grid's last column or row repeating the scan's) is decoded straight onto the grid: `onGrid`.
    /// With `ink`, see ``scannedGrayImage(file:index:size:dpi:ink:)``.
    static func scannedPage(file: inout PDFFile, index: Int, size: PageSize, dpi: Double?, ink: ((ScanInk?) -> Void)? = nil)
        throws(ScannedPageError) -> (image: GrayImage, bilevel: Bool, onGrid: Bool)? {
        let image: PDFPageImage
        do { image = try PDFPageImage.find(in: &file, page: index) } catch { throw .pdf(error) }
        guard abs(image.pageWidth - size.width) < 0.01, abs(image.pageHeight - size.height) < 0.01 else {
            throw .placement("the page box differs from poppler's page size")
        }
        guard [image.x, image.y, image.placedWidth, image.placedHeight].allSatisfy({ $0.isFinite && abs($0) < 1e6 }) else {
            throw .placement("the image lies far off the page")
        }
        let visibleWidth = min(image.x + image.placedWidth, size.width) - max(image.x, 0)
        let visibleHeight = min(image.y + image.placedHeight, size.height) - max(image.y, 0)
        guard visibleWidth > 0, visibleHeight > 0,
              visibleWidth * visibleHeight >= scannedCoverage * size.width * size.height else { return nil }
        let sx = Double(image.width) / image.placedWidth, sy = Double(image.height) / image.placedHeight
        guard abs(sx / sy - 1) < 0.005 else { throw .placement("the image is stretched (\(sx * 72) × \(sy * 72) dpi)") }
        // A JPEG finer than the grid is decoded 2, 4 or 8 times smaller in the DCT itself, as long as it stays at
        // least as fine as the grid (then box-filtered onto it like any finer scan).
        let reduction = dpi.map { jpegReduction(scale: (sx + sy) / 2, format: image.format, dpi: $0) } ?? 1
        let imageWidth = (image.width + reduction - 1) / reduction, imageHeight = (image.height + reduction - 1) / reduction
        let scale = (Double(imageWidth) / image.placedWidth + Double(imageHeight) / image.placedHeight) / 2
        let pageWidth = (size.width * scale).rounded(), pageHeight = (size.height * scale).rounded()
        guard pageWidth >= 1, pageHeight >= 1, pageWidth * pageHeight <= maximumDetectionPixels else {
            throw .placement("the page would be \(pageWidth)×\(pageHeight) pixels at the image's resolution")
        }
        guard Double(imageWidth) * Double(imageHeight) <= maximumDetectionPixels else {
            throw .placement("the image has \(Double(imageWidth) * Double(imageHeight)) pixels")
        }
        let width = Int(pageWidth), height = Int(pageHeight)
        let grid = dpi.flatMap { GridCopy(width: width, height: height, scale: scale, size: size, dpi: $0) }
        let canvas = ImageCanvas(width: grid?.width ?? width, height: grid?.height ?? height,
                                 x: Int((image.x * scale).rounded()), y: Int((image.y * scale).rounded()),
                                 imageWidth: imageWidth, imageHeight: imageHeight)
        let bilevel: Bool
        if case .ccitt = image.format { bilevel = true } else { bilevel = false }
        if bilevel, let dpi {
            let atCorner = image.x == 0 && image.y == 0 && image.width == width && image.height == height
            try checkBilevel(scale: scale, width: width, height: height, atCorner: atCorner, size: size, dpi: dpi)
        }
        let data = UnsafeRawBufferPointer(rebasing: file.bytes[image.data])
        var pixels: [UInt8]
        switch image.format {
        case .jpeg:
            let decoder: JPEGDecoder
            do { decoder = try JPEGDecoder(bytes: data) } catch { throw .jpeg(error) }
            guard decoder.width == image.width, decoder.height == image.height else {
                throw .placement("the JPEG is \(decoder.width)×\(decoder.height), its dictionary says \(image.width)×\(image.height)")
            }
            pixels = try canvas.draw { out, stride throws(ScannedPageError) in
                do throws(JPEGError) { try decoder.decode(reduction: reduction, into: out, stride: stride) } catch { throw .jpeg(error) }
            }
        case .flate(let components):
            let samples: [UInt8]
            do { samples = try PDFStreamDecoder.decode(data, dictionary: image.dictionary) } catch { throw .pdf(error) }
            guard samples.count >= image.width * image.height * components else {
                throw .pdf(.malformed("the image data is cut short"))
            }
            pixels = try canvas.draw { out, stride throws(ScannedPageError) in
                samples.withUnsafeBufferPointer { s in
                    ImageCanvas.gray(from: s.baseAddress!, components: components, width: image.width,
                                     height: image.height, into: out, stride: stride)
                }
            }
        case .ccitt(let parameters, let inverted):
            // The stream's white is drawn white unless /BlackIs1 or /Decode [1 0] (not both) turn it black.
            let paper: UInt8 = parameters.blackIs1 != inverted ? 0 : 255
            pixels = try canvas.draw { out, stride throws(ScannedPageError) in
                do throws(CCITTError) {
                    try CCITTDecoder.decode(data, parameters: parameters, height: image.height, paper: paper, into: out, stride: stride)
                } catch { throw .ccitt(error) }
            }
        }
        // The page at its own resolution, as the OCR would decode it (`scannedGrayImage(page:)`), is the top-left
        // `width × height` of the canvas: its ink is kept before the pixels are resampled or written over.
        if let ink, reduction == 1 {
            ink(pixels.withUnsafeBufferPointer { ScanInk(pixels: $0.baseAddress!, width: width, height: height, stride: canvas.width, scale: scale) })
        }
        guard let grid else { return (GrayImage(width: width, height: height, scale: scale, pixels: pixels), bilevel, false) }
        grid.repeatEdges(&pixels)
        return (GrayImage(width: grid.width, height: grid.height, scale: grid.scale, pixels: pixels), bilevel, true)
    }
}
