import Foundation
import Testing
@testable import ScoreDocument

/// Detection on scores this project did not engrave (Tests/ScoreDocumentTests/Corpus, made by
/// scripts/make-corpus.py with truth from each engraver's own geometry), scored by F1 as issue 14 sets the goals.
@Suite("Detection on other engravers' PDFs and on scans")
struct DetectionCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    /// A folder of the corpus and its goals.
    struct Kind: CustomStringConvertible, Sendable {
        var folder: String
        var scanned: Bool
        /// Every page must be read from its drawing (false where barlines are font glyphs the drawing cannot measure).
        var fromDrawing = true
        /// A barline F1 floor above the goal, where a folder reads better than it (a fall below it is a regression).
        var barlineFloor: Double?
        var description: String { folder }
        var systemGoal: Double { scanned ? 0.97 : 0.99 }
        var barlineGoal: Double { barlineFloor ?? (scanned ? 0.93 : 0.98) }
    }

    static let kinds = [Kind(folder: "musescore", scanned: false), Kind(folder: "verovio", scanned: false),
                        Kind(folder: "lilypond", scanned: false), Kind(folder: "scans", scanned: true),
                        Kind(folder: "scans-other", scanned: true),
                        Kind(folder: "converted", scanned: false, fromDrawing: false),
                        // abcm2ps (Ghostscript) and MusiXTeX (pdfTeX, Type 1 fonts), scripts/corpus/make-engravers.py:
                        // stems from the top staff line to the bottom one must not read as barlines (issue 30);
                        // the -heldout folders were never used to tune detection.
                        Kind(folder: "abcm2ps", scanned: false), Kind(folder: "abcm2ps-heldout", scanned: false),
                        Kind(folder: "musixtex", scanned: false), Kind(folder: "musixtex-heldout", scanned: false),
                        // their curled and bilevel scans (tuning pages; 0.961 before stems with hollow noteheads and
                        // right-hand curls were read, 0.969 before barlines broken into dots were, 0.994 after: issue 30)
                        Kind(folder: "scans-engravers", scanned: true, barlineFloor: 0.99),
                        // held out (never tuned on; 0.905 before, 0.971 after stems were read by scripts/detection-f1.py,
                        // 0.948 in this test; 0.993 there and 0.971 here after barlines broken into dots were: a regression
                        // guard, below the 0.98 goal in this test's stricter count)
                        Kind(folder: "scans-engravers-heldout", scanned: true, barlineFloor: 0.965)]

    // This test scores the barlines detection found (`DetectedPage.System.barlines`); scripts/detection-f1.py scores
    // the bars of the layout `score detect` prints (`DetectedPage.pageLayout`), where a system whose staff lines run
    // on past its last barline gets a last bar to the staff's right end. A missed final barline (the right-hand curls
    // of N01 and NH2) therefore still matches there and counts as missed here: 0.969 here against 0.974 there on
    // scans-engravers (221 and 223 of 234), 0.948 against 0.971 on scans-engravers-heldout (128 and 134 of 141); with
    // dotted barlines read, 0.994 against 0.998 (232 and 234 of 234) and 0.971 against 0.993 (134 and 140 of 141).

    /// Scores every PDF of a folder that has a truth beside it.
    static func score(_ kind: Kind) throws -> (DetectionScore, files: Int, readings: [DetectedPage.Reading: Int]) {
        let folder = corpus.appendingPathComponent(kind.folder)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var total = DetectionScore()
        var count = 0
        var readings: [DetectedPage.Reading: Int] = [:]
        for file in files.sorted() where file.hasSuffix(".pdf") {
            let name = String(file.dropLast(4))
            let truthURL = folder.appendingPathComponent(name + ".layout.json")
            guard FileManager.default.fileExists(atPath: truthURL.path) else { continue }
            let truth = try DetectionScore.truth(at: truthURL)
            let pages = try ScoreDocument(path: folder.appendingPathComponent(file).path).detectLayout()
            for page in pages {
                readings[page.reading, default: 0] += 1
                total += DetectionScore.page(page, truth: truth[page.page] ?? [], systemTolerance: kind.scanned ? 6 : 4,
                                             barlineTolerance: kind.scanned ? 5 : 3, name: name)
            }
            count += 1
        }
        return (total, count, readings)
    }

    @Test("systems and barlines F1 reach the goals", arguments: kinds)
    func f1(_ kind: Kind) throws {
        let (score, files, readings) = try Self.score(kind)
        try #require(files > 0 || kind.folder == "lilypond", "no scores in Corpus/\(kind.folder)")
        guard files > 0 else { return }
        let report = "\(kind.folder): \(files) scores, systems F1 \(score.systemsF1) (\(score.matchedSystems)/\(score.truthSystems) "
            + "truth, \(score.detectedSystems) found), barlines F1 \(score.barlinesF1) (\(score.matchedBarlines)/\(score.truthBarlines) "
            + "truth, \(score.detectedBarlines) found), readings \(readings.map { "\($0.key.rawValue) \($0.value)" }.sorted())"
        print(report)
        for line in score.problems.prefix(40) { print("  " + line) }
        #expect(score.systemsF1 >= kind.systemGoal, "\(report)")
        #expect(score.barlinesF1 >= kind.barlineGoal, "\(report)")
        if !kind.scanned && kind.fromDrawing { #expect(readings[.raster] == nil, "every engraved page is read from its drawing") }
    }
}
