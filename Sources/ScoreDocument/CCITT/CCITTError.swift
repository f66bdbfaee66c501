/// Why a CCITT fax stream could not be decoded by Tonmeister's own decoder (the page is then rendered by poppler).
///
/// `unsupported` streams are valid fax data the decoder leaves to poppler (uncompressed mode, a row count poppler
/// pads); the other cases are damaged or cut-short streams, named by the row where decoding stopped (0-based).
public enum CCITTError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A valid CCITT feature the decoder does not handle.
    case unsupported(String)
    /// A bit pattern that is no code where the row needed one.
    case invalidCode(row: Int)
    /// A row whose runs or changing elements do not add up to the row's width.
    case badRowLength(row: Int)
    /// The data ended (or an end-of-block code came) before every row of the image was decoded.
    case truncated(row: Int)
    /// An end-of-line code is missing where the parameters require one.
    case missingEndOfLine(row: Int)

    public var description: String {
        switch self {
        case .unsupported(let what): return "unsupported CCITT fax data: \(what)"
        case .invalidCode(let row): return "damaged CCITT fax data: an invalid code in row \(row + 1)"
        case .badRowLength(let row): return "damaged CCITT fax data: row \(row + 1) does not fill the image width"
        case .truncated(let row): return "CCITT fax data cut short: it ends in or before row \(row + 1)"
        case .missingEndOfLine(let row): return "damaged CCITT fax data: no end-of-line code after row \(row + 1)"
        }
    }
}
