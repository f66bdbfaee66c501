import Foundation
import ScoreLayout
import Testing
@testable import ScoreDocument

/// A document let go of after every reading `score detect`, `serve` and the session commands make of it (layout,
/// printed numbers, the drawn form, rendering) goes away, and its file's mapping with it: nothing the readings keep
/// for the process (script devices, caches shared between threads) holds on to the document or its bytes. A long
/// running `serve` opens a document for every score it is given.
@Suite("Documents go away once let go of")
struct DocumentLifetimeTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    @Test("Every reading done, the document and its mapped bytes are freed", arguments: [
        "scans/scan-faint-verovio-part-short-bars.pdf",
        "scans-numbers/scan-form-lilypond-endings.pdf",
        "lilypond/part.pdf",
        "form/abcm2ps-minuet-dc.pdf",
        "form/lilypond-minuet-dc.pdf",
        "musescore/bach-bwv66-6.pdf",
    ])
    func freed(_ name: String) throws {
        let path = Self.corpus.appendingPathComponent(name).path
        try #require(FileManager.default.fileExists(atPath: path), "\(name) is missing")
        weak var weakDocument: ScoreDocument?
        weak var weakBytes: SharedBytes?
        try Self.readEverything(path) { document in
            weakDocument = document
            weakBytes = document.bytes
            #expect(document.bytes.isMapped, "\(SharedBytes.guardedMappings) guarded mappings open")
        }
        #expect(weakDocument == nil, "the document outlived its readings")
        #expect(weakBytes == nil, "the PDF's bytes outlived the document")
    }

    /// Opens the document at `path`, hands it to `seen`, and reads it as `score detect --draw` and the form reading do.
    static func readEverything(_ path: String, _ seen: (ScoreDocument) -> Void) throws {
        let document = try ScoreDocument(path: path)
        seen(document)
        let detected = try document.detectLayout()
        let plain = try ScoreLayout(detected: detected)
        let numbered = try document.numberedAsPrinted(plain).layout
        _ = try document.drawnForm(layout: numbered)
        _ = try document.renderPNGs(pages: [1], dpi: 50)
    }
}
