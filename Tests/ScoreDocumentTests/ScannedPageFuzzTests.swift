import Foundation
import Testing
@testable import ScoreDocument

/// Damaged JPEG streams and PDFs fed to the JPEG decoder (libjpeg-turbo) and Tonmeister's PDF reader: each gives an image, a named error
/// or a fallback to poppler, never a crash.
@Suite("Scanned pages: damaged input")
struct ScannedPageFuzzTests {
    /// The JPEG stream of a fixture's image.
    static func jpegBytes(_ name: String) throws -> [UInt8] {
        let pdf = try [UInt8](Data(contentsOf: ScannedPageTests.fixtures.appendingPathComponent(name)))
        let start = pdf.indices.first { pdf[$0] == 0xFF && pdf[$0 + 1] == 0xD8 && pdf[$0 + 2] == 0xFF }!
        let end = pdf.indices.last { $0 > start && pdf[$0 - 1] == 0xFF && pdf[$0] == 0xD9 }!
        return Array(pdf[start...end])
    }

    /// Decodes `bytes` as far as the decoder goes: true when it gave a whole image.
    static func decode(_ bytes: [UInt8]) -> Result<Void, JPEGError> {
        bytes.withUnsafeBytes { raw in
            Result { () throws(JPEGError) in
                let decoder = try JPEGDecoder(bytes: raw)
                guard decoder.width * decoder.height <= 1 << 22 else { throw .unsupported("too large for the test") }
                let out = UnsafeMutablePointer<UInt8>.allocate(capacity: decoder.width * decoder.height)
                defer { out.deallocate() }
                try decoder.decode(into: out, stride: decoder.width)
            }
        }
    }

    @Test("Truncated JPEG streams are a named error, never a crash", arguments: ["gray-203x131.pdf", "restart-420.pdf", "ycc-422.pdf"])
    func truncated(_ name: String) throws {
        let jpeg = try Self.jpegBytes(name)
        #expect(throws: Never.self) { try Self.decode(jpeg).get() }
        var failures = 0
        for length in stride(from: 0, to: jpeg.count - 2, by: max(1, jpeg.count / 97)) {
            if case .failure = Self.decode(Array(jpeg.prefix(length))) { failures += 1 }
        }
        #expect(failures > 0)
    }

    @Test("JPEG streams with random bytes changed never crash the decoder", arguments: ["gray-97x211.pdf", "restart-420.pdf", "ycc-411.pdf"])
    func corrupted(_ name: String) throws {
        let jpeg = try Self.jpegBytes(name)
        var rng = SystemRandomNumberGenerator()
        for round in 0..<300 {
            var bytes = jpeg
            for _ in 0..<(1 + round % 8) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            _ = Self.decode(bytes)
        }
    }

    @Test("Damaged and truncated PDFs of scans never crash: a named error or poppler's reading")
    func damagedPDFs() throws {
        let pdf = try [UInt8](Data(contentsOf: ScannedPageTests.fixtures.appendingPathComponent("objstm.pdf")))
        var rng = SystemRandomNumberGenerator()
        for round in 0..<120 {
            var bytes = pdf
            if round % 3 == 0 {
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng))) + Array("\n%%EOF\n".utf8)
            } else {
                for _ in 0..<(1 + round % 6) {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
            }
            bytes.withUnsafeBytes { raw in
                if var file = try? PDFFile(bytes: raw) { _ = try? PDFPageImage.find(in: &file, page: 0) }
            }
            guard let document = try? ScoreDocument(data: Data(bytes)) else { continue }
            _ = try? document.scannedGrayImage(page: 1)
            _ = try? document.detectLayout()
        }
    }
}
