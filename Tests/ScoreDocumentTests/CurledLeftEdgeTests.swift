import Foundation
import Testing
@testable import ScoreDocument

/// A page curled toward its spine keeps each system's left edge at the start of its staff lines (issue 30), on the
/// curled scans of the abcm2ps and MusiXTeX tuning pages (`scripts/corpus/make-scans-other.py N`).
@Suite("Curled scans: each system starts at its staff start")
struct CurledLeftEdgeTests {
    static let folder = DetectionCorpusTests.corpus.appendingPathComponent("scans-engravers")

    /// The largest distance between a truth system's left edge and the detected system at its place (pt).
    static func worstLeft(_ name: String) throws -> Double {
        let data = try Data(contentsOf: folder.appendingPathComponent(name + ".layout.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let pages = try #require(json["pages"] as? [[String: Any]])
        let systems = try #require(pages.first?["systems"] as? [[String: Any]])
        let found = try ScoreDocument(path: folder.appendingPathComponent(name + ".pdf").path).detectLayout()[0].systems
        var worst = 0.0
        for system in systems {
            let top = try #require(system["top"] as? Double), left = try #require(system["left"] as? Double)
            let match = try #require(found.first { abs($0.top - top) <= 6 }, "no system at \(top)")
            worst = max(worst, abs(match.left - left))
        }
        return worst
    }

    @Test("systems start within 5 pt of their staff start",
          arguments: ["scan-n01-curl-abcm2ps-part-a-p1", "scan-n02-curl-musixtex-piano-a-p1", "scan-n04-curl-abcm2ps-piano-a-p1",
                      "scan-n05-curl-abcm2ps-satb-a-p1", "scan-n06-curl-abcm2ps-part-a-p2", "scan-n07-curl-abcm2ps-piano-c-p1",
                      // curled at the left without a brace: its systems started about 50 pt right of the staff
                      // start, after the clef, until curled staves were followed from inside their ends
                      "scan-n08-curl-abcm2ps-piano-c-p2"])
    func leftEdges(_ name: String) throws {
        let worst = try Self.worstLeft(name)
        #expect(worst <= 5)
    }
}
