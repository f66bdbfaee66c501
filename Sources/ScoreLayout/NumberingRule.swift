/// An exception to continuous bar numbering, applied by `ScoreLayout.renumbered(_:)`.
///
/// Indices are **global bar indices**: the position of a bar in score order (page, system,
/// bar) counting from 0, as in `ScoreLayout.allBars()`. Rules are `Codable` with Swift's
/// synthesized enum form, e.g. `{"suffix":{"globalIndex":12,"suffix":"a"}}` or `{"pickup":{}}`.
public enum NumberingRule: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The very first bar is an upbeat numbered 0; the next bar is 1.
    case pickup
    /// From this bar on, counting continues from `to` (the bar itself gets `to`).
    case renumber(fromGlobalIndex: Int, to: BarNumber)
    /// This bar gets the previous bar's number with `suffix` (12a after 12) and does not
    /// advance the count.
    case suffix(globalIndex: Int, suffix: String)

    public var description: String {
        switch self {
        case .pickup: return "pickup"
        case .renumber(let index, let number): return "renumber(from bar index \(index) as \(number))"
        case .suffix(let index, let suffix): return "suffix(bar index \(index), '\(suffix)')"
        }
    }
}
