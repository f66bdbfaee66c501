import ScoreLayout

/// The playing order `score form --detect` proposes for one piece, with the signs it was read from.
public struct FormProposal: Hashable, Sendable {
    /// The piece (0-based index into the programme; 0 for a session without pieces).
    public var piece: Int
    /// The piece's title ("" for a session without pieces).
    public var title: String
    /// The piece's first and last bar.
    public var firstBar: BarNumber, lastBar: BarNumber
    /// The proposed order; nil when the signs give the score order (or there are none).
    public var order: [BarSpan]?
    /// The signs read over the piece's bars.
    public var form: DrawnForm

    /// The proposals for each piece of `session` (every piece, or the one at `piece`) from the signs of its score.
    ///
    /// A session without pieces is proposed one order spanning the whole score. A piece whose bars are not in the
    /// layout gets no proposal.
    public static func proposals(session: Session, form: DrawnForm, piece: Int? = nil) -> [FormProposal] {
        guard let layout = session.layout else { return [] }
        let bars = layout.allBars().map(\.layout)
        guard !bars.isEmpty else { return [] }
        var pieces: [(Int, String, ClosedRange<Int>)] = []
        if session.pieces.isEmpty {
            pieces = [(0, "", 0...(bars.count - 1))]
        } else {
            for (index, range) in session.pieceBarRanges().enumerated() {
                guard let range, piece == nil || piece == index else { continue }
                pieces.append((index, session.pieces[index].title, range))
            }
        }
        return pieces.map { index, title, range in
            let signs = RepeatSigns(form: form, bars: bars, range: range)
            let spans = signs.playingOrder()
            let whole = spans.count == 1 && spans[0] == BarSpan(first: bars[range.lowerBound].number, last: bars[range.upperBound].number)
            return FormProposal(piece: index, title: title, firstBar: bars[range.lowerBound].number, lastBar: bars[range.upperBound].number,
                                order: whole || spans.isEmpty ? nil : spans, form: form.restricted(to: range))
        }
    }
}
