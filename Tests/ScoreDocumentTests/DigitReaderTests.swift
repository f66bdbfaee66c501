import Foundation
import ScoreLayout
import Testing
import TestSupport
import TheoryCore
@testable import ScoreDocument

/// The digit reader that reads scans' bar-number groups before Tesseract (``DigitReader``), and the cascade in
/// ``ScannedNumberReader`` that sends it only what it is unsure of.
@Suite("Digits read without Tesseract")
struct DigitReaderTests {
    /// A born-digital PDF of the corpus whose text names its numbers: each word of its first page cut out of a 300 dpi
    /// rendering as ``ScannedNumberReader`` cuts out a scan's group.
    struct Engraving: CustomStringConvertible, Sendable {
        var file: String
        var description: String { file }
    }

    static let engravings = ["lilypond/part", "lilypond/quartet", "musescore/haydn-op74-1-i", "musescore/joplin-maple-leaf",
                             "verovio/schubert-lindenbaum", "abcm2ps/piano-a", "musixtex/part-a", "numbering/book-a",
                             "numbering/tunes-a"].map(Engraving.init)

    /// The cut-outs of a page's words made of ink the finder groups as one group: (the word's text, the cut-out).
    static func wordCutOuts(_ file: String) throws -> [(String, ScannedNumberReader.CutOut)] {
        let document = try ScoreDocument(path: DetectionCorpusTests.corpus.appendingPathComponent(file + ".pdf").path)
        let image = try document.grayImage(page: 1, dpi: 300)
        let finder = try #require(NumberInkFinder(image: image))
        var cutOuts: [(String, ScannedNumberReader.CutOut)] = []
        for word in try document.words(onPage: 1) where (1...8).contains(word.text.count) {
            let pad = 3.0
            let x0 = max(0, Int(((word.left - pad) * image.scale).rounded())), x1 = min(image.width, Int(((word.right + pad) * image.scale).rounded()))
            let y0 = max(0, Int(((word.top - pad) * image.scale).rounded())), y1 = min(image.height, Int(((word.bottom + pad) * image.scale).rounded()))
            guard x1 - x0 > 4, y1 - y0 > 4 else { continue }
            let groups = finder.groups(x0: x0, y0: y0, x1: x1, y1: y1, space: Double(y1 - y0) / 3)
            guard groups.count == 1, let group = groups.first else { continue }
            let (pixels, width, height, _) = ScannedNumberReader.cutOut(group, from: finder)
            cutOuts.append((word.text, ScannedNumberReader.CutOut(pixels: pixels, width: width, height: height, ppi: 300,
                                                                  left: word.left, top: word.top, right: word.right, bottom: word.bottom)))
        }
        return cutOuts
    }

    /// Numbers engraved by LilyPond, MuseScore, Verovio, abcm2ps and MusiXTeX are read back as printed or left to
    /// Tesseract, never misread; words of letters are never read as numbers.
    @Test("engraved numbers read back, words of letters refused", arguments: engravings)
    func engraved(_ engraving: Engraving) throws {
        let cutOuts = try Self.wordCutOuts(engraving.file)
        var numbers = 0, read = 0, letters = 0
        for (text, cutOut) in cutOuts {
            let verdict = DigitReader.read(pixels: cutOut.pixels, width: cutOut.width, height: cutOut.height)
            if text.allSatisfy({ $0.isASCII && $0.isNumber }) {
                numbers += 1
                if case .number(let number, let confidence) = verdict {
                    #expect(number == text, "\(engraving.file): \(text) read as \(number) (\(confidence))")
                    if number == text { read += 1 }
                }
            } else if text.allSatisfy({ $0.isLetter }) {
                letters += 1
                if case .number(let number, _) = verdict { Issue.record("\(engraving.file): the word \(text) read as \(number)") }
            }
        }
        print("\(engraving.file): \(read)/\(numbers) numbers read without Tesseract, \(letters) words of letters")
        try #require(numbers + letters > 0, "no words cut out")
    }

