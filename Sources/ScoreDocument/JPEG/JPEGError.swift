/// Why a JPEG stream could not be decoded by Tonmeister's own baseline decoder.
///
/// `unsupported` streams are valid JPEG that the decoder leaves to poppler (progressive, arithmetic, 12-bit,
/// CMYK …); `malformed` streams are damaged or cut short.
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
