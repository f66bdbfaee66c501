import Foundation
@testable import ScoreDocument

/// Scores detected layouts against truth layouts by F1, as issue 14 measures them: a detected system matches a
/// truth system when its top and bottom both lie within `systemTolerance` points (4 on engraved pages, 6 on
/// scans), one to one; a barline matches a truth barline of the matched system within `barlineTolerance`
/// (3, or 5 on scans). Barlines of unmatched systems count as missed or false.
struct DetectionScore {
    var truthSystems = 0, detectedSystems = 0, matchedSystems = 0
    var truthBarlines = 0, detectedBarlines = 0, matchedBarlines = 0
    /// Lines describing what went wrong, for the test's message.
    var problems: [String] = []

    struct TruthSystem { var top: Double; var bottom: Double; var barlines: [Double] }

    static func f1(_ matched: Int, _ truth: Int, _ detected: Int) -> Double {
        if truth == 0 && detected == 0 { return 1 }
        return truth + detected == 0 ? 1 : 2 * Double(matched) / Double(truth + detected)
    }

    var systemsF1: Double { Self.f1(matchedSystems, truthSystems, detectedSystems) }
    var barlinesF1: Double { Self.f1(matchedBarlines, truthBarlines, detectedBarlines) }

    static func += (a: inout DetectionScore, b: DetectionScore) {
        a.truthSystems += b.truthSystems; a.detectedSystems += b.detectedSystems; a.matchedSystems += b.matchedSystems
        a.truthBarlines += b.truthBarlines; a.detectedBarlines += b.detectedBarlines; a.matchedBarlines += b.matchedBarlines
        a.problems += b.problems
    }

    /// Reads a truth layout JSON: page number → systems (barlines are the right edges of the bars).
    static func truth(at url: URL) throws -> [Int: [TruthSystem]] {
        let json = try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as? [String: Any]
        var result: [Int: [TruthSystem]] = [:]
        for page in json?["pages"] as? [[String: Any]] ?? [] {
            result[page["page"] as? Int ?? 0] = (page["systems"] as? [[String: Any]] ?? []).map { system in
                TruthSystem(top: system["top"] as? Double ?? .nan, bottom: system["bottom"] as? Double ?? .nan,
                            barlines: (system["bars"] as? [[String: Any]] ?? []).compactMap { $0["right"] as? Double })
            }
        }
        return result
    }

    /// Scores one page.
    static func page(_ detected: DetectedPage, truth: [TruthSystem], systemTolerance: Double, barlineTolerance: Double,
                     name: String) -> DetectionScore {
        var score = DetectionScore()
        score.truthSystems = truth.count
        score.detectedSystems = detected.systems.count
        score.truthBarlines = truth.map(\.barlines.count).reduce(0, +)
        score.detectedBarlines = detected.systems.map(\.barlines.count).reduce(0, +)
        var used = Set<Int>()
        for (n, t) in truth.enumerated() {
            let match = detected.systems.indices.filter {
                !used.contains($0) && abs(detected.systems[$0].top - t.top) <= systemTolerance
                    && abs(detected.systems[$0].bottom - t.bottom) <= systemTolerance
            }.min { abs(detected.systems[$0].top - t.top) < abs(detected.systems[$1].top - t.top) }
            guard let match else {
                score.problems.append("\(name) p\(detected.page) system \(n + 1) (\(Int(t.top))–\(Int(t.bottom))) not found; found "
                    + detected.systems.map { "\(Int($0.top))–\(Int($0.bottom))" }.joined(separator: ", "))
                continue
            }
            used.insert(match)
            score.matchedSystems += 1
            var free = detected.systems[match].barlines
            var matched = 0
            for x in t.barlines {
                if let k = free.indices.filter({ abs(free[$0] - x) <= barlineTolerance }).min(by: { abs(free[$0] - x) < abs(free[$1] - x) }) {
                    free.remove(at: k)
                    matched += 1
                }
            }
            score.matchedBarlines += matched
            if matched < t.barlines.count || !free.isEmpty {
                score.problems.append("\(name) p\(detected.page) system \(n + 1): truth \(t.barlines.map { Int($0.rounded()) }) "
                    + "found \(detected.systems[match].barlines.map { Int($0.rounded()) })")
            }
        }
        return score
    }
}
