import TonmeisterSupport

extension DetectedPage {
    /// The detection report of some pages, as `score detect --json` and the server's layout answers give it:
    /// `{"dpi", "pages": [{"page", "status", "reading", "dpi", "confidence", "skewDegrees", "systems", "doubtful",
    /// "doubtfulSystems": [{"system", "confidence"}], "method", "declined": [{"reading", "reason", "detail"}],
    /// "unreadableReason"}], "doubtfulPages": [n]}`: `method` is the reading used and `declined` the readings not
    /// used, each with a short reason code (see ``DetectedPage/Attempt``).
    package static func report(_ pages: [DetectedPage], dpi: Double) -> JSONValue {
        let list: [JSONValue] = pages.map { page in
            ["page": .int(page.page), "status": .string(page.status.rawValue), "reading": .string(page.reading.rawValue),
             "dpi": page.dpi.map { .double($0) } ?? .null, "confidence": .double(page.confidence),
             "skewDegrees": .double(page.skewDegrees), "systems": .int(page.systems.count), "doubtful": .bool(page.isDoubtful),
             "doubtfulSystems": .array(page.systems.enumerated().filter { $0.element.confidence < doubtfulBelow }
                .map { .object([("system", .int($0.offset + 1)), ("confidence", .double($0.element.confidence))]) }),
             "method": .string(page.method),
             "declined": .array(page.declined.map { .object([("reading", .string($0.reading)), ("reason", .string($0.reason)),
                                                             ("detail", .string($0.detail))]) }),
             "unreadableReason": page.unreadableReason.map { .string($0) } ?? .null]
        }
        return ["dpi": .double(dpi), "pages": .array(list), "doubtfulPages": .array(pages.filter(\.isDoubtful).map { .int($0.page) })]
    }
}
