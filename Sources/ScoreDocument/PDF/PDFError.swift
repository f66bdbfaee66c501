/// Why Tonmeister's own PDF reader could not read what it needed from a file (the caller then leaves the page
/// to poppler).
public enum PDFReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not parse as the PDF structure expected there.
    case malformed(String)
    /// Valid PDF this reader does not handle (encryption, a filter it lacks …).
    case unsupported(String)
    /// Damaged data whose reading by poppler cannot be known: poppler's inflater reads on past a Flate stream's
    /// distance too far back, copying whatever its window holds, where zlib stops.
    case undecidable(String)

    public var description: String {
        switch self {
        case .malformed(let what): return "damaged PDF structure: \(what)"
        case .unsupported(let what): return "unsupported PDF feature: \(what)"
        case .undecidable(let what): return "damaged PDF data poppler reads on past: \(what)"
        }
    }
}
