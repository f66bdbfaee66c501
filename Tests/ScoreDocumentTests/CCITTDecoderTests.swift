import Foundation
import Testing
@testable import ScoreDocument

/// CCITT fax decoding (libtiff, through ``CCITTDecoder``) against poppler's rendering of the same pages: fixtures written by libtiff's
/// encoders (`scripts/make-scan-fixtures.py`) and the corpus's Group 4 scans.
@Suite("CCITT fax images decoded without poppler")
struct CCITTDecoderTests {
    static let corpusOther = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus/scans-other")

    static let fixtures = ["ccitt-g4.pdf", "ccitt-g4-black0.pdf", "ccitt-g4-black1.pdf", "ccitt-g4-decode.pdf",
                           "ccitt-g4-wide.pdf", "ccitt-g4-300dpi.pdf", "ccitt-g3-1d.pdf", "ccitt-g3-1d-fill.pdf",
                           "ccitt-g3-2d.pdf", "ccitt-g3-2d-fill.pdf"]

    @Test("Group 4, Group 3 1-D and 2-D (with and without byte-aligned end-of-line codes) read exactly as poppler renders them",
          arguments: fixtures)
    func decodesLikePoppler(_ name: String) throws {
        let (own, poppler) = try ScannedPageTests.both(try ScannedPageTests.open(name))
        let (mean, largest) = ScannedPageTests.difference(own, poppler)
        #expect(largest == 0, "\(name): mean difference \(mean), largest \(largest)")
        #expect(own.pixels.contains(0) && own.pixels.contains(255))
    }

    /// The decoded page of a fixture at its own resolution.
    static func own(_ name: String) throws -> GrayImage {
        guard case .success(let image?) = try ScannedPageTests.open(name).scannedGrayImage(page: 1) else {
            throw ScannedPageError.placement("\(name) was not decoded")
        }
        return image
    }

    @Test("/BlackIs1 false and true, and /Decode [1 0], invert the image")
    func polarity() throws {
        let black0 = try Self.own("ccitt-g4-black0.pdf"), black1 = try Self.own("ccitt-g4-black1.pdf")
        let decode = try Self.own("ccitt-g4-decode.pdf")
        #expect(black0.pixels == black1.pixels.map { 255 - $0 })
        #expect(decode.pixels == black0.pixels)
        #expect(try Self.own("ccitt-g4.pdf").pixels == black1.pixels)
    }

    @Test("Group 3 and Group 4 codings of one image decode to the same pixels")
    func codingsAgree() throws {
        let g4 = try Self.own("ccitt-g4-black1.pdf")
        for name in ["ccitt-g3-1d.pdf", "ccitt-g3-1d-fill.pdf", "ccitt-g3-2d.pdf", "ccitt-g3-2d-fill.pdf"] {
            #expect(try Self.own(name).pixels == g4.pixels, "\(name)")
        }
    }

    /// Pixels that differ between two images of one size, but for the last row and column: where the page ends
    /// inside a pixel (an A4 page is 3507.875 pixels high at 300 dpi) poppler blends the image's edge with white.
    static func interiorDifferences(_ a: GrayImage, _ b: GrayImage) -> Int {
        var count = 0
        for y in 0..<a.height - 1 {
            for x in 0..<a.width - 1 where a[x, y] != b[x, y] { count += 1 }
        }
        return count
    }

