import Foundation
import Testing
@testable import ScoreDocument

/// A faint scan on grey paper (`scripts/make-faint-scan.py`): a scanned page is read from pixels at 300 dpi at
/// once (at 150 dpi its thin staff lines turn grey), against its own paper and ink levels, and gives both systems
/// and every barline.
@Suite("Detection reads scans finer")
struct DetectionFineRetryTests {
    static let faint = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/faint/chorale-faint.pdf").path

    @Test("a faint scan on grey paper is read at 300 dpi: two systems of five bars, as engraved")
    func faintScan() throws {
        let document = try ScoreDocument(path: Self.faint)
        let page = try #require(try document.detectLayout().first)
        #expect(page.reading == .raster && page.dpi == ScoreDocument.fineDetectionDPI)
        #expect(page.status == .ok && page.confidence >= 0.8)
        let truth = try DetectionTruthTests.truth("chorale")[2] ?? []
        #expect(page.systems.count == 2)
        for (system, t) in zip(page.systems, truth.prefix(2)) {
            #expect(system.barlines.count == t.barlines.count)
            #expect(abs(system.top - t.top) <= 6 && abs(system.bottom - t.bottom) <= 6)
        }
    }

    @Test("a born-digital page is read from its drawing, a forced raster reading agrees within a point")
    func vectorAndRasterAgree() throws {
        let document = try ScoreDocument(path: DetectionTruthTests.scores.appendingPathComponent("chorale.pdf").path)
        let vector = try document.detectLayout(pages: [2])[0], raster = try document.detectLayout(pages: [2], vector: false)[0]
        #expect(vector.reading == .vector && vector.dpi == nil && raster.reading == .raster)
        #expect(vector.systems.count == raster.systems.count)
        for (a, b) in zip(vector.systems, raster.systems) {
            #expect(abs(a.top - b.top) <= 1 && abs(a.bottom - b.bottom) <= 1)
            #expect(a.barlines.count == b.barlines.count)
            for (x, y) in zip(a.barlines, b.barlines) { #expect(abs(x - y) <= 1) }
        }
    }
}

/// Pages and systems the producer should check by eye are named.
@Suite("Doubtful pages and systems")
struct DoubtfulDetectionTests {
    @Test("an unreadable page and a page read with low confidence are doubtful; clean pages and their systems are not")
    func doubtful() throws {
        let noise = GrayImage(width: 400, height: 500, scale: 150.0 / 72,
                              pixels: (0..<(400 * 500)).map { i in (i % 400) < 390 && (i / 400) % 13 == 0 ? 0 : 255 })
        let striped = LayoutDetector.detect(noise, page: 1)
        #expect(striped.isDoubtful == (striped.status == .unreadable || striped.confidence < DetectedPage.doubtfulBelow))
        let clean = try ScoreDocument(path: DetectionTruthTests.scores.appendingPathComponent("chorale.pdf").path).detectLayout()
        #expect(clean.allSatisfy { !$0.isDoubtful })
        #expect(clean.flatMap(\.systems).allSatisfy { $0.confidence >= DetectedPage.doubtfulBelow && $0.confidence <= 1 })
        let unreadable = DetectedPage(page: 2, status: .unreadable, confidence: 0.2, skewDegrees: 0, systems: [])
        #expect(unreadable.isDoubtful)
        #expect(!DetectedPage(page: 1, status: .empty, confidence: 1, skewDegrees: 0, systems: []).isDoubtful)
    }
}
