import ScoreDocument
import ScoreLayout

/// Formats detection results as the session JSON `layout` object (with bars numbered through the pages),
/// plus a per-page detection report, or as text.
struct DetectedLayoutFormatter {
    var pages: [DetectedPage]

    var json: JSONValue {
        var number = 0
        let pageValues: [JSONValue] = pages.map { page in
            .object([
                ("page", .int(page.page)),
                ("systems", .array(page.systems.map { system in
                    var edges = [system.left] + system.barlines
                    if let last = system.barlines.last, last < system.right - 4 { edges.append(system.right) }
                    let bars: [JSONValue] = zip(edges, edges.dropFirst()).map { left, right in
                        number += 1
                        return ["number": .string(String(number)), "left": .double(rounded(left)), "right": .double(rounded(right))]
                    }
                    return .object([
                        ("top", .double(rounded(system.top))), ("bottom", .double(rounded(system.bottom))),
                        ("staves", .array(system.staves.map { ["top": .double(rounded($0.lowerBound)), "bottom": .double(rounded($0.upperBound))] })),
                        ("bars", .array(bars)),
                    ])
                })),
            ])
        }
        let report: [JSONValue] = pages.map { page in
            ["page": .int(page.page), "status": .string(page.status.rawValue), "confidence": .double(page.confidence),
             "skewDegrees": .double(page.skewDegrees), "systems": .int(page.systems.count)]
        }
        return .object([("pages", .array(pageValues)), ("detection", ["pages": .array(report)])])
    }

    var text: [String] {
        var number = 0
        return pages.flatMap { page -> [String] in
            var lines = ["page \(page.page): \(page.systems.count) system\(page.systems.count == 1 ? "" : "s"), "
                + "\(page.status.rawValue), confidence \(page.confidence)" + (page.skewDegrees != 0 ? ", skew \(page.skewDegrees)°" : "")]
            for (n, system) in page.systems.enumerated() {
                let bars = max(1, system.barlines.count)
                let first = number + 1
                number += bars
                lines.append("  system \(n + 1): y \(rounded(system.top))–\(rounded(system.bottom)) pt, "
                    + "\(system.staves.count) \(system.staves.count == 1 ? "staff" : "staves"), bars \(first)–\(number)")
            }
            return lines
        }
    }
}