    /// A cut-out of `width` × `height` pixels, white with a 12-pixel margin, ink drawn by `ink(x, y)`.
    static func shape(width: Int, height: Int, ink: (Int, Int) -> Bool) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: (width + 24) * (height + 24))
        for y in 0..<height { for x in 0..<width where ink(x, y) { pixels[(y + 12) * (width + 24) + x + 12] = 20 } }
        return pixels
    }

    struct Shape: CustomStringConvertible, Sendable {
        var description: String
        var width: Int, height: Int
        var ink: @Sendable (Int, Int) -> Bool
    }

    static let shapes = [
        Shape(description: "a filled square", width: 24, height: 24) { _, _ in true },
        Shape(description: "a filled disc", width: 28, height: 28) { x, y in (x - 14) * (x - 14) + (y - 14) * (y - 14) < 169 },
        Shape(description: "a bar as wide as tall", width: 30, height: 30) { _, y in y >= 12 && y < 18 },
        Shape(description: "a stem", width: 4, height: 32) { _, _ in true },
        Shape(description: "a cross", width: 28, height: 28) { x, y in abs(x - y) < 3 || abs(x + y - 27) < 3 },
        Shape(description: "a ring", width: 32, height: 32) { x, y in
            let d = (x - 16) * (x - 16) + (y - 16) * (y - 16)
            return d < 256 && d > 144
        },
    ]

    /// Shapes that are no digit are never read as numbers.
    @Test("shapes that are no digit are not read as numbers", arguments: shapes)
    func notDigits(_ shape: Shape) {
        let pixels = Self.shape(width: shape.width, height: shape.height, ink: shape.ink)
        let verdict = DigitReader.read(pixels: pixels, width: shape.width + 24, height: shape.height + 24)
        if case .number = verdict { Issue.record("\(shape) read as \(verdict)") }
    }

    /// A blank cut-out, one of no size, one too short for its pixels and random bytes read without trapping, as
    /// uncertain or no number.
    @Test("blank, empty, short and random cut-outs")
    func garbage() {
        #expect(DigitReader.read(pixels: [UInt8](repeating: 255, count: 100), width: 10, height: 10) == .uncertain)
        #expect(DigitReader.read(pixels: [], width: 0, height: 0) == .uncertain)
        #expect(DigitReader.read(pixels: [0, 0, 0], width: 10, height: 10) == .uncertain)
        #expect(DigitReader.read(pixels: [0], width: Int.max, height: 2) == .uncertain)
        var generator = SplitMix64(seed: 30)
        for _ in 0..<20 {
            let width = Int.random(in: 1...60, using: &generator), height = Int.random(in: 1...60, using: &generator)
            let pixels = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = DigitReader.read(pixels: pixels, width: width, height: height)
        }
    }

    /// The cascade: groups the digit reader reads are not handed to Tesseract, and it is not loaded for them; an
    /// uncertain group is, and Tesseract's reading of it is the word. The words of a scan are those Tesseract alone
    /// reads, but for the groups the digit reader read.
    @Test("the cascade reads confident groups itself and sends the uncertain ones to Tesseract")
    func cascade() throws {
        let document = try ScoreDocument(path: DetectionCorpusTests.corpus.appendingPathComponent("scans-numbers/scan-numbering-book-a.pdf").path)
        let layout = try ScoreLayout(detected: try document.detectLayout(pages: [1]))
        let cutOuts = document.scannedNumberCutOuts(page: try #require(layout.page(1)), reader: ScannedNumberReader())
        let verdicts = cutOuts.map { DigitReader.read(pixels: $0.pixels, width: $0.width, height: $0.height) }
        let confident = cutOuts.indices.filter { if case .number = verdicts[$0] { true } else { false } }
        let uncertain = cutOuts.indices.filter { verdicts[$0] == .uncertain }
        try #require(!confident.isEmpty && !uncertain.isEmpty, "\(confident.count) read, \(uncertain.count) uncertain")

        let alone = ScannedNumberReader()
        let read = alone.words(reading: confident.map { cutOuts[$0] })
        #expect(!alone.isLoaded, "Tesseract loaded for groups the digit reader read")
        #expect(read.count == confident.count)
        for (word, index) in zip(read, confident) {
            guard case .number(let text, let confidence) = verdicts[index] else { continue }
            #expect(word.text == text && word.ocrConfidence == confidence && word.left == cutOuts[index].left)
        }

        let mixed = ScannedNumberReader()
        let both = mixed.words(reading: [cutOuts[confident[0]], cutOuts[uncertain[0]]])
        #expect(mixed.isLoaded, "an uncertain group went to Tesseract")
        let tesseract = ScannedNumberReader(digitReader: false)
        let byTesseract = tesseract.words(reading: [cutOuts[uncertain[0]]])
        #expect(both == read.prefix(1) + byTesseract)

        // Group by group over the whole page: Tesseract's words, but where the digit reader read or refused a group.
        let all = Array(cutOuts.indices)
        let cascade = ScannedNumberReader().readEach(all, of: cutOuts, partner: nil)
        let plain = ScannedNumberReader(digitReader: false).readEach(all, of: cutOuts, partner: nil)
        for index in uncertain { #expect(cascade[index] == plain[index], "group \(index)") }
        for index in confident { #expect(cascade[index] != nil) }
    }
}
