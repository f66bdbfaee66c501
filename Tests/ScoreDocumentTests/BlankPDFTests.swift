import Foundation
import TestSupport
import ScoreLayout
import Testing
@testable import ScoreDocument

/// Runs a poppler-utils tool and returns its standard output.
private func popplerTool(_ name: String, _ arguments: [String]) throws -> String {
    try ChildProcess.run(path: "/usr/bin/" + name, arguments).output
}

private let hasPopplerUtils = FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfinfo")

private func temporaryPDF(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).pdf").path
}

@Suite("Blank-page PDFs")
struct BlankPDFTests {
    func text(_ s: String, _ x: Double, _ y: Double, _ style: OverlayTextStyle = .body) -> Overlay {
        Overlay(.text(s, at: PagePoint(x: x, y: y), size: 12), stroke: .black, textStyle: style)
    }

    @Test func writesEveryPageAtTheGivenSize() throws {
        let path = temporaryPDF("blank")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try BlankPDF.write(pages: [[text("one", 72, 72)], [], [text("three", 72, 72)]], title: "Three pages", to: path)
        let doc = try ScoreDocument(path: path)
        #expect(doc.pageCount == 3)
        #expect(doc.pageSizes.allSatisfy { abs($0.width - 595.28) < 0.01 && abs($0.height - 841.89) < 0.01 })
        try BlankPDF.write(pages: [[]], size: .letter, to: path)
        let letter = try ScoreDocument(path: path)
        #expect(letter.pageCount == 1 && letter.pageSizes[0] == PageSize(width: 612, height: 792))
    }

    @Test(.enabled(if: hasPopplerUtils)) func textIsSearchableOnItsPageAndTheTitleIsSet() throws {
        let path = temporaryPDF("text")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try BlankPDF.write(pages: [[text("Name the interval from C4 up to E4.", 72, 100)],
                                   [text("Answer key", 72, 100, .label), text("1. M3 (major third) · C4 → E4", 72, 130)]],
                           title: "Interval quiz", to: path)
        let info = try popplerTool("pdfinfo", [path])
        #expect(info.contains("Pages:           2"))
        #expect(info.contains("Title:           Interval quiz"))
        #expect(info.contains("A4"))
        let first = try popplerTool("pdftotext", ["-f", "1", "-l", "1", path, "-"])
        let second = try popplerTool("pdftotext", ["-f", "2", "-l", "2", path, "-"])
        #expect(first.contains("Name the interval from C4 up to E4."))
        #expect(!first.contains("Answer key"))
        #expect(second.contains("Answer key") && second.contains("1. M3 (major third) · C4 → E4"))
    }

    @Test func circlesAndAlignedTextAreDrawnWhereAsked() throws {
        let path = temporaryPDF("shapes")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let centred = OverlayTextStyle(weight: .bold, alignment: .center)
        let right = OverlayTextStyle(weight: .regular, alignment: .right)
        try BlankPDF.write(pages: [[
            Overlay(.circle(center: PagePoint(x: 100, y: 100), radius: 20), stroke: nil, fill: .black),
            Overlay(.circle(center: PagePoint(x: 200, y: 100), radius: 20), stroke: .black, fill: .white, lineWidth: 2),
            text("MMMM", 300, 200, centred),
            text("MMMM", 300, 300, right),
        ]], to: path)
        let image = try ScoreDocument(path: path).grayImage(page: 1, dpi: 72)
        func ink(_ x: Int, _ y: Int) -> Bool { image.pixels[y * image.width + x] < 128 }
        func inkIn(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) -> Bool { xs.contains { x in ys.contains { ink(x, $0) } } }
        #expect(ink(100, 100) && !ink(125, 100), "a filled disc of radius 20")
        #expect(!ink(200, 100) && ink(220, 100) && ink(180, 100), "an outlined circle is empty inside")
        #expect(inkIn(270...298, 190...199) && inkIn(302...330, 190...199), "centred text covers both sides of its point")
        #expect(inkIn(260...298, 290...299) && !inkIn(302...340, 288...302), "right-aligned text ends at its point")
    }

    @Test func badRequestsWriteNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("blank-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let existing = directory.appendingPathComponent("kept.pdf").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: existing))
        #expect(throws: ScoreDocumentError.writeFailed(path: existing, reason: "there are no pages to write")) {
            try BlankPDF.write(pages: [], to: existing)
        }
        #expect(throws: ScoreDocumentError.self) { try BlankPDF.write(pages: [[]], size: PageSize(width: 0, height: 10), to: existing) }
        #expect(throws: ScoreDocumentError.self) { try BlankPDF.write(pages: [[]], to: directory.appendingPathComponent("no/such/dir.pdf").path) }
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kept.pdf"], "no temporary file is left behind")
    }
}
