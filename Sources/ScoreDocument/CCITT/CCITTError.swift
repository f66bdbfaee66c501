/// Why a CCITT fax stream was not decoded by libtiff for Tonmeister (the page is then rendered by poppler).
///
/// `unsupported` streams are valid fax data left to poppler (a coding libtiff does not read as PDF allows it, or
/// libtiff missing); `damaged` ones are invalid or cut short, with libtiff's own words.
public enum CCITTError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A valid CCITT coding the decoder does not handle.
    case unsupported(String)
    /// Data libtiff could not decode without repairing it (an invalid code, a row of the wrong width, data that
    /// ends before the last row).
    case damaged(String)

    public var description: String {
        switch self {
        case .unsupported(let what): return "unsupported CCITT fax data: \(what)"
        case .damaged(let what): return "damaged CCITT fax data: \(what)"
        }
    }
}
