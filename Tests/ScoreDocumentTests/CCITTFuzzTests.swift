import Foundation
import Testing
import TheoryCore
@testable import ScoreDocument

/// Damaged CCITT fax streams fed to Tonmeister's decoder: each gives an image or a named error, never a crash or a
/// hang. Seeded, so a failure repeats.
@Suite("CCITT fax images: damaged input")
struct CCITTFuzzTests {
    /// The fax stream of a fixture's page image, its parameters and height.
    static func stream(_ name: String) throws -> (bytes: [UInt8], parameters: CCITTDecoder.Parameters, height: Int) {
        let pdf = try [UInt8](Data(contentsOf: ScannedPageTests.fixtures.appendingPathComponent(name)))
        return try pdf.withUnsafeBytes { raw in
            var file = try PDFFile(bytes: raw)
            let image = try PDFPageImage.find(in: &file, page: 0)
            guard case .ccitt(let parameters, _) = image.format else { throw PDFReadError.unsupported("not CCITT") }
            return (Array(pdf[image.data]), parameters, image.height)
        }
    }

    static let names = ["ccitt-g4.pdf", "ccitt-g3-1d.pdf", "ccitt-g3-1d-fill.pdf", "ccitt-g3-2d.pdf", "ccitt-g3-2d-fill.pdf",
                        "ccitt-g4-wide.pdf"]

    @Test("Truncated CCITT streams are a named error, never a crash", arguments: names)
    func truncated(_ name: String) throws {
        let (bytes, parameters, height) = try Self.stream(name)
        #expect(throws: Never.self) { try CCITTDecoderTests.decode(bytes, parameters, height: height).get() }
        var failures = 0
        for length in stride(from: 0, to: bytes.count - 2, by: max(1, bytes.count / 97)) {
            if case .failure = CCITTDecoderTests.decode(Array(bytes.prefix(length)), parameters, height: height) { failures += 1 }
        }
        #expect(failures > 0)
    }

    @Test("CCITT streams with bits flipped, bytes changed or dropped never crash the decoder", arguments: names)
    func corrupted(_ name: String) throws {
        let (clean, parameters, height) = try Self.stream(name)
        var rng = SplitMix64(seed: UInt64(clean.count))
        var failures = 0
        for round in 0..<300 {
            var bytes = clean
            for _ in 0..<(1 + round % 8) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                switch round % 3 {
                case 0: bytes[i] ^= 1 << UInt8.random(in: 0...7, using: &rng)
                case 1: bytes[i] = UInt8.random(in: 0...255, using: &rng)
                default: if bytes.count > 1 { bytes.remove(at: i) }
                }
            }
            if case .failure = CCITTDecoderTests.decode(bytes, parameters, height: height) { failures += 1 }
        }
        #expect(failures > 0)
    }

    @Test("Valid CCITT data read with the wrong parameters gives an image or a named error", arguments: names)
    func wrongParameters(_ name: String) throws {
        let (bytes, clean, height) = try Self.stream(name)
        var rng = SplitMix64(seed: 7)
        for _ in 0..<60 {
            var parameters = clean
            parameters.k = Int.random(in: -1...2, using: &rng)
            parameters.encodedByteAlign = Bool.random(using: &rng)
            parameters.endOfLine = Bool.random(using: &rng)
            parameters.endOfBlock = Bool.random(using: &rng)
            parameters.rows = Int.random(in: 0...height, using: &rng)
            parameters.columns = max(1, clean.columns + Int.random(in: -3...3, using: &rng))
            _ = CCITTDecoderTests.decode(bytes, parameters, height: Int.random(in: 1...height + 5, using: &rng))
        }
    }

    @Test("Random bytes as CCITT data of every coding never crash the decoder")
    func randomBytes() {
        var rng = SplitMix64(seed: 42)
        for round in 0..<400 {
            let bytes = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            var parameters = CCITTDecoder.Parameters()
            parameters.k = round % 3 - 1
            parameters.columns = Int.random(in: 1...200, using: &rng)
            parameters.encodedByteAlign = round % 4 == 0
            parameters.endOfLine = round % 5 == 0
            _ = CCITTDecoderTests.decode(bytes, parameters, height: Int.random(in: 1...50, using: &rng))
        }
    }
}
