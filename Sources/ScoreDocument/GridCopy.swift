/// A scan whose pixels nearest-neighbour resampling onto poppler's grid would copy unchanged: each of its
/// `sourceWidth × sourceHeight` pixels lands on the grid pixel of the same row and column, and the grid's columns
/// and rows past the scan (at most a few, where the page's size in pixels rounds up) repeat its last column and
/// row. Such a scan is decoded straight onto the grid (``ScoreDocument/scannedPage(file:index:size:dpi:)``),
/// saving a page-sized copy; every other scan goes through ``GrayResampler``.
struct GridCopy {
    /// The grid's size in pixels and its pixels per point.
    var width: Int
    var height: Int
    var scale: Double
    var sourceWidth: Int
    var sourceHeight: Int

    /// The grid poppler renders a page of `size` on at `dpi`, when a `width × height` scan at `scale` pixels per
    /// point maps onto it one for one (within ``ScoreDocument/snapTolerance`` of `dpi`, where nearest neighbour
    /// is used); nil otherwise.
    init?(width sourceWidth: Int, height sourceHeight: Int, scale: Double, size: PageSize, dpi: Double) {
        let target = dpi / 72
        guard scale >= target * (1 - ScoreDocument.snapTolerance), scale <= target * (1 + ScoreDocument.snapTolerance) else { return nil }
        let (width, height) = ScoreDocument.gridSize(of: size, dpi: dpi)
        // The source of each grid pixel as `GrayResampler.nearest` computes it.
        func oneForOne(_ count: Int, _ limit: Int, _ ratio: Double) -> Bool {
            guard count >= limit else { return false }
            return (0..<count).allSatisfy { min(limit - 1, Int((Double($0) + 0.5) * ratio)) == min($0, limit - 1) }
        }
        guard oneForOne(width, sourceWidth, Double(sourceWidth) / (size.width * target)),
              oneForOne(height, sourceHeight, Double(sourceHeight) / (size.height * target)) else { return nil }
        self.width = width
        self.height = height
        self.scale = target
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
    }

    /// Sets the columns and rows of `pixels` (the grid, the scan drawn in its top-left `sourceWidth ×
    /// sourceHeight` pixels) past the scan to its last column and row.
    func repeatEdges(_ pixels: inout [UInt8]) {
        guard width > sourceWidth || height > sourceHeight else { return }
        pixels.withUnsafeMutableBufferPointer { p in
            let base = p.baseAddress!
            if width > sourceWidth {
                for row in 0..<sourceHeight {
                    let line = base + row * width
                    (line + sourceWidth).update(repeating: line[sourceWidth - 1], count: width - sourceWidth)
                }
            }
            let last = base + (sourceHeight - 1) * width
            for row in sourceHeight..<height { (base + row * width).update(from: last, count: width) }
        }
    }
}
