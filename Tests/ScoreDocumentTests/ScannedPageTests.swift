import Foundation
import Testing
@testable import ScoreDocument

/// Tonmeister's own reading of scanned pages (its PDF reader, libjpeg-turbo's decoder) against poppler's rendering
/// of the same pages, and the pages it leaves to poppler. Fixtures: `scripts/make-scan-fixtures.py`.
@Suite("Scanned pages decoded without poppler")
struct ScannedPageTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/scan")
    static let corpusScans = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus/scans")

    static func open(_ name: String) throws -> ScoreDocument {
        try ScoreDocument(path: fixtures.appendingPathComponent(name).path)
    }

    /// The mean and largest absolute difference of two images over the area they share.
    static func difference(_ a: GrayImage, _ b: GrayImage) -> (mean: Double, max: Int) {
        let w = min(a.width, b.width), h = min(a.height, b.height)
        var sum = 0, largest = 0
        for y in 0..<h {
            for x in 0..<w {
                let d = abs(Int(a[x, y]) - Int(b[x, y]))
                sum += d
                largest = max(largest, d)
            }
        }
        return (Double(sum) / Double(max(1, w * h)), largest)
    }

    /// Our image and poppler's rendering at the image's own resolution.
    static func both(_ document: ScoreDocument) throws -> (own: GrayImage, poppler: GrayImage) {
        guard case .success(let own?) = try document.scannedGrayImage(page: 1) else {
            throw ScannedPageError.placement("not decoded: \(try document.scannedGrayImage(page: 1))")
        }
        let poppler = try document.grayImage(page: 1, dpi: own.scale * 72)
        #expect(abs(own.width - poppler.width) <= 1 && abs(own.height - poppler.height) <= 1)
        return (own, poppler)
    }

    static let decoded = ["gray-203x131.pdf", "gray-240x160.pdf", "gray-97x211.pdf", "ycc-444.pdf", "ycc-422.pdf",
                          "ycc-420.pdf", "ycc-411.pdf", "restart.pdf", "restart-420.pdf", "magick-jpeg.pdf", "objstm.pdf",
                          "flate-gray.pdf", "flate-rgb.pdf", "margins.pdf", "progressive.pdf"]

    @Test("JPEG (gray, every chroma sampling, restart markers, odd sizes, progressive) and Flate images read like poppler's rendering",
          arguments: decoded)
    func decodesLikePoppler(_ name: String) throws {
        let (own, poppler) = try Self.both(try Self.open(name))
        let (mean, _) = Self.difference(own, poppler)
        #expect(mean < 2.0, "\(name): mean difference \(mean)")
    }

    @Test("The image is placed on a white page where the page content puts it")
    func placesTheImageWithMargins() throws {
        let (own, _) = try Self.both(try Self.open("margins.pdf"))
        #expect(own.width == 180 && own.height == 150)
        #expect(own[5, 5] == 255 && own[175, 145] == 255 && own[29, 100] == 255 && own[150, 20] == 255)
    }

    @Test("A scan a few tenths of a percent off 300 dpi is resampled onto the 300 dpi grid like poppler's rendering")
    func snapsToTheDetectionGrid() throws {
        let document = try ScoreDocument(path: Self.corpusScans.appendingPathComponent("scan-noisy-musescore-orchestra.pdf").path)
        let bytes = document.bytes
        var file = try PDFFile(bytes: UnsafeRawBufferPointer(bytes.pointer))
        let image = try #require(try ScoreDocument.scannedGrayImage(file: &file, index: 0, size: document.pageSizes[0], dpi: 300))
        let poppler = try document.grayImage(page: 1, dpi: 300)
        #expect(image.width == poppler.width && image.height == poppler.height && image.scale == poppler.scale)
        #expect(Self.difference(image, poppler).mean < 1.0)
    }

    @Test("A JPEG scan finer than the grid is decoded smaller in the DCT, within 2 grey levels of poppler's rendering",
          arguments: [(150.0, 2), (100.0, 4), (50.0, 8)])
    func reducedInTheDCT(_ dpi: Double, _ reduction: Int) throws {
        let document = try ScoreDocument(path: Self.corpusScans.appendingPathComponent("scan-dpi400-musescore-joplin-maple-leaf.pdf").path)
        var file = try PDFFile(bytes: UnsafeRawBufferPointer(document.bytes.pointer))
        #expect(ScoreDocument.jpegReduction(scale: 400.0 / 72, format: .jpeg, dpi: dpi) == reduction)
        #expect(ScoreDocument.jpegReduction(scale: 400.0 / 72, format: .jpeg, dpi: 300) == 1)
        let image = try #require(try ScoreDocument.scannedGrayImage(file: &file, index: 0, size: document.pageSizes[0], dpi: dpi))
        let poppler = try document.grayImage(page: 1, dpi: dpi)
        #expect(image.width == poppler.width && image.height == poppler.height)
        let (mean, _) = Self.difference(image, poppler)
        #expect(mean < 2.0, "mean difference \(mean) at \(dpi) dpi")
    }

    @Test("Every scan of the corpus is decoded, within 2 grey levels of poppler's 300 dpi rendering on average")
    func corpusScans() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpusScans.path).filter { $0.hasSuffix(".pdf") }
        #expect(files.count == 14)
        for file in files.sorted() {
            let document = try ScoreDocument(path: Self.corpusScans.appendingPathComponent(file).path)
            let (own, poppler) = try Self.both(document)
            let (mean, _) = Self.difference(own, poppler)
            #expect(mean < 2.0, "\(file): mean difference \(mean)")
        }
    }

    static let fallbacks: [(String, String)] = [
        ("rotated-placement.pdf", "rotated"), ("page-rotate-90.pdf", "/Rotate 90"),
        ("two-images.pdf", "more than one image"), ("cairo.pdf", "operator"),
    ]

    @Test("Pages the fast path does not reproduce are left to poppler, and read exactly as poppler's rendering",
          arguments: fallbacks)
    func fallsBack(_ name: String, _ reason: String) throws {
        let document = try Self.open(name)
        guard case .failure(let error) = try document.scannedGrayImage(page: 1) else {
            Issue.record("\(name) was decoded")
            return
        }
        #expect(error.description.contains(reason), "\(name): \(error)")
        let workers = ProcessInfo.processInfo.activeProcessorCount
        #expect(try document.detectLayout() == document.detectLayout(pages: nil, dpi: ScoreDocument.detectionDPI, vector: true,
                                                                      workers: workers, ownDecoding: false))
    }

    @Test("A born-digital page is not a scan: no image, nothing decoded")
    func bornDigitalPage() throws {
        let document = try ScoreDocument(path: Self.fixtures.deletingLastPathComponent().appendingPathComponent("small.pdf").path)
        guard case .failure(let error) = try document.scannedGrayImage(page: 1) else {
            Issue.record("a vector page was decoded as a scan")
            return
        }
        #expect(error.description.contains("operator") || error.description.contains("no image"), "\(error)")
    }
}
