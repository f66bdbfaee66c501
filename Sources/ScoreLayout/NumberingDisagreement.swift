/// A place where the printed bar number differs from the bars counted on the page; the print is trusted.
public struct NumberingDisagreement: Hashable, Sendable {
    /// Why the numbers differ, as far as the print and the drawing tell.
    public enum Cause: String, Hashable, Sendable {
        /// The score begins with an upbeat the engraver numbers 0.
        case pickup
        /// The numbering starts again (a new piece or movement on the page), possibly after an upbeat.
        case restart
        /// A later ending repeats the numbers of the first ending.
        case endings
        /// The first bar of the score has another number than 1 (an excerpt, a later movement).
        case offset
        /// The print counts more or fewer bars than were found (a bar missed or split by detection, or the
        /// engraver's own count such as a multi-bar rest): the print is trusted from this bar on.
        case mismatch
    }

    /// The global index of the bar the printed number stands over.
    public var globalIndex: Int
    /// The number printed there.
    public var printed: BarNumber
    /// The number counting bars continuously would have given it.
    public var counted: BarNumber
    /// Why they differ.
    public var cause: Cause

    /// Creates a disagreement.
    public init(globalIndex: Int, printed: BarNumber, counted: BarNumber, cause: Cause) {
        self.globalIndex = globalIndex
        self.printed = printed
        self.counted = counted
        self.cause = cause
    }
}
