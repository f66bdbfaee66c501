/// A finger laid across several strings at one fret.
public struct Barre: Hashable, Sendable, CustomStringConvertible {
    /// The neck fret.
    public let fret: Int
    /// The lowest-numbered string covered (thumb side).
    public let fromString: Int
    /// The highest-numbered string covered.
    public let toString: Int
    /// The finger (1 = index).
    public let finger: Int

    /// Creates a barre.
    public init(fret: Int, fromString: Int, toString: Int, finger: Int) {
        self.fret = fret
        self.fromString = fromString
        self.toString = toString
        self.finger = finger
    }

    /// The number of strings covered.
    public var width: Int { toString - fromString + 1 }

    /// `barre 1 at fret 3 over strings 2–6`.
    public var description: String { "barre \(finger) at fret \(fret) over strings \(fromString)–\(toString)" }
}
