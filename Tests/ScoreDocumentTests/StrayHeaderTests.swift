import Foundation
import Testing
@testable import ScoreDocument

/// Object headers numbered far beyond a readable file's table (`PDFFile.StrayHeader`): repaired before poppler
/// reads the bytes, so that poppler never rebuilds a table sized by them.
@Suite struct StrayHeaderTests {
    /// ``PageIsolationTests/document(_:)`` of one good page with object 4's header (the page's content stream, the
    /// last object) renamed `number`, and `startxref` moved by the added digits.
    static func renamingLastObject(to number: Int, catalogComment: String? = nil) -> Data {
        var text = String(decoding: PageIsolationTests.document([PageIsolationTests.good]), as: UTF8.self)
        if let catalogComment {
            text = text.replacingOccurrences(of: "<< /Type /Catalog", with: "<< /Type /Catalog\n% \(catalogComment)\n")
            text = Self.rewritingXref(text)
        }
        text = text.replacingOccurrences(of: "\n4 0 obj", with: "\n\(number) 0 obj")
        return Data(Self.rewritingXref(text).utf8)
    }

    /// `text` with its cross-reference table rebuilt from the lines `N 0 obj` (in order, whatever their `N`).
    private static func rewritingXref(_ text: String) -> String {
        let head = String(text[..<text.range(of: "xref\n")!.lowerBound])
        var offsets: [Int] = []
        var at = 0
        for line in head.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix(" 0 obj"), line.first?.isNumber == true { offsets.append(at) }
            at += line.utf8.count + 1
        }
        var tail = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { tail += String(format: "%010d 00000 n \n", offset) }
        tail += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(head.utf8.count)\n%%EOF\n"
        return head + tail
    }

    @Test("A listed header named beyond the table is renumbered as the table lists it, and the page still reads")
    func listedHeader() throws {
        let data = Self.renamingLastObject(to: 99_999_994)
        let document = try ScoreDocument(data: data)
        #expect(document.repairs == ["object 4's header names object 99999994; read as object 4"])
        let pages = try document.detectLayout()
        #expect(pages.first?.systems.count == 3, "\(pages.map(\.declined))")
        // Poppler reads the page from the repaired bytes (a rebuilt table would be 100 million entries).
        #expect(try document.renderPNGs(pages: [1], dpi: 20).first?.isEmpty == false)
        #expect(String(decoding: UnsafeRawBufferPointer(document.bytes.pointer), as: UTF8.self).contains("\n       4 0 obj"))
    }

    @Test("A header no entry lists loses its number")
    func strayComment() throws {
        let data = Self.renamingLastObject(to: 4, catalogComment: "77777777 0 obj")
        let document = try ScoreDocument(data: data)
        #expect(document.repairs == ["an object header names object 77777777, beyond the file's table of objects; ignored"])
        #expect(try document.detectLayout().first?.systems.count == 3)
        #expect(!String(decoding: UnsafeRawBufferPointer(document.bytes.pointer), as: UTF8.self).contains("77777777"))
        #expect(String(decoding: document.data, as: UTF8.self).contains("77777777"), "the original bytes stay as they were")
    }

    @Test("Numbers within the table or the limit are left alone")
    func withinLimits() throws {
        #expect(try ScoreDocument(data: Self.renamingLastObject(to: 4)).repairs.isEmpty)
        #expect(try ScoreDocument(data: Self.renamingLastObject(to: 4, catalogComment: "1048576 0 obj")).repairs.isEmpty)
        #expect(try ScoreDocument(data: Self.renamingLastObject(to: 4, catalogComment: "1048577 0 obj")).repairs.count == 1)
    }

    @Test("With a password poppler reads the file itself, so the file is refused instead")
    func refusedWithPassword() throws {
        #expect { try ScoreDocument(data: Self.renamingLastObject(to: 99_999_994), password: "x") } throws: { error in
            guard case ScoreDocumentError.damaged(let reason) = error else { return false }
            return reason.contains("object 99999994")
        }
    }

    @Test("The campaign's near-s1526-50034: object 113 written 9999913, 791 MiB before the repair")
    func campaignFile() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz/near-s1526-50034.pdf")
        let document = try ScoreDocument(data: try Data(contentsOf: url))
        #expect(document.repairs == ["object 113's header names object 9999913; read as object 113"])
        #expect(try document.detectLayout().contains { !$0.systems.isEmpty })
    }

    /// The file is searched in windows (``PDFFile/strayHeaderWindow``), its mapped pages let go as the search passes
    /// them: a header whose `obj` starts right on a window's edge, and one whose number starts in one window and its
    /// `obj` in the next, are both found, in a file opened by path (mapped).
    @Test("Headers on the search windows' edges are found in a mapped file")
    func windowEdges() throws {
        let window = PDFFile.strayHeaderWindow
        let probe = Self.renamingLastObject(to: 4, catalogComment: "@")
        let commentStart = try #require(probe.firstRange(of: Data("% @".utf8))).lowerBound + 2
        let first = " 77777771 0 ", second = " 77777772 0 obj"
        var comment = String(repeating: "a", count: window - commentStart - first.utf8.count) + first + "obj"
        comment += String(repeating: "a", count: 2 * window - 5 - (commentStart + comment.utf8.count)) + second
        let data = Self.renamingLastObject(to: 4, catalogComment: comment)
        #expect(data.range(of: Data((first + "obj").utf8))!.lowerBound + first.utf8.count == window)
        #expect(data.range(of: Data(second.utf8))!.lowerBound == 2 * window - 5, "the number starts 4 bytes before the edge")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tonmeister-stray-\(UUID().uuidString).pdf")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let document = try ScoreDocument(path: url.path)
        #expect(document.structure != nil, "Tonmeister's reader reads the file")
        #expect(document.repairs == ["an object header names object 77777771, beyond the file's table of objects; ignored",
                                     "an object header names object 77777772, beyond the file's table of objects; ignored"])
        #expect(try document.detectLayout().first?.systems.count == 3)
    }
}
