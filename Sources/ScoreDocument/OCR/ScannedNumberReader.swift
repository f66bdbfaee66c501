import Foundation
import ScoreLayout
import Synchronization

/// Reads the bar numbers printed on a scanned page from its pixels, with Tesseract, as words: the same
/// ``PageWord``s poppler gives for a born-digital page's text, marked with OCR's confidence, so that
/// ``PrintedNumberReader`` and the numbering rules treat them alike.
///
/// Only the groups of ink ``NumberInkFinder`` finds where engravers print bar numbers are read, each cut out alone
/// (the ink of its pieces on white: no staff line, speck or neighbouring note), scaled to ``digitHeight`` pixels
/// tall and read as one word of digits. ``DigitReader`` reads each group first (the fonts' digits compared with its
/// pieces); only the groups it is unsure of go to Tesseract, which is loaded when the first of them does. A
/// Tesseract reading below ``minimumConfidence``, or one that is not one to four digits, is dropped. Without
/// Tesseract only what ``DigitReader`` reads is read, and the first reader of the process to find that out says so
/// once on standard error.
final class ScannedNumberReader {
    /// The height, in pixels, a group is scaled to before Tesseract reads it (its digits' height).
    static let digitHeight = 32.0
    /// The white margin around a group, in pixels.
    static let margin = 12
    /// Tesseract's mean confidence (0–100) below which a reading is dropped.
    static let minimumConfidence = 45
    /// Whether the barlines inside a system are looked at too, not only its head.
    static let readsBarlines = true

    /// Whether the process has warned that OCR is missing.
    private static let warned = Atomic(false)

    private var tesseract: TesseractReader?
    /// Why OCR cannot run, once that is known.
    private(set) var unavailable: OCRUnavailable?

    /// Whether groups are read by ``DigitReader`` first, Tesseract reading only those it is unsure of.
    let usesDigitReader: Bool

    /// A reader; with `digitReader` false, Tesseract reads every group.
    init(digitReader: Bool = true) {
        usesDigitReader = digitReader
    }

    /// A group of ink cut out of a page for Tesseract (``cutOut(_:from:)``), with its box in page points.
    struct CutOut: Equatable {
        var pixels: [UInt8]
        var width: Int, height: Int
        /// The resolution the cut-out is at (the page's, times its scale factor).
        var ppi: Int
        var left: Double, top: Double, right: Double, bottom: Double
        /// Whether the group lies at a system's head rather than over a barline inside it.
        var atSystemHead = false
    }

    /// The numbers read on a page: its image and its layout.
    func words(image: GrayImage, page: PageLayout) -> [PageWord] {
        words(reading: cutOuts(image: image, page: page))
    }

    /// The groups of ink on a page that may be numbers, cut out for reading, in the order they are read: the page's
    /// image is not needed once they are cut out (``ScoreDocument/printedNumbers(layout:)`` lets it go before
    /// Tesseract is loaded, so the two are never held at once).
    func cutOuts(image: GrayImage, page: PageLayout) -> [CutOut] {
        guard let finder = NumberInkFinder(image: image) else { return [] }
        return Self.cutOuts(finder: finder, page: page)
    }

    /// ``cutOuts(image:page:)`` with the page's finder made already (``ScanInk/finder()``).
    static func cutOuts(finder: NumberInkFinder, page: PageLayout) -> [CutOut] {
        var cutOuts: [CutOut] = []
        for (s, system) in page.systems.enumerated() {
            let above = s > 0 ? page.systems[s - 1].bottom : -Double.infinity
            for group in finder.groups(in: system, previousBottom: above, barlines: Self.readsBarlines) {
                let (pixels, width, height, factor) = Self.cutOut(group, from: finder)
                let scale = finder.scale
                cutOuts.append(CutOut(pixels: pixels, width: width, height: height, ppi: Int((scale * 72 * factor).rounded()),
                                      left: Double(group.x0) / scale, top: Double(group.y0) / scale,
                                      right: Double(group.x1) / scale, bottom: Double(group.y1) / scale,
                                      atSystemHead: group.atSystemHead))
            }
        }
        return cutOuts
    }

    /// What of `page`'s layout the cut-outs depend on (``NumberInkFinder/groups(in:previousBottom:barlines:)``): each
    /// system's top, bottom and height, its first staff and its bars' edges.
    static func geometry(of page: PageLayout) -> [Double] {
        page.systems.flatMap { system in
            [system.top, system.bottom, system.height, system.staves?.first?.top ?? -.infinity, system.staves?.first?.bottom ?? -.infinity,
             Double(system.knownBars.count)] + system.knownBars.flatMap { [$0.left, $0.right, $0.width] }
        }
    }

