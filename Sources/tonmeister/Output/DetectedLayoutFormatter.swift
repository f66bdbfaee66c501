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
        guard case .object(var members) = layout.jsonTree else { return layout.jsonTree }
        members.append(("detection", DetectedPage.report(pages, dpi: dpi)))
        return .object(members)
    }

    var text: [String] {
        zip(pages, layout.pages).flatMap { detected, page -> [String] in
            var lines = ["page \(page.page): \(page.systems.count) system\(page.systems.count == 1 ? "" : "s"), "
                + "\(detected.status.rawValue), read from \(detected.reading == .vector ? "the drawing" : "pixels at \(Int(detected.dpi ?? 0)) dpi"), "
                + "confidence \(detected.confidence)"
                + (detected.skewDegrees != 0 ? ", skew \(detected.skewDegrees)°" : "")]
            for (n, system) in page.systems.enumerated() {
                let staves = system.staves?.count ?? 0
                let bars = system.bars ?? []
                let range = bars.isEmpty ? "no bars" : "bars \(bars.first!.number)–\(bars.last!.number)"
                let doubt = n < detected.systems.count && detected.systems[n].confidence < DetectedPage.doubtfulBelow
                    ? "  (doubtful, confidence \(detected.systems[n].confidence): check it)" : ""
                lines.append("  system \(n + 1): y \(system.top)–\(system.bottom) pt, "
                    + "\(staves) \(staves == 1 ? "staff" : "staves"), \(range)" + doubt)
            }
            return lines
        } + [summary]
    }

    /// The pages to check by eye before the session, or that every page read confidently.
    var summary: String {
        let doubtful = pages.filter(\.isDoubtful)
        if doubtful.isEmpty { return "every page read with confidence \(DetectedPage.doubtfulBelow) or more" }
        return "check before the session (split, merge and barline edits): "
            + doubtful.map { "page \($0.page) (\($0.status == .unreadable ? "unreadable" + ($0.unreadableReason.map { ": \($0)" } ?? "") : "confidence \($0.confidence)"))" }.joined(separator: ", ")
    }
}
