import Foundation
import ScoreLayout
import Testing
@testable import ScoreDocument

/// Tonmeister's content-stream reader splits tokens where poppler's lexer splits them: what the limits check reads
/// is what poppler will draw. The PDF mutation campaign (issue 30, seed 1520) found a page whose content held
/// `2.4BI /W 100000 /H 100000 …`: poppler reads the number 2.4 and an inline image of 10¹⁰ pixels, Tonmeister's reader
/// read one unknown word, so the page passed the checks and poppler spun for minutes when the repeat signs were read.
@Suite("Content tokens split as poppler splits them")
struct PopplerLexingTests {
    /// The tokens of `content`: `2.4` for a number (six digits), a word for an operator of up to four letters, `?` for a longer one.
    static func tokens(_ content: String) throws -> [String] {
        let bytes = Array(content.utf8)
        return try bytes.withUnsafeBytes { raw in
            var lexer = ContentLexer(raw)
            var out: [String] = []
            while let token = try lexer.next() {
                switch token {
                case .operand(.number(let x)): out.append(String(format: "%g", x))
                case .operand(.object(let o)): out.append("\(o)")
                case .op(0): out.append("?")
                case .op(let code):
                    var letters: [UInt8] = []
                    var v = code
                    while v > 0 { letters.insert(UInt8(v & 0xFF), at: 0); v >>= 8 }
                    out.append(String(decoding: letters, as: UTF8.self))
                }
            }
            return out
        }
    }

    static let splits: [(String, [String])] = [
        ("2.4BI", ["2.4", "BI"]),
        ("10 20 m 30 40 l S", ["10", "20", "m", "30", "40", "l", "S"]),
        ("1e308 Tr", ["1", "e308", "Tr"]),              // no exponents in PDF: 1 and a word
        ("5-3 w", ["5", "-3", "w"]),                    // a minus before the point starts a new number
        ("0.5-3 w", ["0.53", "w"]),                     // after the point it is skipped (Adobe's reading)
        ("-.5 .25 +7", ["-0.5", "0.25", "7"]),
        ("3.14.15 w", ["3.14", "0.15", "w"]),           // a second point starts a new number
        ("12re", ["12", "re"]),
        ("- . + Q", ["-0", "0", "0", "Q"]),             // a sign or a point alone is 0
    ]

    @Test("Numbers end where poppler ends them", arguments: splits)
    func numberEnds(_ content: String, _ expected: [String]) throws {
        #expect(try Self.tokens(content) == expected, "\(content)")
    }

    static let imageTokens: [(String, Bool)] = [
        ("q 1 0 0 1 0 0 cm BI /W 1 /H 1 ID x EI Q", false),
        ("2.4BI /W 1 /H 1 ID x EI", false),
        ("-BI /W 1 ID x EI", false),
        ("(aBIb) Tj", true),
        ("/SUBI gs", true),
        ("10 20 m BIx", true),
    ]

    @Test("An inline image is seen after a number run into it", arguments: imageTokens)
    func inlineImageSearch(_ content: String, _ imageFree: Bool) throws {
        let document = try ScoreDocument(data: PageIsolationTests.document([content]))
        let file = try #require(document.structure)
        #expect(file.imageFree(content: Array(content.utf8)) == imageFree, "\(content)")
    }

    /// A readable page with a 10¹⁰-pixel inline image behind a number.
    static let hidden = PageIsolationTests.good + " 2.4BI /W 100000 /H 100000 /CS /G /BPC 8 ID \u{7f} EI"

    @Test("A huge inline image run into a number is refused by the checks")
    func hiddenImageRefused() throws {
        let pages = try ScoreDocument(data: PageIsolationTests.document([PageIsolationTests.good, Self.hidden])).detectLayout()
        #expect(pages[0].systems.count == 3)
        #expect(pages[1].unreadableReason?.hasPrefix("image-too-large") == true, "\(pages[1].unreadableReason ?? "nil"): \(pages[1].declined)")
    }

    @Test("The checks read on past operands poppler reports and skips: a wide stroke after arrays nested 70 deep is refused")
    func checksReadPastBadOperands() throws {
        // Closed, as in the campaign's file: poppler (nesting limit 500) reads the arrays and draws what follows. An
        // array never closed would take the rest of the content with it, in poppler's reading and the check's alike.
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + " 0 0 m 2000000000 w 1 J 100 0 l S"
        let strict = Array(deep.utf8).withUnsafeBytes { bytes -> Bool in
            var lexer = ContentLexer(bytes)
            do { while try lexer.next() != nil {} } catch { return false }
            return true
        }
        #expect(!strict, "the drawing reader's lexer still stops at what it cannot parse")
        let pages = try ScoreDocument(data: PageIsolationTests.document([PageIsolationTests.good, PageIsolationTests.good + " " + deep]))
            .detectLayout()
        #expect(pages[0].systems.count == 3)
        #expect(pages[1].unreadableReason?.hasPrefix("coordinate-out-of-range") == true, "\(pages[1].declined)")
    }

