/// The numbering rules that make a layout's bar numbers agree with the numbers the engraver printed, and what
/// was learnt on the way (see `ScoreLayout.numbering(agreeingWith:endings:)`).
public struct PrintedNumbering: Hashable, Sendable {
    /// The rules to number the layout with (`ScoreLayout.renumbered(_:)`), in bar order.
    public var rules: [NumberingRule]
    /// The printed numbers the rules agree with.
    public var used: [PrintedBarNumber]
    /// Printed numbers left aside: inconsistent with their neighbours and not explained by the score's structure
    /// (digits that are not bar numbers, such as fingerings, tempo marks or ending labels).
    public var ignored: [PrintedBarNumber]
    /// Where the print differs from counting bars; the print wins.
    public var disagreements: [NumberingDisagreement]

    /// Creates a result.
    public init(rules: [NumberingRule] = [], used: [PrintedBarNumber] = [], ignored: [PrintedBarNumber] = [],
                disagreements: [NumberingDisagreement] = []) {
        self.rules = rules
        self.used = used
        self.ignored = ignored
        self.disagreements = disagreements
    }
}
