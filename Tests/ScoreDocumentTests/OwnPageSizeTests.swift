import Foundation
import Testing
@testable import ScoreDocument

/// `PDFFile.pageSizes()`: a document opens without poppler when Tonmeister's reader finds every page size, and
/// those sizes must be poppler's. Checked on every PDF the project holds and on page trees built to test the rules.
@Suite("Page sizes read without poppler")
struct OwnPageSizeTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// Every PDF under the corpus, the fixtures and the bundled scores.
    static func allPDFs() throws -> [URL] {
        let roots = [tests.appendingPathComponent("Corpus"), tests.appendingPathComponent("Fixtures"),
                     tests.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scores")]
        var found: [URL] = []
        for root in roots {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "pdf" { found.append(url) }
        }
        return found
    }

    /// Tonmeister's sizes (nil when its reader leaves the file to poppler) and, when there are some, poppler's.
    static func sizes(_ data: Data) throws -> (ours: [PageSize]?, poppler: [PageSize]?) {
        let bytes = try SharedBytes(data, path: nil, needsFile: false)
        guard var file = try? PDFFile(bytes: UnsafeRawBufferPointer(bytes.pointer)), let ours = try? file.pageSizes() else {
            return (nil, nil)
        }
        let handle = try PopplerHandle(bytes: bytes, password: nil)
        let poppler = try (0..<handle.pageCount()).map { index throws(ScoreDocumentError) in try handle.pageSize(index) }
        return (ours, poppler)
    }

    @Test("Every PDF of the project: the sizes read without poppler are poppler's")
    func projectFiles() throws {
        let files = try Self.allPDFs()
        #expect(files.count >= 90)
        var readOwn = 0
        for url in files {
            guard let data = try? Data(contentsOf: url), (try? ScoreDocument(data: data)) != nil else { continue }
            let (ours, poppler) = try Self.sizes(data)
            if let ours {
                readOwn += 1
                #expect(ours == poppler, "\(url.lastPathComponent)")
            }
        }
        // Every engraving and scan the project made has a plain page tree.
        #expect(readOwn >= 90)
    }

    /// A PDF whose page tree is `pages` (dictionaries of the pages, objects 3, 4, …) under a root with `root`
    /// added and the given `/Count`.
    static func pdf(root: String = "", count: Int? = nil, pages: [String]) -> Data {
        let kids = pages.indices.map { "\($0 + 3) 0 R" }.joined(separator: " ")
        return TestPDF.document(["<< /Type /Catalog /Pages 2 0 R >>",
                                 "<< /Type /Pages /Kids [\(kids)] /Count \(count ?? pages.count) \(root) >>"]
                                + pages.map { "<< /Type /Page /Parent 2 0 R \($0) >>" })
    }

    static let trees: [(String, root: String, count: Int?, pages: [String], readOwn: Bool)] = [
        ("A4", "", nil, ["/MediaBox [0 0 595.276 841.89]"], true),
        ("inherited media box, two pages", "/MediaBox [0 0 612 792]", nil, ["", "/MediaBox [0 0 300 400]"], true),
        ("reversed corners", "", nil, ["/MediaBox [612 792 0 0]"], true),
        ("quarter turns", "/MediaBox [0 0 612 792]", nil, ["/Rotate 90", "/Rotate 180", "/Rotate -90", "/Rotate 450"], true),
        ("inherited rotation", "/MediaBox [0 0 612 792] /Rotate 270", nil, [""], true),
        ("crop box inside", "", nil, ["/MediaBox [0 0 612 792] /CropBox [10 20 600 700]"], true),
        ("crop box overhanging", "", nil, ["/MediaBox [0 0 612 792] /CropBox [-10 20 700 700]"], false),
        ("rotation not a quarter turn", "", nil, ["/MediaBox [0 0 612 792] /Rotate 45"], false),
        ("no media box", "", nil, [""], false),
        ("empty media box", "", nil, ["/MediaBox [0 0 0 792]"], false),
        ("user unit", "", nil, ["/MediaBox [0 0 612 792] /UserUnit 2"], false),
        ("count too high", "", 3, ["/MediaBox [0 0 612 792]", "/MediaBox [0 0 612 792]"], false),
        ("count too low", "", 1, ["/MediaBox [0 0 612 792]", "/MediaBox [0 0 612 792]"], false),
    ]

    @Test("Plain page trees are read without poppler and agree with it; others are left to poppler", arguments: trees)
    func tree(_ name: String, root: String, count: Int?, pages: [String], readOwn: Bool) throws {
        let (ours, poppler) = try Self.sizes(Self.pdf(root: root, count: count, pages: pages))
        #expect((ours != nil) == readOwn, "\(name)")
        if let ours { #expect(ours == poppler, "\(name)") }
    }

    @Test("A plain page tree opens without poppler; an unusual one opens through it, with poppler's sizes")
    func opening() throws {
        let plain = try ScoreDocument(data: Self.pdf(pages: ["/MediaBox [0 0 612 792] /Rotate 90"]))
        #expect(plain.pageSizes == [PageSize(width: 792, height: 612)])
        // Poppler cuts an overhanging crop box to the media box.
        let overhanging = try ScoreDocument(data: Self.pdf(pages: ["/MediaBox [0 0 612 792] /CropBox [-10 20 700 700]"]))
        #expect(overhanging.pageSizes == [PageSize(width: 612, height: 680)])
    }
}
