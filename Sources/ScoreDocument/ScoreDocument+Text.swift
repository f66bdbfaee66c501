import CPoppler
import ScoreLayout

extension ScoreDocument {
    /// The words of a page's text (born-digital pages: the text the engraver set, such as bar numbers, titles and
    /// tempo marks), each with its box in PDF points, in poppler's reading order.
    ///
    /// A word is a run of characters without white space or music-font symbols (private-use characters) whose boxes
    /// touch on one line; a scanned page has none.
    ///
    /// - Throws: `ScoreDocumentError.pageOutOfRange`, or poppler's refusal to open the document.
    public func words(onPage page: Int) throws(ScoreDocumentError) -> [PageWord] {
        try checkPage(page)
        return try text(page: page - 1).words
    }

    /// The words and music symbols of the page with this 0-based index, from one layout of its text by poppler, kept
    /// for the document's life (``PageTextCache``).
    func text(page index: Int) throws(ScoreDocumentError) -> PageText {
        try pageTexts.entry(page: index) { () throws(ScoreDocumentError) in
            try Self.textLayout(handle: handle, index: index) { scalars, boxes in
                PageText(words: Self.words(scalars, boxes: boxes), symbols: Self.symbols(scalars, boxes: boxes))
            } ?? PageText(words: [], symbols: [])
        }
    }

    /// Calls `body` with the characters of a page's text and their boxes (one per character, as poppler pairs
    /// them); nil when the page has no text.
    static func textLayout<T>(handle: PopplerHandle, index: Int,
                              _ body: (String.UnicodeScalarView, UnsafeBufferPointer<PopplerRectangle>) -> T) throws(ScoreDocumentError) -> T? {
        try handle.withPage(index) { page in
            guard let cText = poppler_page_get_text(page) else { return nil }
            defer { g_free(cText) }
            var rectangles: UnsafeMutablePointer<PopplerRectangle>?
            var count: UInt32 = 0
            guard poppler_page_get_text_layout(page, &rectangles, &count) != 0, let rectangles else { return nil }
            defer { g_free(rectangles) }
            return body(String(cString: cText).unicodeScalars, UnsafeBufferPointer(start: rectangles, count: Int(count)))
        }
    }

    /// True for the characters words are made of: letters, digits and punctuation. Music fonts' symbols (private
    /// use, or control codes in fonts without a Unicode map) touch the numbers engraved beside them and end a word.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber, .otherPunctuation,
             .openPunctuation, .closePunctuation, .dashPunctuation, .modifierLetter, .nonspacingMark: return true
        default: return false
        }
    }

    /// Groups characters and their boxes (one per character, as poppler pairs them) into words.
    static func words(_ scalars: String.UnicodeScalarView, boxes: UnsafeBufferPointer<PopplerRectangle>) -> [PageWord] {
        var words: [PageWord] = []
        var current: PageWord?
        for (scalar, box) in zip(scalars, boxes) {
            let left = min(box.x1, box.x2), right = max(box.x1, box.x2)
            let top = min(box.y1, box.y2), bottom = max(box.y1, box.y2)
            // Music fonts' symbols (private use: a bracket end, a flat) touch the numbers engraved beside them.
            if !Self.isWordScalar(scalar) || !left.isFinite || !top.isFinite || !right.isFinite || !bottom.isFinite {
                if let word = current { words.append(word) }
                current = nil
                continue
            }
            if var word = current {
                let sameLine = top < word.bottom && bottom > word.top
                let touching = left <= word.right + max(1, 0.3 * min(bottom - top, word.height)) && right >= word.left
                if sameLine && touching {
                    word.text.unicodeScalars.append(scalar)
                    word.left = min(word.left, left); word.right = max(word.right, right)
                    word.top = min(word.top, top); word.bottom = max(word.bottom, bottom)
                    current = word
                    continue
                }
                words.append(word)
            }
            current = PageWord(text: String(Character(scalar)), left: left, top: top, right: right, bottom: bottom)
        }
        if let word = current { words.append(word) }
        return words
    }
}

