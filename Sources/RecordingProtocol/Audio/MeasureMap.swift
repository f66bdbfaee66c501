import ScoreLayout

/// How the measures of the score's notes (`score.music`) map to the bars of the session's layout.
///
/// By printed number first: a measure numbered `12` is the layout's first bar numbered 12. When some numbers are not
/// bars of the layout but the notes have exactly as many measures as the layout has bars, measures map by count instead
/// (the i-th measure is the i-th bar). Otherwise the measures without a bar are left out. Every mismatch is reported.
public struct MeasureMap: Sendable {
    /// The layout bar (global index in score order) of each measure number.
    public let bars: [String: Int]
    /// True when the measures were mapped by count, their numbers disagreeing with the print.
    public let byCount: Bool
    /// What did not agree, for a person: numbers without a bar, a different count.
    public let mismatches: [String]

    /// Maps `measures` (the notes' measure numbers in score order, each notated measure once) to the layout's bars: to
    /// those on `pages` (session pages) only when given, the pages of one score in a session of several, whose bar
    /// numbers each start again.
    public init(measures: [String], layout: ScoreLayout, pages: ClosedRange<Int>? = nil) {
        let layoutBars = layout.allBars().filter { pages?.contains($0.page) ?? true }
        var first: [BarNumber: Int] = [:]
        for bar in layoutBars where first[bar.number] == nil { first[bar.number] = bar.globalIndex }
        var byNumber: [String: Int] = [:]
        var missing: [String] = []
        for number in measures where byNumber[number] == nil {
            if let bar = (try? BarNumber(number)).flatMap({ first[$0] }) { byNumber[number] = bar } else { missing.append(number) }
        }
        var notes: [String] = []
        if measures.count != layoutBars.count {
            notes.append("the score's notes have \(measures.count) measure\(measures.count == 1 ? "" : "s"), the layout \(layoutBars.count) bar\(layoutBars.count == 1 ? "" : "s")")
        }
        if !missing.isEmpty, measures.count == layoutBars.count {
            var counted: [String: Int] = [:]
            for (index, number) in measures.enumerated() where counted[number] == nil { counted[number] = layoutBars[index].globalIndex }
            bars = counted
            byCount = true
            notes.append("measure\(missing.count == 1 ? "" : "s") \(Self.list(missing)) of the notes \(missing.count == 1 ? "is" : "are") not numbered as in the layout: measures are mapped to bars by count")
        } else {
            bars = byNumber
            byCount = false
            if !missing.isEmpty {
                notes.append("measure\(missing.count == 1 ? "" : "s") \(Self.list(missing)) of the notes \(missing.count == 1 ? "has" : "have") no bar of that number in the layout: \(missing.count == 1 ? "its downbeat is" : "their downbeats are") left out")
            }
        }
        mismatches = notes
    }

    /// `1, 2, 3` or `1, 2, 3 … (12 in all)`.
    static func list(_ items: [String]) -> String {
        items.count <= 8 ? items.joined(separator: ", ") : items.prefix(8).joined(separator: ", ") + " … (\(items.count) in all)"
    }
}
