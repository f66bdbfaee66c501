/// Why the server cannot start: a bad address, a missing token, a session or score it cannot open.
public enum ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Listening beyond this machine without a token.
    case tokenRequired(host: String)
    /// A token too short, or with characters other than letters, digits and `-._~`.
    case invalidToken(reason: String)
    /// A port outside 0…65535.
    case invalidPort(Int)
    /// A connection cap or timeout that cannot work.
    case invalidLimit(reason: String)
    /// The score PDF was not found where the session says (or where `--score` says).
    case scoreNotFound(looked: [String])
    /// The session file is neither `.sqlite` nor `.json`, or cannot be imported.
    case unusableSession(path: String, reason: String)
    /// The web page's files are not beside the executable (a broken installation).
    case webPageMissing
    /// A text too long for a QR code (its length in characters).
    case qrCode(Int)

    public var description: String {
        switch self {
        case .tokenRequired(let host):
            return "listening on \(host) reaches beyond this machine: give --token so that every request must carry it"
        case .invalidToken(let reason):
            return "unusable token: \(reason)"
        case .invalidPort(let port): return "port \(port) is not in 0…65535"
        case .invalidLimit(let reason): return "unusable server limit: \(reason)"
        case .scoreNotFound(let looked):
            return "the score PDF is not found (looked for \(looked.joined(separator: " and "))); give it with --score"
        case .unusableSession(let path, let reason): return "cannot serve \(path): \(reason)"
        case .qrCode(let length): return "a text of \(length) characters is too long for a QR code"
        case .webPageMissing: return "the web page's files are missing from this build (Tonmeister_TonmeisterServer.resources)"
        }
    }
}
