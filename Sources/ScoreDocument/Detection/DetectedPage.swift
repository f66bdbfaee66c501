/// What layout detection found on one page, in PDF points (origin top-left, y downward).
public struct DetectedPage: Hashable, Sendable {
    /// How sure detection is about this page.
    public enum Status: String, Sendable, Hashable {
        /// Systems were found.
        case ok
        /// The page has no staff lines at all (a title page, text, an empty page): no systems, confidently.
        case empty
        /// Long lines were found but no staff could be read from them: no systems are reported.
        case unreadable
    }

    /// A system: staves from the top line of the first to the bottom line of the last, and its barlines.
    public struct System: Hashable, Sendable {
        public var top: Double
        public var bottom: Double
        /// Left and right ends of the staff lines.
        public var left: Double
        public var right: Double
        /// Each staff's top and bottom line.
        public var staves: [ClosedRange<Double>]
        /// Barline centres from left to right (the line at the system's right end included).
        public var barlines: [Double]
        /// 0…1: how evenly spaced its staves are and how clean its barlines (under `doubtfulBelow`: check it).
        public var confidence: Double = 1
    }

    /// How a page was read.
    public enum Reading: String, Sendable, Hashable {
        /// From the page's own drawing (strokes and fills through cairo's script surface): exact, no pixels.
        case vector
        /// From pixels, rendered at `dpi` (scanned pages, and drawings the vector reading could not make sense of).
        case raster
    }

    /// Confidence under which a page or a system should be checked by eye before the session.
    public static let doubtfulBelow = 0.8

    /// True when the page should be checked by eye: unreadable, or read with a confidence under `doubtfulBelow`.
    public var isDoubtful: Bool { status == .unreadable || (status == .ok && confidence < Self.doubtfulBelow) }

    /// The page number (1-based).
    public var page: Int
    public var status: Status
    /// 0…1: 1 when every staff is evenly spaced and every system has clean barlines (or the page is empty).
    public var confidence: Double
    /// The tilt that was corrected, in degrees (0 for clean vector pages).
    public var skewDegrees: Double
    public var systems: [System]
    /// Which path read the page.
    public var reading: Reading = .raster
    /// The resolution a raster reading used (nil for a vector reading).
    public var dpi: Double?
    /// The reading used, finer than `reading`: `scan`, `content`, `script`, `pixels`, `pixels-fine`, or `none`
    /// for a page no reading could read (see `docs/architecture.md`).
    public var method = "pixels"
    /// The readings tried before (or besides) the one used, and why each was not used.
    public var declined: [Attempt] = []
    /// Why no reading could read the page (`code: reason`); nil when one could.
    public var unreadableReason: String?
}
