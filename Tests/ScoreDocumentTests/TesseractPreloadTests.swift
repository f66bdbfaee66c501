import ScoreLayout
import Testing
@testable import ScoreDocument

/// The bar-number OCR's Tesseract loaded on another thread ahead of its use (``TesseractPreload``).
@Suite("Tesseract loaded ahead of the printed numbers")
struct TesseractPreloadTests {
    @Test("a preload never started hands out nothing; a started one hands its reader out once")
    func handsOutOnce() throws {
        let idle = TesseractPreload()
        #expect(!idle.isStarted)
        #expect(idle.take() == nil)
        let preload = TesseractPreload()
        preload.start()
        preload.start()
        #expect(preload.isStarted)
        _ = try #require(preload.take()).get()
        #expect(preload.take() == nil)
    }

    /// A reader given the preloaded Tesseract reads the same words as one loading its own, and takes it: the
    /// preload is empty afterwards.
    @Test("a reader with the preloaded Tesseract reads the same words")
    func readsTheSame() throws {
        let document = try ScoreDocument(path: DetectionCorpusTests.corpus.appendingPathComponent("scans-numbers/scan-numbering-book-a.pdf").path)
        let layout = try ScoreLayout(detected: try document.detectLayout(pages: [1]))
        let cutOuts = document.scannedNumberCutOuts(page: try #require(layout.page(1)), reader: ScannedNumberReader())
        try #require(!cutOuts.isEmpty)
        let preload = TesseractPreload()
        preload.start()
        let words = ScannedNumberReader(preload: preload).words(reading: cutOuts)
        #expect(!words.isEmpty)
        #expect(words == ScannedNumberReader().words(reading: cutOuts))
        #expect(preload.isStarted && preload.take() == nil)
    }

    /// `score detect` sets ``ScoreDocument/loadsOCRAhead``: detection then starts the loading on the last scanned
    /// page when it fits under the peak memory, and the printed numbers are the same as without it.
    @Test("detection with the OCR loaded ahead numbers the scan the same")
    func detectionAhead() throws {
        let path = DetectionCorpusTests.corpus.appendingPathComponent("scans-numbers/scan-form-abcm2ps-binary-pickup.pdf").path
        var readings: [PrintedNumberReader.Reading] = []
        for ahead in [false, true] {
            let document = try ScoreDocument(path: path)
            document.loadsOCRAhead = ahead
            let layout = try ScoreLayout(detected: try document.detectLayout())
            if !ahead { #expect(!document.tesseractPreload.isStarted) }
            readings.append(try document.printedNumbers(layout: layout))
        }
        #expect(!readings[0].numbers.isEmpty)
        #expect(readings[0] == readings[1])
    }
}
