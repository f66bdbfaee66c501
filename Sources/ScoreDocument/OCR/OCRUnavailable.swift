/// Why OCR cannot run here (printed numbers on scans are then not read, and their bars are numbered by counting).
public enum OCRUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    /// libtesseract or its English model could not be loaded; the loader's own words.
    case notLoaded(String)

    public var description: String {
        switch self {
        case .notLoaded(let reason): "printed bar numbers on scanned pages are not read: \(reason)"
        }
    }
}