extension ScoreDocument {
    /// The bar numbers and ending labels printed on the pages of `layout`: from the text of born-digital pages, and
    /// read by OCR from the pixels of a scan, a page without text (``ScannedNumberReader``; without Tesseract, none,
    /// with a warning in the reading). Only pages with systems are read (the others have no bars to number), and
    /// only those poppler may be given (``mayReachPoppler(page:file:rawScan:)``): a page detection refused is not
    /// handed to poppler's text reading either. A page Tonmeister's reader finds drawing one image and nothing else
    /// (a plain scan) has no text and is not handed to poppler's text reading (which costs more processor time than
    /// detecting a 300 dpi scan, and ten megabytes): it goes to OCR directly.
    public func printedNumbers(layout: ScoreLayout) throws(ScoreDocumentError) -> PrintedNumberReader.Reading {
        var words: [Int: [PageWord]] = [:]
        var file = structure
        let rawScan = RawImageScan.Once(bytes)
        let ocr = ScannedNumberReader()
        // A second reader, loaded only when a page has enough groups to read for two (``ScannedNumberReader/readEach``).
        let partner = ScannedNumberReader()
        // The scans' groups of ink are cut out page by page first, each page's image let go, and read once all are
        // cut: Tesseract and its libraries (18 MB) are never held together with a page image (9 MB at 300 dpi), nor
        // with the buffers detection left on the heap (handed back to the system before Tesseract loads), nor with the
        // mapped file's pages this reading touched.
        var cutOuts: [Int: [ScannedNumberReader.CutOut]] = [:]
        for page in layout.pages where (1...pageCount).contains(page.page) && !page.systems.isEmpty
            && Self.mayReachPoppler(page: page.page - 1, file: &file, rawScan: rawScan, checks: pageChecks) {
            if Self.drawsOnlyAnImage(page: page.page - 1, file: &file) {
                cutOuts[page.page] = scannedNumberCutOuts(page: page, reader: ocr)
            } else {
                let text = try self.words(onPage: page.page)
                if text.isEmpty { cutOuts[page.page] = scannedNumberCutOuts(page: page, reader: ocr) } else { words[page.page] = text }
            }
            // The page's objects, read from the mapped file (its image's end, or all of it when decoded again), are
            // let go as detection lets them go: on a long scanned book they came to 30 MB under Tesseract.
            bytes.releaseResident()
        }
        if cutOuts.values.contains(where: { !$0.isEmpty }) { Self.handFreeMemoryBack() }
        let scanned = cutOuts.keys.sorted()
        for (page, read) in zip(scanned, ocr.words(readingPages: scanned.map { cutOuts[$0]! }, partner: partner)) { words[page] = read }
        var reading = PrintedNumberReader.read(layout: layout, words: words)
        reading.warnings += ocr.unavailable.map { [$0.description] } ?? []
        return reading
    }

    /// Whether page `index` (0-based) draws one image and nothing else, as Tonmeister's reader finds it
    /// (``PDFPageImage/find(in:page:)``): such a page shows no text. False when the reader cannot tell.
    static func drawsOnlyAnImage(page index: Int, file: inout PDFFile?) -> Bool {
        guard file != nil else { return false }
        do throws(PDFReadError) {
            _ = try PDFPageImage.find(in: &file!, page: index)
            return true
        } catch {
            return false
        }
    }

    /// Whether page `index` (0-based) may be handed to poppler: the limits check passes it, or, where the structure
    /// could not be read or could not check the page, the document's raw bytes declare no huge image and the repaired
    /// structure does not refuse the page (as in `PageReader`).
    static func mayReachPoppler(page index: Int, file: inout PDFFile?, rawScan: RawImageScan.Once, checks: PageCheckMemo) -> Bool {
        guard file != nil else { return rawScan.refusal(page: index) == nil }
        do throws(PDFCheckError) {
            _ = try checks.check(page: index, file: &file!)
            return true
        } catch {
            if case .unreadable = error { return rawScan.refusal(page: index) == nil }
            return false
        }
    }

    /// `layout` numbered as the engraver printed it, with what the numbering learnt (see
    /// `ScoreLayout.numbering(agreeingWith:endings:)`); the layout unchanged when nothing was printed. The ending
    /// brackets drawn on the pages (``drawnForm(layout:)``) join the ending labels read as text.
    public func numberedAsPrinted(_ layout: ScoreLayout) throws(ScoreDocumentError) -> (layout: ScoreLayout, numbering: PrintedNumbering) {
        var reading = try printedNumbers(layout: layout)
        // The brackets only explain printed numbers: without any, the pages' drawings are not read a second time.
        if !reading.numbers.isEmpty { reading = reading.with(brackets: try drawnForm(layout: layout).endings) }
        let numbering = layout.numbering(agreeingWith: reading.numbers, endings: reading.endings)
        guard let renumbered = try? layout.renumbered(numbering.rules) else { return (layout, numbering) }
        return (renumbered, numbering)
    }
}
