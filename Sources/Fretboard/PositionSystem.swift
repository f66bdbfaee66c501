/// A way of dividing the neck into playing positions.
public enum PositionSystem: String, Sendable, Hashable, CaseIterable {
    /// Five positions named after the open chord shapes C, A, G, E and D (six-string guitar tunings).
    case caged
    /// Seven positions with three notes on every string, one starting on each scale degree (heptatonic scales).
    case threeNotesPerString = "3nps"
    /// Every note inside a window of N frets starting at the position's fret (any instrument).
    case window
}
