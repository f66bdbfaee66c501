/// Why a JPEG stream of a scanned page could not be decoded (``JPEGDecoder``, through libjpeg-turbo).
///
/// `unsupported` streams are valid JPEG left to poppler (CMYK, YCCK or RGB-coded, or libjpeg-turbo is not
/// installed); `malformed` streams are damaged or cut short.
public enum JPEGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A valid JPEG feature the decoder does not handle.
    case unsupported(String)
    /// The stream is damaged or truncated.
    case malformed(String)

    public var description: String {
        switch self {
        case .unsupported(let what): return "unsupported JPEG: \(what)"
        case .malformed(let what): return "damaged JPEG: \(what)"
        }
    }
}
