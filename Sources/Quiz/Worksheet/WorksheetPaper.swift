/// The paper a PDF worksheet is laid out for, portrait.
public enum WorksheetPaper: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// ISO A4, 210 × 297 mm (the default).
    case a4
    /// US Letter, 8.5 × 11 in.
    case letter

    /// The width in PDF points (1/72 in).
    public var width: Double { self == .a4 ? 595.2756 : 612 }
    /// The height in PDF points.
    public var height: Double { self == .a4 ? 841.8898 : 792 }

    /// `a4` or `letter`.
    public var description: String { rawValue }
}