    /// How far, as a ratio, a group over a barline may differ in height from the numbers read at the systems' heads
    /// and still be read (``words(reading:)``).
    static let headHeightTolerance = 1.3

    /// The cut-outs read as words, those that are confident numbers, in the order of `cutOuts`.
    ///
    /// The groups at the systems' heads are read first. An engraver prints every bar number of a score in one size,
    /// so once numbers were read there, a group over a barline is only read when its height is within
    /// ``headHeightTolerance`` of theirs (their median): most groups over barlines are slurs, dynamics and notes,
    /// and each costs Tesseract's network as much as a number. Without a number read at a head, every group is read.
    ///
    /// With a `partner` (another reader, its own Tesseract), a step with at least ``partnerMinimum`` groups is read
    /// by both at once on two threads, each taking the next group left (``readEach(_:of:partner:)``); the words are
    /// the same, since each group is read alone.
    func words(reading cutOuts: [CutOut], partner: ScannedNumberReader? = nil) -> [PageWord] {
        words(readingPages: [cutOuts], partner: partner)[0]
    }

    /// ``words(reading:partner:)`` for several pages' cut-outs at once (each page's own heads set the height of
    /// the groups read over its barlines), so that two readers share the groups of every page, the words of each
    /// page in its cut-outs' order.
    func words(readingPages pages: [[CutOut]], partner: ScannedNumberReader? = nil) -> [[PageWord]] {
        let all = pages.flatMap { $0 }
        let starts = pages.reduce(into: [0]) { starts, page in starts.append(starts.last! + page.count) }
        let heads = all.indices.filter { all[$0].atSystemHead }
        var read = readEach(heads, of: all, partner: partner)
        if unavailable == nil {
            var others: [Int] = []
            for page in pages.indices {
                let range = starts[page]..<starts[page + 1]
                let heights = range.compactMap { read[$0].map { $0.bottom - $0.top } }.sorted()
                let typical = heights.isEmpty ? nil : heights[heights.count / 2]
                others += range.filter { index in
                    guard !all[index].atSystemHead else { return false }
                    let height = all[index].bottom - all[index].top
                    if let typical, height > typical * Self.headHeightTolerance || height * Self.headHeightTolerance < typical { return false }
                    return true
                }
            }
            read.merge(readEach(others, of: all, partner: partner)) { first, _ in first }
        }
        return pages.indices.map { page in (starts[page]..<starts[page + 1]).compactMap { read[$0] } }
    }

    /// About how much a second reader adds to the process's resident memory (its model and working buffers; the
    /// libraries are loaded already): 7 MB measured.
    static let partnerCost = 8 << 20

    /// Whether a second reader can be loaded without raising the process's peak memory (issue 30's goal): after a
    /// long scanned document's detection the heap holds more (every page's cut-outs, its fragments), and a second
    /// Tesseract there would set a new peak. True where the memory cannot be read.
    static func partnerFits() -> Bool {
        guard let memory = ScoreDocument.residentMemory() else { return true }
        return memory.now + partnerCost <= memory.peak
    }

    /// Whether this reader's Tesseract is loaded.
    var isLoaded: Bool { tesseract != nil }

    /// The fewest groups a step must have before a partner helps read them: its Tesseract costs about 10 ms to load
    /// (on the other core), about four groups' reading.
    static let partnerMinimum = 6

    /// Reads the groups at `indices` of `cutOuts`: each by ``DigitReader`` first (with ``usesDigitReader``), then
    /// those it is unsure of by Tesseract (``readWithTesseract(_:of:partner:)``), loaded only for them.
    func readEach(_ indices: [Int], of cutOuts: [CutOut], partner: ScannedNumberReader?) -> [Int: PageWord] {
        guard usesDigitReader else { return readWithTesseract(indices, of: cutOuts, partner: partner) }
        var read: [Int: PageWord] = [:]
        var uncertain: [Int] = []
        for index in indices {
            let cutOut = cutOuts[index]
            switch DigitReader.read(pixels: cutOut.pixels, width: cutOut.width, height: cutOut.height) {
            case .number(let text, let confidence):
                read[index] = PageWord(text: text, left: cutOut.left, top: cutOut.top, right: cutOut.right, bottom: cutOut.bottom,
                                       ocrConfidence: confidence)
            case .notANumber: continue
            case .uncertain: uncertain.append(index)
            }
        }
        return read.merging(readWithTesseract(uncertain, of: cutOuts, partner: partner)) { first, _ in first }
    }

