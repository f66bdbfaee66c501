import Foundation
import Testing
@testable import ScoreDocument

/// zlib stops at a Flate distance that refers back past the stream's start; poppler's own inflater reads on, copying
/// whatever its window holds. What poppler draws from such a stream cannot be known, so a page that needs one is
/// refused before poppler draws it (`content-undecidable`).
@Suite("Flate streams poppler reads on past")
struct UndecidableFlateTests {
    /// `q 0 0 0 RG Q 2 J 0 g q Q 1 w 10 100 m …` deflated against a preset dictionary the stream does not name: its
    /// matches refer into the dictionary, before the start, after `q 0 0 0 RG Q 2 J 0 g`.
    static let stream = Data(base64Encoded: "eJwrVDAAwyB3hUAFIwUvIDMdKBiIxygg0wguaAQWBAA=")!

    @Test("zlib's output up to the distance, and the distance noted")
    func noted() throws {
        let (bytes, undecidable) = try Self.stream.withUnsafeBytes { try PDFStreamDecoder.inflateNotingDivergence($0) }
        #expect(String(decoding: bytes, as: UTF8.self) == "q 0 0 0 RG Q 2 J 0 g")
        #expect(undecidable)
        #expect(throws: PDFReadError.self) { try Self.stream.withUnsafeBytes { try PDFStreamDecoder.inflate($0) } }
    }

    @Test("A page whose content holds such a distance is refused, in a readable file and in a damaged one",
          arguments: [false, true])
    func refused(damaged: Bool) throws {
        var pdf = HostileInputTests.flatePDF(Self.stream)
        if damaged, let found = pdf.firstRange(of: Data("startxref".utf8)) { pdf[found.upperBound - 1] = UInt8(ascii: "x") }
        let page = try HostileInputTests.detect(pdf)
        #expect(page.status == .unreadable)
        #expect(page.unreadableReason?.hasPrefix("content-undecidable") == true, "\(page.unreadableReason ?? "nil"): \(page.declined)")
    }
}
