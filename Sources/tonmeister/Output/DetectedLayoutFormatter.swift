import ScoreDocument
import ScoreLayout

/// Formats detection results: the session JSON `layout` object plus a per-page detection report, or text.
struct DetectedLayoutFormatter {
    var pages: [DetectedPage]
    var layout: ScoreLayout

    var dpi: Double

    init(pages: [DetectedPage], dpi: Double) throws {
        self.dpi = dpi
        self.pages = pages
        layout = try ScoreLayout(detected: pages)
    }

    var json: JSONValue {
        let report: [JSONValue] = pages.map { page in
            ["page": .int(page.page), "status": .string(page.status.rawValue), "confidence": .double(page.confidence),
             "skewDegrees": .double(page.skewDegrees), "systems": .int(page.systems.count)]
        }
        guard case .object(var members) = layout.jsonTree else { return layout.jsonTree }
        members.append(("detection", ["dpi": .double(dpi), "pages": .array(report)]))
        return .object(members)
    }

    var text: [String] {
        zip(pages, layout.pages).flatMap { detected, page -> [String] in
            var lines = ["page \(page.page): \(page.systems.count) system\(page.systems.count == 1 ? "" : "s"), "
                + "\(detected.status.rawValue), confidence \(detected.confidence)"
                + (detected.skewDegrees != 0 ? ", skew \(detected.skewDegrees)°" : "")]
            for (n, system) in page.systems.enumerated() {
                let staves = system.staves?.count ?? 0
                let bars = system.bars ?? []
                let range = bars.isEmpty ? "no bars" : "bars \(bars.first!.number)–\(bars.last!.number)"
                lines.append("  system \(n + 1): y \(system.top)–\(system.bottom) pt, "
                    + "\(staves) \(staves == 1 ? "staff" : "staves"), \(range)")
            }
            return lines
        }
    }
}
