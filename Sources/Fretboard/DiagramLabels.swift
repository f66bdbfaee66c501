/// What a diagram writes on each marked cell.
public enum DiagramLabels: String, Sendable, Hashable, CaseIterable {
    /// The formula degree from the root: `1`, `b3`, `bb7`, `#11`.
    case intervals
    /// The spelled note without octave: `C`, `Eb`, `F##`.
    case notes
    /// The fretting finger (chord boxes only; neck diagrams fall back to intervals).
    case fingers
}
