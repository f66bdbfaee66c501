/// Which horizontal edge of a system an edit moves.
public enum SystemEdge: String, Hashable, Sendable, CaseIterable {
    /// The system's top edge (smaller y).
    case top
    /// The system's bottom edge (larger y).
    case bottom
}
