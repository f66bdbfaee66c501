import Foundation
import Testing
@testable import ScoreDocument

/// Detection against the hand-checked layouts of the bundled scores (Scores/<name>.layout.json).
@Suite("Detection reproduces the bundled scores' layouts")
struct DetectionTruthTests {
    static let scores = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scores")

    /// A score and the tolerance in points for its systems and barlines.
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var tolerance: Double
        var description: String { name }
    }

    static let cases = [Case(name: "minuet", tolerance: 3), Case(name: "prelude", tolerance: 3),
                        Case(name: "chorale", tolerance: 3), Case(name: "prelude-scanned", tolerance: 5),
                        Case(name: "bench-20pages", tolerance: 3)]

    struct TruthSystem { var top: Double; var bottom: Double; var barlines: [Double] }

    /// Reads the truth: per page, systems with their barline x positions (the right edge of every bar).
    static func truth(_ name: String) throws -> [Int: [TruthSystem]] {
        let data = try Data(contentsOf: scores.appendingPathComponent("\(name).layout.json"))
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        var result: [Int: [TruthSystem]] = [:]
        for page in json?["pages"] as? [[String: Any]] ?? [] {
            let number = page["page"] as? Int ?? 0
            result[number] = (page["systems"] as? [[String: Any]] ?? []).map { system in
                let bars = system["bars"] as? [[String: Any]] ?? []
                return TruthSystem(top: system["top"] as? Double ?? .nan, bottom: system["bottom"] as? Double ?? .nan,
                                   barlines: bars.compactMap { $0["right"] as? Double })
            }
        }
        return result
    }

    @Test("detected layout matches the truth", arguments: cases)
    func matchesTruth(_ c: Case) throws {
        let pdf = Self.scores.appendingPathComponent("\(c.name).pdf").path
        let truth = try Self.truth(c.name)
        let document = try ScoreDocument(path: pdf)
        let detected = try document.detectLayout()
        #expect(detected.count == document.pageCount)
        #expect(truth.count == document.pageCount, "the truth lists every page")
        for page in detected {
            let expected = truth[page.page] ?? []
            #expect(page.systems.count == expected.count, "page \(page.page): systems")
            if expected.isEmpty {
                #expect(page.status == .empty, "page \(page.page) has no systems and says so")
            } else {
                #expect(page.status == .ok)
                #expect(page.confidence >= 0.8, "page \(page.page) confidence \(page.confidence)")
            }
            for (system, truthSystem) in zip(page.systems, expected) {
                #expect(abs(system.top - truthSystem.top) <= c.tolerance, "page \(page.page) system top \(system.top) vs \(truthSystem.top)")
                #expect(abs(system.bottom - truthSystem.bottom) <= c.tolerance, "page \(page.page) system bottom \(system.bottom) vs \(truthSystem.bottom)")
                #expect(system.barlines.count == truthSystem.barlines.count,
                        "page \(page.page) system at \(Int(truthSystem.top)): barlines \(system.barlines.map { Int($0) }) vs \(truthSystem.barlines.map { Int($0) })")
                for (x, t) in zip(system.barlines, truthSystem.barlines) {
                    #expect(abs(x - t) <= c.tolerance, "page \(page.page) barline \(x) vs \(t)")
                }
            }
        }
    }
}