    @Test("A string never closed ends the content for the checks as for poppler, read once however many follow")
    func unclosedStringEndsContent() throws {
        // Before, the checks' lexer read on from the byte after each unparseable operand: fifty thousand unclosed
        // strings were each read to the end, 10⁹ steps.
        let content = "1 0 0 1 0 0 cm (abc" + String(repeating: "(", count: 50_000)
        let tokens = try Array(content.utf8).withUnsafeBytes { bytes throws -> Int in
            var lexer = ContentLexer(bytes, tolerant: true)
            var count = 0
            while try lexer.next() != nil { count += 1 }
            return count
        }
        #expect(tokens == 7)
    }

    @Test("The repeat signs are never read through poppler from a page the checks refuse")
    func drawnFormSkipsRefusedPages() throws {
        // A layout with bars on both pages (read from two good pages), applied to a document whose second page hides
        // the image: the drawing of that page must not reach poppler. Run on a thread of its own so that a regression
        // fails the test instead of hanging the suite.
        let layout = try ScoreLayout(detected: try ScoreDocument(data: PageIsolationTests.document([PageIsolationTests.good,
                                                                                                     PageIsolationTests.good])).detectLayout())
        nonisolated(unsafe) let document = try ScoreDocument(data: PageIsolationTests.document([PageIsolationTests.good, Self.hidden]))
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<DrawnForm, ScoreDocumentError>?
        Thread.detachNewThread {
            result = Result { () throws(ScoreDocumentError) in try document.drawnForm(layout: layout) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 60) == .success, "drawnForm did not return within 60 s")
        if case .failure(let error)? = result { Issue.record("\(error)") }
    }

    /// The PDF campaign's `hang-s1520-5731` as found: page 2's content stream (Flate) holds `2.4BI /W 100000 /H 100000`,
    /// and a stray `}` in a dictionary keeps Tonmeister's reader (strict, and repaired) from reading the file at all.
    static let finding = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz/hang-s1520-5731.pdf")

    /// The campaign's `near-s1522-5676`: the same image, with an earlier stream whose `endstream` was lost, so the next
    /// `endstream` lies after the image's stream.
    static let nearFinding = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz/near-s1522-5676.pdf")

    @Test("An inline image in a compressed stream of a file no reader of ours reads is found by inflating the raw streams",
          arguments: [finding, nearFinding])
    func inflatedRawScan(_ url: URL) throws {
        let data = try Data(contentsOf: url)
        let document = try ScoreDocument(data: data)
        #expect(document.structure == nil)
        let refusal = data.withUnsafeBytes { RawImageScan.inflatedRefusal($0) }
        #expect(refusal?.code == "image-too-large", "\(String(describing: refusal))")
        let start = Date()
        let pages = try document.detectLayout()
        #expect(pages.allSatisfy { $0.unreadableReason?.hasPrefix("image-too-large") == true }, "\(pages.map(\.declined))")
        #expect(Date().timeIntervalSince(start) < 5)
        // The same image in a clean compressed stream is found too (the raw search of uncompressed bytes cannot).
        let clean = PageIsolationTests.document([PageIsolationTests.good]) // no image: nothing refused
        #expect(clean.withUnsafeBytes { RawImageScan.inflatedRefusal($0) } == nil)
    }

    @Test("A damaged file naming an object number in the millions is refused before poppler repairs it")
    func hugeObjectNumber() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz/memory-s1524-351.pdf")
        let data = try Data(contentsOf: url)
        #expect(data.withUnsafeBytes { PDFFile.repairRefusal($0) }?.contains("9999913") == true)
        #expect { try ScoreDocument(data: data) } throws: { error in
            guard case ScoreDocumentError.damaged(let reason) = error else { return false }
            return reason.contains("object 9999913")
        }
        // A readable file with a few objects is not refused.
        #expect(PageIsolationTests.document([PageIsolationTests.good]).withUnsafeBytes { PDFFile.repairRefusal($0) } == nil)
    }
}
