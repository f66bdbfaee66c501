import Foundation
import Testing
@testable import ScoreDocument

/// A file or page Tonmeister's reader cannot read is still drawn by poppler, which repairs what it can: every stream
/// of such a file that reads as content is checked against the page limits (``RawImageScan/contentRefusal(_:at:)``),
/// and only content is read as content.
@Suite("Raw streams read as content")
struct RawContentScanTests {
    static func refusal(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBytes { RawImageScan.contentRefusal($0, at: 0)?.code }
    }

    static let wideStroke = "q 1 0 0 1 100 100 cm 2112776377952 w 1 J 0 0 m 0 -85 l S Q"

    @Test("Content over a limit is refused; text, PostScript and ordinary content are not", arguments: [
        (wideStroke, "coordinate-out-of-range"),
        ("[0.3] 0 d 1 w 0 0 m " + StrokeLimitsTests.zigzag + " S", "too-many-dashes"),
        ("1000000 w 1 j 0 0 m " + StrokeLimitsTests.wideZigzag + " S", "pen-too-wide"),
        ("0 0 0 RG 1 w 10 100 m 190 100 l S BT /F1 12 Tf 10 10 Td (Allegro) Tj ET", nil),
        // An attached LaTeX source: numbers, but no content operators.
        ("\\documentclass{book} \\setlength{\\paperwidth}{2245804717768704sp} \\begin{document} x \\end{document}", nil),
        // A Type 1 program's clear text and a CMap are PostScript: `5000791 def` is no coordinate.
        ("%!PS-AdobeFont-1.0: Emmentaler 2.24\n/UniqueID 5000791 def /FontMatrix [0.001 0 0 0.001 0 0] readonly def", nil),
        ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap 99999999 begincodespacerange", nil),
        // Digits in image data are taken by no operator.
        (String(repeating: "5", count: 400), nil),
    ] as [(String, String?)])
    func contentRefusal(_ text: String, _ expected: String?) {
        #expect(Self.refusal(text) == expected)
    }

    @Test("A page whose dictionary no reader of ours can read is refused for a wide stroke in any content stream")
    func unreadablePage() throws {
        // The page dictionary holds a broken hex string (as the campaign's hang-s1535-9548): Tonmeister's reader and
        // its repair give up on the page; poppler reads past the damage and draws the stream.
        let data = ImageFreePageTests.pdf(page: "/Rotate 90 /Resources << >> /Damage <41Z>", content: Self.wideStroke)
        let start = Date()
        let page = try HostileInputTests.detect(data)
        #expect(page.status == .unreadable, "\(page.declined)")
        #expect(page.unreadableReason?.hasPrefix("coordinate-out-of-range: the stream at offset") == true, "\(page.unreadableReason ?? "nil")")
        #expect(Date().timeIntervalSince(start) < 5)
    }
}
