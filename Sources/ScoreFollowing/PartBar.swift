/// One part's content in one measure, as a partwise MusicXML file holds it before the parts are merged.
struct PartBar: Sendable, Equatable {
    /// The part's index in the file.
    var part: Int
    /// The furthest any of its voices reaches, in quarters from the measure's start (0: the part has nothing there).
    var reach: Double
    /// Its sounding notes, onsets in quarters from the measure's start.
    var notes: [ScoreNote] = []
    /// Spans held under a fermata.
    var fermatas: [Range<Double>] = []

    /// The bar fitted into `length` quarters: onsets, lengths and fermatas scaled by `length / reach` (an ornament
    /// written as full notes, a wrong tuplet: the part's notes keep their order and their share of the bar, and none is
    /// left out). On FollowBench's part-length sets, followed as a session follows them (the tap choosing the pass),
    /// squeezing placed 91.8 / 97.3 % of the quartets' downbeats within 0.1 / 0.25 s, cutting the part at the bar's end
    /// 91.2 / 96.8 % (docs/follow.md).
    func squeezed(into length: Double) -> PartBar {
        guard reach > length, length > 0 else { return self }
        let factor = length / reach
        var fitted = self
        fitted.reach = length
        fitted.notes = notes.map { ScoreNote(pitch: $0.pitch, onset: $0.onset * factor, duration: $0.duration * factor, struck: $0.struck) }
        fitted.fermatas = fermatas.map { ($0.lowerBound * factor)..<($0.upperBound * factor) }
        return fitted
    }
}
