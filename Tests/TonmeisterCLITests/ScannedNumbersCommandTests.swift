import Foundation
import Testing
import TestSupport

/// `score detect` on a scan reads its printed bar numbers by OCR, and without Tesseract's model warns and counts.
@Suite("Printed bar numbers on a scan from the command line")
struct ScannedNumbersCommandTests {
    static let scan = "Tests/ScoreDocumentTests/Corpus/scans-numbers/scan-form-abcm2ps-binary-pickup.pdf"

    static func detect(environment extra: [String: String]) throws -> (CLIRunner.Result, [String: Any]) {
        let environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let result = CLIRunner.Result(try ChildProcess.run(CLIRunner.executable, ["score", "detect", scan, "--json"],
                                                           directory: CLIRunner.packageRoot, environment: environment))
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        return (result, object)
    }

    static func printed(_ answer: [String: Any]) -> [String] {
        ((answer["numbering"] as? [String: Any])?["printed"] as? [[String: Any]] ?? []).compactMap { $0["printed"] as? String }
    }

    @Test func readsTheScanAndDegradesWithoutTesseract() throws {
        let (read, answer) = try Self.detect(environment: [:])
        #expect(read.status == 0)
        #expect(Self.printed(answer).contains("4") && Self.printed(answer).contains("8"), "\(Self.printed(answer))")
        #expect(!read.stderr.contains("not read"))

        let (missing, counted) = try Self.detect(environment: ["TESSDATA_PREFIX": "/nonexistent-tessdata"])
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("printed bar numbers on scanned pages are not read"), "\(missing.stderr)")
        #expect(Self.printed(counted).isEmpty)
        #expect((counted["pages"] as? [Any])?.count == 1)
    }
}
