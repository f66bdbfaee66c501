import CPoppler
import ScoreLayout

extension ScoreDocument {
    /// The repeat signs drawn on the pages of `layout`: repeat barlines, ending brackets, D.C./D.S./Fine/Coda and the
    /// segno, tied to the layout's bars (see ``RepeatSignReader``). Born-digital pages only: a scan gives nothing.
    ///
    /// - Throws: poppler's refusal to open or draw a page.
    public func drawnForm(layout: ScoreLayout) throws(ScoreDocumentError) -> DrawnForm {
        var pages: [RepeatSignReader.Page] = []
        var firstIndex = 0
        var file = structure
        for page in layout.pages {
            // The mapped file's pages this page's reading touched are let go, as detection lets them go (on a long
            // scanned book, each image's end alone came to 11 MB).
            defer { firstIndex += page.barCount; bytes.releaseResident() }
            guard (1...pageCount).contains(page.page), page.barCount > 0 else { continue }
            let index = page.page - 1
            // A page Tonmeister's reader finds drawing one image and nothing else (a plain scan) draws no stroke,
            // glyph or text: it is not handed to poppler, whose drawing into cairo's script surface compresses the
            // image's pixels (70 % of the processor time of detecting a scan with printed numbers) to find nothing.
            if Self.drawsOnlyAnImage(page: index, file: &file) {
                pages.append(.init(layout: page, drawing: PageDrawing(width: pageSizes[index].width, height: pageSizes[index].height),
                                   words: [], symbols: [], firstIndex: firstIndex))
                continue
            }
            // Only a page detection would draw into cairo's script surface (its limits checked, its coordinates in
            // range): any other may hold what makes poppler spin or cairo abort, and gives no repeat signs.
            guard Self.mayDrawIntoScript(page: index, file: &file, checks: pageChecks) else { continue }
            let size = pageSizes[index]
            let structure = file
            let drawing = try drawnPages.entry(page: index) { () throws(ScoreDocumentError) in
                if let own = structure.flatMap({ Self.contentDrawing(of: index, in: $0) }) { return own }
                return try PageDrawing.read(handle: handle, index: index, size: size)
            }
            let text = try self.text(page: index)
            pages.append(.init(layout: page, drawing: drawing, words: text.words, symbols: text.symbols, firstIndex: firstIndex))
        }
        return RepeatSignReader.read(pages)
    }

    /// What page `index` (0-based) draws, read from its content stream by Tonmeister's own reader as detection reads
    /// it (``ContentDrawingReader``: the drawing cairo's script surface would give, without poppler drawing the page
    /// and printing every coordinate as text); nil for a page that may draw an image, or that the reader leaves to
    /// poppler.
    static func contentDrawing(of index: Int, in file: PDFFile) -> PageDrawing? {
        var file = file
        guard (try? file.drawsNoImage(page: index)) == true else { return nil }
        return try? ContentDrawingReader.read(file, page: index)
    }

    /// Whether page `index` (0-based) may be drawn into cairo's script surface, as `PageReader` decides it: Tonmeister's
    /// reader checked its limits (``PDFFile/checkLimits(page:)``) and its coordinates stay within
    /// ``PDFFile/maximumScriptCoordinate``. A file that reader cannot read is never drawn there.
    static func mayDrawIntoScript(page index: Int, file: inout PDFFile?, checks: PageCheckMemo) -> Bool {
        guard file != nil else { return false }
        do throws(PDFCheckError) {
            return try checks.check(page: index, file: &file!).scriptExtent <= PDFFile.maximumScriptCoordinate
        } catch {
            return false
        }
    }

    /// The music-font characters of a page's text that have a Unicode meaning (SMuFL's private-use code points and
    /// the Musical Symbols block), one word each.
    static func symbols(_ scalars: String.UnicodeScalarView, boxes: UnsafeBufferPointer<PopplerRectangle>) -> [PageWord] {
        var symbols: [PageWord] = []
        for (scalar, box) in zip(scalars, boxes)
            where (0xE000...0xF8FF).contains(scalar.value) || (0x1D100...0x1D1FF).contains(scalar.value) {
            let left = min(box.x1, box.x2), right = max(box.x1, box.x2), top = min(box.y1, box.y2), bottom = max(box.y1, box.y2)
            guard left.isFinite, right.isFinite, top.isFinite, bottom.isFinite else { continue }
            symbols.append(PageWord(text: String(Character(scalar)), left: left, top: top, right: right, bottom: bottom))
        }
        return symbols
    }
}
