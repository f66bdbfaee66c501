import Foundation
import ScoreLayout
import Testing
@testable import ScoreDocument
import TonmeisterSupport

/// Paths of the PDF fixtures beside this file.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static func data(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }
}

@Suite("Opening PDFs")
struct ScoreDocumentOpenTests {
    @Test func pageCountAndSizes() throws {
        let doc = try ScoreDocument(path: Fixture.path("small.pdf"))
        #expect(doc.pageCount == 2)
        #expect(abs(doc.pageSizes[0].width - 595.28) < 0.01)
        #expect(abs(doc.pageSizes[0].height - 841.89) < 0.01)
        #expect(try doc.pageSize(2) == doc.pageSizes[1])
    }

    @Test func sizesAreReportedAfterRotate() throws {
        let doc = try ScoreDocument(path: Fixture.path("rotated.pdf"))
        #expect(abs(doc.pageSizes[0].width - 841.89) < 0.01, "page 1 carries /Rotate 90")
        #expect(abs(doc.pageSizes[0].height - 595.28) < 0.01)
        #expect(abs(doc.pageSizes[1].width - 595.28) < 0.01)
    }

    @Test func opensFromBytes() throws {
        let doc = try ScoreDocument(data: try Fixture.data("small.pdf"))
        #expect(doc.pageCount == 2)
    }

    @Test func encryptedNeedsTheRightPassword() throws {
        #expect(throws: ScoreDocumentError.passwordRequired) { try ScoreDocument(path: Fixture.path("encrypted.pdf")) }
        #expect(throws: ScoreDocumentError.wrongPassword) { try ScoreDocument(path: Fixture.path("encrypted.pdf"), password: "guess") }
        let doc = try ScoreDocument(path: Fixture.path("encrypted.pdf"), password: "secret")
        #expect(doc.pageCount == 2)
        #expect(try doc.renderPNG(page: 1, dpi: 30).count > 100)
    }

    @Test func encryptedFromBytes() throws {
        let data = try Fixture.data("encrypted.pdf")
        #expect(throws: ScoreDocumentError.wrongPassword) { try ScoreDocument(data: data, password: "guess") }
        #expect(throws: ScoreDocumentError.passwordRequired) { try ScoreDocument(data: data) }
        let doc = try ScoreDocument(data: data, password: "secret")
        #expect(try doc.renderPNGs(dpi: 20, workers: 2).count == 2, "every worker opens its own document")
    }

    @Test func missingFileAndDirectory() {
        #expect(throws: ScoreDocumentError.fileNotFound(path: "/no/such/score.pdf")) { try ScoreDocument(path: "/no/such/score.pdf") }
        #expect(throws: ScoreDocumentError.self) { try ScoreDocument(path: Fixture.directory.path) }
    }

    @Test func notAPDF() {
        #expect(throws: ScoreDocumentError.notPDF(reason: "the file is empty")) { try ScoreDocument(data: Data()) }
        #expect(throws: ScoreDocumentError.notPDF(reason: "no %PDF- header in the first 1024 bytes")) {
            try ScoreDocument(path: Fixture.path("small.ly"))
        }
    }

    @Test("truncated PDFs are damaged", arguments: [100, 1_000, 20_000, 41_000])
    func truncated(_ length: Int) throws {
        let data = try Fixture.data("small.pdf").prefix(length)
        #expect(throws: ScoreDocumentError.damaged(reason: "the file is truncated (no %%EOF marker at its end)")) {
            try ScoreDocument(data: Data(data))
        }
    }

    @Test func corruptedBodyIsAnErrorNotACrash() throws {
        var data = try Fixture.data("small.pdf")
        // Overwrite everything between the header and the end marker with garbage.
        let garbage = Data((0..<(data.count - 2_000)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        data.replaceSubrange(1_000..<(data.count - 1_000), with: garbage)
        do {
            let doc = try ScoreDocument(data: data)
            // poppler may rebuild a damaged file; rendering must still not crash.
            _ = try? doc.renderPNG(page: 1, dpi: 20)
        } catch let error {
            #expect(error.description.hasPrefix("damaged PDF") || error.description.hasPrefix("not a PDF"))
        }
    }

    @Test func errorMessagesAreReadable() {
        #expect(ScoreDocumentError.passwordRequired.description == "the PDF is encrypted: give its password with --password")
        #expect(ScoreDocumentError.pageOutOfRange(page: 3, pageCount: 2).description
            == "page 3 is out of range: the score has 2 pages")
    }
}

@Suite("Rendering")
struct ScoreDocumentRenderTests {
    static func pngSize(_ data: Data) -> (width: Int, height: Int, colorType: UInt8) {
        let bytes = [UInt8](data.prefix(26))
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        return (u32(16), u32(20), bytes[25])
    }

    @Test func pngAtAnyResolution() throws {
        let doc = try ScoreDocument(path: Fixture.path("small.pdf"))
        let png = try doc.renderPNG(page: 1, dpi: 72)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let size = Self.pngSize(png)
        #expect(size.width == 596 && size.height == 842)
        #expect(size.colorType == 2, "RGB")
        let gray = Self.pngSize(try doc.renderPNG(page: 2, dpi: 36, gray: true))
        #expect(gray.width == 298 && gray.height == 421)
        #expect(gray.colorType == 0, "8-bit grayscale")
    }

