/// The label of a first, second (or later) ending printed over the bar where that ending begins ("1.", "2.").
public struct PrintedEnding: Hashable, Sendable, Codable {
    /// The global index of the bar the ending begins at.
    public var globalIndex: Int
    /// The ending's number: 1 for the first ending, 2 for the second, …
    public var ordinal: Int

    /// Creates an ending label.
    public init(globalIndex: Int, ordinal: Int) {
        self.globalIndex = globalIndex
        self.ordinal = ordinal
    }
}
