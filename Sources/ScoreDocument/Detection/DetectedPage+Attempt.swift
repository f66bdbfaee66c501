extension DetectedPage {
    /// A reading of a page that was tried (or skipped) and not used, with why.
    ///
    /// Readings: `checks` (the limits every page passes before poppler sees it), `scan`, `content`, `script`,
    /// `pixels`, `pixels-fine`. Reason codes: `no-structure`, `not-a-scan`, `may-draw-image`, `scanned`,
    /// `vector-off`, `off`, `unsupported`, `damaged`, `unchecked`, `failed`, `invalid-layout`, `worse`, and the
    /// refusals `image-too-large`, `coordinate-out-of-range`, `too-many-operations`.
    public struct Attempt: Hashable, Sendable {
        public var reading: String
        /// A short reason code.
        public var reason: String
        /// The reason in words.
        public var detail: String

        public init(reading: String, reason: String, detail: String) {
            self.reading = reading
            self.reason = reason
            self.detail = detail
        }
    }
}

extension DetectedPage {
    /// Two readings are equal when they found the same: page, status, confidence, skew, systems, `reading`, `dpi`
    /// and `unreadableReason`. How the reading was reached (`method`, `declined`) is not compared, so the same
    /// page read with and without Tonmeister's own decoders compares equal when the layouts do.
    public static func == (a: DetectedPage, b: DetectedPage) -> Bool {
        a.page == b.page && a.status == b.status && a.confidence == b.confidence && a.skewDegrees == b.skewDegrees
            && a.systems == b.systems && a.reading == b.reading && a.dpi == b.dpi && a.unreadableReason == b.unreadableReason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(page)
        hasher.combine(status)
        hasher.combine(confidence)
        hasher.combine(systems)
        hasher.combine(dpi)
    }
}
