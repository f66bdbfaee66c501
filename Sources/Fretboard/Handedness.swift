/// Which hand frets the strings; diagrams of a left-handed neck are mirrored.
public enum Handedness: String, Sendable, Hashable, CaseIterable {
    /// The left hand frets (the usual guitar): the nut is on the left of a horizontal neck diagram.
    case right
    /// The right hand frets: the nut is on the right of a horizontal neck diagram, chord boxes are mirrored.
    case left
}
