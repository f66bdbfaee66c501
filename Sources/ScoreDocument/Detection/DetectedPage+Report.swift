import ScoreLayout

extension DetectedPage {
    /// The detection report of some pages, as `score detect --json` and the server's layout answers give it:
    /// `{"dpi", "pages": [{"page", "status", "reading", "dpi", "confidence", "skewDegrees", "systems", "doubtful",
    /// "doubtfulSystems": [{"system", "confidence"}]}], "doubtfulPages": [n]}`.
    package static func report(_ pages: [DetectedPage], dpi: Double) -> JSONValue {
        let list: [JSONValue] = pages.map { page in
            ["page": .int(page.page), "status": .string(page.status.rawValue), "reading": .string(page.reading.rawValue),
             "dpi": page.dpi.map { .double($0) } ?? .null, "confidence": .double(page.confidence),
             "skewDegrees": .double(page.skewDegrees), "systems": .int(page.systems.count), "doubtful": .bool(page.isDoubtful),
             "doubtfulSystems": .array(page.systems.enumerated().filter { $0.element.confidence < doubtfulBelow }
                .map { .object([("system", .int($0.offset + 1)), ("confidence", .double($0.element.confidence))]) })]
        }
        return ["dpi": .double(dpi), "pages": .array(list), "doubtfulPages": .array(pages.filter(\.isDoubtful).map { .int($0.page) })]
    }
}
