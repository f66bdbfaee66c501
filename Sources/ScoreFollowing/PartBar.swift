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

    /// The bar cut at `length` quarters: what starts there or later is left out, what sounds across it ends there.
    ///
    /// An ornament written as full notes or a wrong tuplet delays only what follows it: the notes before it stay where
    /// they are played. On FollowBench's part-length set this placed 0.859 of the quartets' downbeats within 0.1 s,
    /// squeezing the part's notes into the bar 0.805 (docs/follow.md).
    func cut(at length: Double) -> PartBar {
        guard reach > length else { return self }
        var fitted = self
        fitted.reach = length
        fitted.notes = notes.filter { $0.onset < length - BarLength.tolerance }.map {
            ScoreNote(pitch: $0.pitch, onset: $0.onset, duration: min($0.duration, length - $0.onset), struck: $0.struck)
        }
        fitted.fermatas = fermatas.filter { $0.lowerBound < length - BarLength.tolerance }.map { $0.lowerBound..<min($0.upperBound, length) }
        return fitted
    }
}
