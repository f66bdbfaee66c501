/// A place on the neck: a string (1 = nearest the player's thumb) and a neck fret (0 = open).
public struct FretCell: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The string number, 1-based from the thumb side.
    public let string: Int
    /// The neck fret; 0 is the open string.
    public let fret: Int

    /// Creates a cell.
    public init(string: Int, fret: Int) {
        self.string = string
        self.fret = fret
    }

    /// Orders by string, then fret.
    public static func < (lhs: FretCell, rhs: FretCell) -> Bool { (lhs.string, lhs.fret) < (rhs.string, rhs.fret) }

    /// `3/5` (string 3, fret 5).
    public var description: String { "\(string)/\(fret)" }
}
