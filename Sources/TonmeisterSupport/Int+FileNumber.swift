extension Int {
    /// The largest magnitude a number read from a file may have to become an integer (PDF's own limit for
    /// integers, 2³¹ − 1): beyond it a count, offset, size or code is damage, not data.
    package static let largestFileInteger = Int(Int32.max)

    /// A number read from a file (a PDF, CFF font or content stream) as an integer, truncated toward zero; nil
    /// when it is not finite or its magnitude exceeds `limit`. `Int(_: Double)` traps on such numbers, so every
    /// number a file supplies becomes an integer through this.
    package init?(fileNumber value: Double, limit: Int = Int.largestFileInteger) {
        guard value.isFinite, value.magnitude <= Double(limit) else { return nil }
        self = Int(value)
    }
}