    @Test func grayImageHasInkAndPaper() throws {
        let doc = try ScoreDocument(path: Fixture.path("small.pdf"))
        let image = try doc.grayImage(page: 1, dpi: 50)
        #expect(image.pixels.contains { $0 < 50 })
        #expect(image.pixels.filter { $0 > 250 }.count > image.pixels.count * 9 / 10)
    }

    @Test func badPagesAndResolutions() throws {
        let doc = try ScoreDocument(path: Fixture.path("small.pdf"))
        #expect(throws: ScoreDocumentError.pageOutOfRange(page: 3, pageCount: 2)) { try doc.renderPNG(page: 3, dpi: 72) }
        #expect(throws: ScoreDocumentError.pageOutOfRange(page: 0, pageCount: 2)) { try doc.renderPNG(page: 0, dpi: 72) }
        #expect(throws: ScoreDocumentError.self) { try doc.renderPNG(page: 1, dpi: 0) }
        #expect(throws: ScoreDocumentError.self) { try doc.renderPNG(page: 1, dpi: .nan) }
        #expect(throws: ScoreDocumentError.self) { try doc.renderPNG(page: 1, dpi: 5_000) }
    }

    @Test func parallelRenderingMatchesSerial() throws {
        let doc = try ScoreDocument(path: Fixture.path("small.pdf"))
        let parallel = try doc.renderPNGs(dpi: 40, workers: 2)
        #expect(parallel.count == 2)
        #expect(parallel[0] == (try doc.renderPNG(page: 1, dpi: 40)))
        #expect(parallel[1] == (try doc.renderPNG(page: 2, dpi: 40)))
    }

    @Test func overlaysChangeTheImage() throws {
        let doc = try ScoreDocument(path: Fixture.path("small.pdf"))
        let plain = try doc.grayImage(page: 1, dpi: 36)
        let png = try doc.renderPNG(page: 1, dpi: 36, overlays: [Overlay(.rectangle(origin: PagePoint(x: 0, y: 0), width: 100, height: 100),
                                                                         stroke: nil, fill: .black)])
        #expect(png != (try doc.renderPNG(page: 1, dpi: 36)))
        #expect(plain.pixels[10 * plain.width + 10] == 255, "the corner is paper without the overlay")
    }

    @Test func annotatedPDFKeepsPagesAndAddsOverlays() throws {
        let doc = try ScoreDocument(path: Fixture.path("small.pdf"))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("annotated-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let overlays: [Int: [Overlay]] = [
            1: [Overlay(.bracket(x: 60, top: 80, bottom: 140, opensRight: true, hook: 6), stroke: .green, lineWidth: 2),
                Overlay(.text("take 7", at: PagePoint(x: 70, y: 75), size: 9), stroke: .red, fill: .white.opacity(0.7)),
                Overlay(.rectangle(origin: PagePoint(x: 0, y: 0), width: 50, height: 50), stroke: nil, fill: .black)],
        ]
        try doc.writeAnnotatedPDF(overlays: overlays, to: out)
        let annotated = try ScoreDocument(path: out)
        #expect(annotated.pageCount == 2)
        #expect(annotated.pageSizes == doc.pageSizes)
        let image = try annotated.grayImage(page: 1, dpi: 36)
        #expect(image.pixels[10 * image.width + 10] < 20, "the black square is drawn on page 1")
        let page2 = try annotated.grayImage(page: 2, dpi: 36)
        #expect(page2.pixels[10 * page2.width + 10] == 255)
    }

    @Test func failedWriteLeavesExistingFileIntact() throws {
        let doc = try ScoreDocument(path: Fixture.path("small.pdf"))
        #expect(throws: ScoreDocumentError.self) {
            try doc.writeAnnotatedPDF(overlays: [9: []], to: "/tmp/never-written.pdf")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.pdf"))
        #expect(throws: ScoreDocumentError.self) { try doc.writePNG(page: 1, dpi: 20, to: "/no/such/dir/p.png") }
    }
}

@Suite("Writing files")
struct ScoreDocumentWritingTests {
    @Test func outputsReplaceExistingFilesWhole() throws {
        let doc = try ScoreDocument(path: Fixture.path("small.pdf"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("p.png").path, pdf = dir.appendingPathComponent("a.pdf").path
        for dpi in [20.0, 30.0] {
            try doc.writePNG(page: 1, dpi: dpi, to: png)
            try doc.writeAnnotatedPDF(overlays: [:], to: pdf)
        }
        #expect(ScoreDocumentRenderTests.pngSize(try Data(contentsOf: URL(fileURLWithPath: png))).width == 249)
        #expect(try ScoreDocument(path: pdf).pageCount == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.pdf", "p.png"], "no temporary files left")
    }
}

@Suite("SHA-256")
struct SHA256Tests {
    /// FIPS 180-4 example vectors.
    static let vectors: [(String, String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ]

    @Test("standard vectors", arguments: vectors)
    func vector(_ row: (String, String)) {
        #expect(SHA256.hex(Array(row.0.utf8)) == row.1)
    }

    @Test func millionAs() {
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func agreesWithPythonOnTheBundledScore() throws {
        // Examples/chorale-session.json records the hash computed by Python's hashlib.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let session = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("Examples/chorale-session.json"))) as? [String: Any]
        let recorded = (session?["score"] as? [String: Any])?["sha256"] as? String
        #expect(SHA256.hex(try Data(contentsOf: root.appendingPathComponent("Scores/chorale.pdf"))) == recorded)
    }
}