    /// Reads the groups at `indices` of `cutOuts` by Tesseract: alone, or with `partner` when there are enough of
    /// them, both taking the next group left until none is. Nothing without Tesseract (``unavailable`` then says why).
    func readWithTesseract(_ indices: [Int], of cutOuts: [CutOut], partner: ScannedNumberReader?) -> [Int: PageWord] {
        guard !indices.isEmpty else { return [:] }
        // Tesseract is loaded (15 ms of processor time, 18 MB with its libraries) only once there is a group to read.
        guard let tesseract = loaded() else { return [:] }
        guard let partner, indices.count >= Self.partnerMinimum, partner.isLoaded || Self.partnerFits() else {
            var read: [Int: PageWord] = [:]
            for index in indices { read[index] = self.read(cutOuts[index], with: tesseract) }
            return read
        }
        let next = Atomic(0)
        let readers = UncheckedSendable([self, partner])
        let results = UncheckedSendable(ParallelResults<[Int: PageWord]>(count: 2))
        let shared = UncheckedSendable((indices, cutOuts))
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let reader = readers.value[worker]
            let (indices, cutOuts) = shared.value
            var read: [Int: PageWord] = [:]
            // The partner's Tesseract loads on its own thread while this reader reads.
            if let tesseract = reader.loaded() {
                while true {
                    let k = next.add(1, ordering: .relaxed).oldValue
                    guard k < indices.count else { break }
                    read[indices[k]] = reader.read(cutOuts[indices[k]], with: tesseract)
                }
            }
            results.value.set(worker, .success(read))
        }
        return ((try? results.value.values()) ?? []).reduce(into: [:]) { all, part in all.merge(part) { first, _ in first } }
    }

    /// A Tesseract reader set up for bar numbers (digits, one word each).
    static func makeTesseract() throws(OCRUnavailable) -> TesseractReader {
        try TesseractReader(whitelist: "0123456789", mode: .word)
    }

    private func loaded() -> TesseractReader? {
        if let tesseract { return tesseract }
        guard unavailable == nil else { return nil }
        do throws(OCRUnavailable) {
            tesseract = try Self.makeTesseract()
        } catch {
            unavailable = error
            if !Self.warned.exchange(true, ordering: .relaxed) { FileHandle.standardError.write(Data("warning: \(error)\n".utf8)) }
        }
        return tesseract
    }

    /// One cut-out read as a word, nil when it is not a confident number.
    func read(_ cutOut: CutOut, with tesseract: TesseractReader) -> PageWord? {
        guard let reading = tesseract.read(cutOut.pixels, width: cutOut.width, height: cutOut.height, ppi: cutOut.ppi),
              reading.confidence >= Self.minimumConfidence, (1...4).contains(reading.text.count),
              reading.text.allSatisfy({ $0.isASCII && $0.isNumber }), reading.text.first != "0" else { return nil }
        return PageWord(text: reading.text, left: cutOut.left, top: cutOut.top, right: cutOut.right, bottom: cutOut.bottom,
                        ocrConfidence: Double(reading.confidence) / 100)
    }

    /// The group's ink on white, scaled (bilinear) to ``digitHeight`` pixels tall inside a ``margin``: the pixels,
    /// their width and height, and the scale factor.
    static func cutOut(_ group: NumberInkFinder.Group, from finder: NumberInkFinder) -> ([UInt8], Int, Int, Double) {
        // The group's own ink, every other pixel white, with a one-pixel white border to sample from.
        let w = group.width + 2, h = group.height + 2
        var source = [UInt8](repeating: 255, count: w * h)
        finder.levels(of: group, into: &source, width: w)
        let factor = digitHeight / Double(group.height)
        let innerWidth = max(1, Int((Double(group.width) * factor).rounded())), innerHeight = Int(digitHeight)
        let width = innerWidth + 2 * margin, height = innerHeight + 2 * margin
        var out = [UInt8](repeating: 255, count: width * height)
        for oy in 0..<innerHeight {
            let sy = min(max((Double(oy) + 0.5) / factor + 0.5, 0), Double(h - 1))
            let y = min(Int(sy), h - 2), fy = sy - Double(y)
            for ox in 0..<innerWidth {
                let sx = min(max((Double(ox) + 0.5) / factor + 0.5, 0), Double(w - 1))
                let x = min(Int(sx), w - 2), fx = sx - Double(x)
                let top = Double(source[y * w + x]) * (1 - fx) + Double(source[y * w + x + 1]) * fx
                let bottom = Double(source[(y + 1) * w + x]) * (1 - fx) + Double(source[(y + 1) * w + x + 1]) * fx
                out[(oy + margin) * width + ox + margin] = UInt8((top * (1 - fy) + bottom * fy).rounded())
            }
        }
        return (out, width, height, factor)
    }
}