    @Test("The corpus's Group 4 scans (a clean page and a dithered one) are decoded onto the 300 dpi grid as poppler renders them, and detected alike",
          arguments: ["scan-f01-g4-300-musescore-mozart-k156-i-p1.pdf", "scan-f04-dither-verovio-satb-piano-57-p1.pdf"])
    func corpusScans(_ name: String) throws {
        let document = try ScoreDocument(path: Self.corpusOther.appendingPathComponent(name).path)
        let (own, poppler) = try Self.onDetectionGrid(document)
        let image = try #require(try own.get())
        #expect(image.width == poppler.width && image.height == poppler.height)
        #expect(Self.interiorDifferences(image, poppler) == 0, "\(name)")
        let workers = ProcessInfo.processInfo.activeProcessorCount
        #expect(try document.detectLayout() == document.detectLayout(pages: nil, dpi: ScoreDocument.detectionDPI, vector: true,
                                                                      workers: workers, ownDecoding: false))
    }

    @Test("Writing the first mask over the image (and decoding the scan again where the ridges need it) reads as keeping the image",
          arguments: ["scans-other/scan-f01-g4-300-musescore-mozart-k156-i-p1.pdf", "scans-other/scan-f04-dither-verovio-satb-piano-57-p1.pdf",
                      "scans-other/scan-g40-curl-verovio-satb-piano-57-p1.pdf", "scans/scan-rot-lilypond-chorale.pdf",
                      "scans/scan-blur-lilypond-lied.pdf"])
    func maskOverImage(_ name: String) throws {
        let document = try ScoreDocument(path: Self.corpusOther.deletingLastPathComponent().appendingPathComponent(name).path)
        let image = try #require(try Self.onDetectionGrid(document).own.get())
        var reloads = 0
        let over = LayoutDetector.detect(image, page: 1) {
            reloads += 1
            return image
        }
        #expect(over == LayoutDetector.detect(image, page: 1), "\(name)")
        #expect(reloads <= 1)
    }

    /// The fixture's page put on the 300 dpi grid by the fast path, and poppler's 300 dpi rendering.
    static func onDetectionGrid(_ document: ScoreDocument) throws -> (own: Result<GrayImage?, ScannedPageError>, poppler: GrayImage) {
        var file = try PDFFile(bytes: UnsafeRawBufferPointer(document.bytes.pointer))
        let own = Result { () throws(ScannedPageError) in
            try ScoreDocument.scannedGrayImage(file: &file, index: 0, size: document.pageSizes[0], dpi: 300)
        }
        return (own, try document.grayImage(page: 1, dpi: 300))
    }

    @Test("A bilevel page at 300 dpi or at twice that is put on the 300 dpi grid exactly as poppler renders it",
          arguments: ["ccitt-g4-300dpi.pdf", "ccitt-g4-600dpi.pdf", "ccitt-g4-wide.pdf"])
    func detectionGrid(_ name: String) throws {
        let (own, poppler) = try Self.onDetectionGrid(try ScannedPageTests.open(name))
        let image = try #require(try own.get())
        #expect(image.width == poppler.width && image.height == poppler.height && image.scale == poppler.scale)
        let differing = zip(image.pixels, poppler.pixels).count { $0 != $1 }
        #expect(differing == 0, "\(name): \(differing) pixels differ")
    }

    @Test("A bilevel page coarser than 300 dpi is left to poppler (bilinear enlarging is not reproduced exactly)")
    func coarseBilevelFallsBack() throws {
        guard case .failure(let error) = try Self.onDetectionGrid(try ScannedPageTests.open("ccitt-g4.pdf")).own else {
            Issue.record("a 150 dpi bilevel page was put on the 300 dpi grid")
            return
        }
        #expect(error.description.contains("coarser"), "\(error)")
    }

    @Test("A CCITT stencil mask is left to poppler")
    func stencilMaskFallsBack() throws {
        guard case .failure(let error) = try ScannedPageTests.open("ccitt-mask.pdf").scannedGrayImage(page: 1) else {
            Issue.record("the stencil mask was decoded")
            return
        }
        #expect(error.description.contains("stencil mask"), "\(error)")
    }

    /// Decodes `bytes` as a `columns`-wide image of `height` rows.
    static func decode(_ bytes: [UInt8], _ parameters: CCITTDecoder.Parameters, height: Int, paper: UInt8 = 255) -> Result<[UInt8], CCITTError> {
        bytes.withUnsafeBytes { raw in
            Result { () throws(CCITTError) -> [UInt8] in
                var out = [UInt8](repeating: 7, count: parameters.columns * height)
                try out.withUnsafeMutableBufferPointer { buffer throws(CCITTError) in
                    try CCITTDecoder.decode(raw, parameters: parameters, height: height, paper: paper,
                                            into: buffer.baseAddress!, stride: parameters.columns)
                }
                return out
            }
        }
    }

    @Test("Hand-coded streams: runs, the end of the data and end-of-block codes; damage is an error, not a repair")
    func handCoded() throws {
        var g3 = CCITTDecoder.Parameters()
        g3.columns = 8
        // EOL, white 3 (1000), black 2 (11), white 3 (1000): 000000000001 1000 11 1000, then zero padding.
        let row: [UInt8] = [0b0000_0000, 0b0001_1000, 0b1110_0000]
        #expect(try Self.decode(row, g3, height: 1).get() == [255, 255, 255, 0, 0, 255, 255, 255])
        // A second row is missing: the data ends.
        #expect(throws: CCITTError.self) { try Self.decode(row, g3, height: 2).get() }
        // Nothing at all, or zeros: no row.
        #expect(throws: CCITTError.damaged("no data")) { try Self.decode([], g3, height: 1).get() }
        #expect(throws: CCITTError.self) { try Self.decode([0, 0, 0, 0], g3, height: 1).get() }
        // Group 3 without end-of-line codes is valid PDF that libtiff does not read: left to poppler.
        #expect(throws: CCITTError.unsupported("Group 3 data without end-of-line codes")) {
            try Self.decode([0b1000_1110, 0b0000_0000], g3, height: 1).get()
        }

        var g4 = CCITTDecoder.Parameters()
        g4.k = -1
        g4.columns = 8
        // Row 1: horizontal (001), white 3 (1000), black 2 (11); V0 (1) for the end at b₁ = 8: the row above is white.
        // Row 2: V0 (1), V0 (1), V0 (1) copies row 1. Then EOFB.
        let twoRows: [UInt8] = [0b0011_0001, 0b1111_1000, 0b0000_0000, 0b1000_0000, 0b0000_1000]
        #expect(try Self.decode(twoRows, g4, height: 2).get() == [255, 255, 255, 0, 0, 255, 255, 255,
                                                                  255, 255, 255, 0, 0, 255, 255, 255])
        // The same with the stream's black as paper (/BlackIs1 or /Decode [1 0]).
        let inverted = try CCITTDecoderTests.decode(twoRows, g4, height: 2, paper: 0).get()
        #expect(inverted == [0, 0, 0, 255, 255, 0, 0, 0, 0, 0, 0, 255, 255, 0, 0, 0])
        // The end-of-block code after row 2 comes too early for three rows.
        #expect(throws: CCITTError.self) { try Self.decode(twoRows, g4, height: 3).get() }
        // A row that runs past the width: horizontal, white 7 (1111), black 2 (11).
        #expect(throws: CCITTError.self) { try Self.decode([0b0011_1111, 0b1000_0000], g4, height: 1).get() }
        // Uncompressed mode (0000001111) is not decoded.
        #expect(throws: CCITTError.self) { try Self.decode([0b0000_0011, 0b1100_0000], g4, height: 1).get() }
        // Byte-aligned Group 4 rows are left to poppler.
        var aligned = g4
        aligned.encodedByteAlign = true
        #expect(throws: CCITTError.unsupported("byte-aligned Group 4 rows")) { try Self.decode(twoRows, aligned, height: 2).get() }
    }
}
