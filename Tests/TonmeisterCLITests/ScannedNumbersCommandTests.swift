import Foundation
import Testing
import TestSupport

/// `score detect` on a scan reads its printed bar numbers by OCR, and without Tesseract's model warns and counts.
@Suite("Printed bar numbers on a scan from the command line")
struct ScannedNumbersCommandTests {
    static let scan = "Tests/ScoreDocumentTests/Corpus/scans-numbers/scan-form-abcm2ps-binary-pickup.pdf"

    static func detect(_ file: String = scan, environment extra: [String: String], json: Bool = true) throws -> (CLIRunner.Result, [String: Any]) {
        let environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let result = CLIRunner.Result(try ChildProcess.run(CLIRunner.executable, ["score", "detect", file] + (json ? ["--json"] : []),
                                                           directory: CLIRunner.packageRoot, environment: environment))
        let object = json ? try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:] : [:]
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
        // Each number says it was read by OCR, and how sure the reading was.
        let entries = (answer["numbering"] as? [String: Any])?["printed"] as? [[String: Any]] ?? []
        #expect(!entries.isEmpty && entries.allSatisfy { $0["source"] as? String == "ocr" && $0["confidence"] is Double })

        let (missing, counted) = try Self.detect(environment: ["TESSDATA_PREFIX": "/nonexistent-tessdata"])
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("printed bar numbers on scanned pages are not read"), "\(missing.stderr)")
        #expect(Self.printed(counted).isEmpty)
        #expect((counted["pages"] as? [Any])?.count == 1)
    }

    /// Reading a scan's numbers loads libtesseract with the in-memory stand-ins for libcurl and libarchive
    /// (Sources/CTesseract/stubs.c), so neither they nor the libraries they need (GnuTLS, Kerberos, LDAP, nettle...)
    /// are loaded, and the numbers are read as with them (the test above). glibc's loader lists what it loads on
    /// standard error under `LD_DEBUG=files`.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps"), "glibc on Linux"))
    func loadsTesseractWithoutItsNetworkLibraries() throws {
        let (read, answer) = try Self.detect(environment: ["LD_DEBUG": "files"])
        #expect(read.status == 0)
        #expect(Self.printed(answer).contains("4") && Self.printed(answer).contains("8"), "\(Self.printed(answer))")
        let loaded = read.stderr.split(separator: "\n").filter { $0.contains("calling init:") }
        try #require(loaded.contains { $0.contains("libtesseract.so") }, "\(read.stderr.suffix(2000))")
        for library in ["/libcurl.so", "/libarchive.so", "/libgnutls.so", "/libnettle.so", "/libldap"] {
            #expect(!loaded.contains { $0.contains(library) }, "\(library) was loaded")
        }
    }

    /// A born-digital page: the numbers come from the PDF's text, and the report says where print and count disagree.
    @Test func saysWhereEachNumberWasReadAndWherePrintAndCountDisagree() throws {
        let book = "Tests/ScoreDocumentTests/Corpus/numbering/book-a.pdf"
        let (_, answer) = try Self.detect(book, environment: [:])
        let numbering = answer["numbering"] as? [String: Any] ?? [:]
        let entries = numbering["printed"] as? [[String: Any]] ?? []
        #expect(!entries.isEmpty && entries.allSatisfy { $0["source"] as? String == "text" && $0["confidence"] == nil })
        let disagreements = numbering["disagreements"] as? [[String: Any]] ?? []
        #expect(disagreements.contains { $0["cause"] as? String == "pickup" && $0["source"] as? String == "text" })
        let (text, _) = try Self.detect(book, environment: [:], json: false)
        #expect(text.stdout.contains("(read from the PDF's text)"), "\(text.stdout)")
        #expect(text.stdout.contains("the score opens with an upbeat numbered 0; the print is followed"))
    }
}
