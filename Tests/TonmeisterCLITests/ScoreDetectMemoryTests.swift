import Foundation
import Testing
import TestSupport

/// The peak memory of `score detect` on a scanned PDF of many pages (issue 30): it must not grow with the number of
/// pages (the file was copied into memory whole, and two pages' 300 dpi buffers were held at once).
@Suite("score detect's memory on long scans")
struct ScoreDetectMemoryTests {
    static let scan = CLIRunner.packageRoot.appendingPathComponent("Tests/ScoreDocumentTests/Corpus/scans/scan-noisy-musescore-orchestra.pdf").path
    static let pdfunite = "/usr/bin/pdfunite"

    @Test("Twelve copies of a scan in one PDF peak within 6 MiB of the one-page file",
          .enabled(if: FileManager.default.isExecutableFile(atPath: pdfunite), "needs poppler-utils' pdfunite"))
    func longScan() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tonmeister-long-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let long = directory.appendingPathComponent("long.pdf").path
        let joined = try ChildProcess.run(URL(fileURLWithPath: Self.pdfunite), Array(repeating: Self.scan, count: 12) + [long],
                                          directory: directory)
        try #require(joined.status == 0, "\(joined.errors)")
        let one = try ScoreDetectHostileTests.measured(["score", "detect", Self.scan, "--json"])
        let twelve = try ScoreDetectHostileTests.measured(["score", "detect", long, "--json"])
        #expect(one.status == 0 && twelve.status == 0, "\(one.errors)\(twelve.errors)")
        // Before: the 12 MB file held whole, and two pages read at once on two cores (about +27 MB).
        #expect(twelve.peak < one.peak + 6 << 10, "one page \(one.peak) KiB, twelve pages \(twelve.peak) KiB")
    }
}
