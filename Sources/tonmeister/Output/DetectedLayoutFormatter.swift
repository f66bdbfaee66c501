import ScoreDocument
import ScoreLayout
import TonmeisterSupport

/// Formats detection results: the session JSON `layout` object plus a per-page detection report, or text.
struct DetectedLayoutFormatter {
    var pages: [DetectedPage]
    var layout: ScoreLayout

    var dpi: Double
    /// How the bars were numbered after the print; nil when numbered by counting (`--count-bars`).
    var numbering: PrintedNumbering?

    /// The detected layout, numbered as `document` prints it unless `countBars`.
    init(pages: [DetectedPage], dpi: Double, document: ScoreDocument? = nil) throws {
        self.dpi = dpi
        self.pages = pages
        layout = try ScoreLayout(detected: pages)
        if let document {
            let printed = try document.numberedAsPrinted(layout)
            layout = printed.layout
            numbering = printed.numbering
        }
    }

    var json: JSONValue {
        guard case .object(var members) = layout.jsonTree else { return layout.jsonTree }
        members.append(("detection", DetectedPage.report(pages, dpi: dpi)))
        if let numbering { members.append(("numbering", numbering.json(layout: layout))) }
        return .object(members)
    }

    /// What the report says about the bar numbers.
    var numberingText: [String] {
        guard let numbering else { return ["bars numbered by counting from 1"] }
        if numbering.used.isEmpty { return ["no printed bar numbers read: bars numbered by counting from 1"] }
        let ocr = numbering.used.filter { $0.source == "ocr" }.count
        return ["bar numbers follow \(numbering.used.count) printed number\(numbering.used.count == 1 ? "" : "s")"
            + (ocr > 0 ? " (\(ocr) read by OCR from the pixels, the others from the PDF's text)" : " (read from the PDF's text)")]
            + numbering.disagreements.map { "  " + $0.message(in: layout, source: numbering.source(of: $0)) }
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
        } + numberingText + [summary]
    }

    /// The pages to check by eye before the session, or that every page read confidently.
    var summary: String {
        let doubtful = pages.filter(\.isDoubtful)
        if doubtful.isEmpty { return "every page read with confidence \(DetectedPage.doubtfulBelow) or more" }
        return "check before the session (split, merge and barline edits): "
            + doubtful.map { "page \($0.page) (\($0.status == .unreadable ? "unreadable" + ($0.unreadableReason.map { ": \($0)" } ?? "") : "confidence \($0.confidence)"))" }.joined(separator: ", ")
    }
}
