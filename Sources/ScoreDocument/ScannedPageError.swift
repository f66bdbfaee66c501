/// Why a scanned page was not read by Tonmeister's own decoder (it is then rendered through poppler, as before).
public enum ScannedPageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The PDF structure could not be read, or holds what the reader leaves to poppler.
    case pdf(PDFReadError)
    /// The page's JPEG could not be decoded, or uses what the decoder leaves to poppler.
    case jpeg(JPEGError)
    /// The page's CCITT fax image could not be decoded, or uses what the decoder leaves to poppler.
    case ccitt(CCITTError)
    /// The image is placed or sized in a way the fast path does not reproduce.
    case placement(String)

    public var description: String {
        switch self {
        case .pdf(let e): return e.description
        case .jpeg(let e): return e.description
        case .ccitt(let e): return e.description
        case .placement(let what): return "image placement: \(what)"
        }
    }
}
