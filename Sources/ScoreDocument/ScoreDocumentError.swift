/// Why a PDF score could not be opened, read or rendered.
public enum ScoreDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but could not be read (permissions, a directory …).
    case unreadable(path: String, reason: String)
    /// The bytes are not a PDF (no `%PDF-` header).
    case notPDF(reason: String)
    /// The PDF is damaged or truncated beyond what poppler can repair.
    case damaged(reason: String)
    /// The PDF is encrypted and no password was given.
    case passwordRequired
    /// The PDF is encrypted and the given password is wrong.
    case wrongPassword
    /// A page number outside `1...pageCount`.
    case pageOutOfRange(page: Int, pageCount: Int)
    /// A resolution that is not positive, or so large that cairo would refuse the image.
    case invalidResolution(dpi: Double, reason: String)
    /// Rendering or writing failed inside cairo.
    case renderFailed(reason: String)
    /// Writing an output file failed.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path): return "no such file: \(path)"
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .notPDF(let reason): return "not a PDF: \(reason)"
        case .damaged(let reason): return "damaged PDF: \(reason)"
        case .passwordRequired: return "the PDF is encrypted: give its password with --password"
        case .wrongPassword: return "the PDF is encrypted and the password is wrong"
        case .pageOutOfRange(let page, let count):
            return "page \(page) is out of range: the score has \(count) page\(count == 1 ? "" : "s")"
        case .invalidResolution(let dpi, let reason): return "cannot render at \(formatted(dpi)) dpi: \(reason)"
        case .renderFailed(let reason): return "rendering failed: \(reason)"
        case .writeFailed(let path, let reason): return "cannot write \(path): \(reason)"
        }
    }

    private func formatted(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e12 ? String(Int(d)) : String(d)
    }
}
