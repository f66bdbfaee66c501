/// Why a text is not valid JSON, and where.
package struct JSONSyntaxError: Error, CustomStringConvertible, Equatable {
    /// What was wrong.
    package let reason: String
    /// The byte offset where reading stopped.
    package let byte: Int

    package var description: String { "not valid JSON: \(reason) at byte \(byte)" }
}
