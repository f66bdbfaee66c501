/// A part whose bars do not hold the measure's length the other parts agree on, as the MusicXML reader found it.
///
/// Reading is lenient (DESIGN §6): the measure keeps the length most parts give it (``BarLength``), a part that runs
/// over has its notes there squeezed into it, one that falls short ends early; each part's bars of one kind are
/// one warning.
public struct PartLengthRepair: Sendable, Equatable, CustomStringConvertible {
    /// Whether the part's bars ran over the measure's length (its notes there were squeezed into it) or fell short of it.
    public enum Kind: String, Sendable, Equatable {
        case over = "runs-over"
        case short = "falls-short"
    }

    /// The part's name in the file's part list (else its id).
    public var part: String
    public var kind: Kind
    /// The measures concerned, by printed number, in the file's order.
    public var measures: [String]

    public init(part: String, kind: Kind, measures: [String]) {
        self.part = part
        self.kind = kind
        self.measures = measures
    }

    /// The warning's sentence, naming the part, its bars and what was done.
    public var description: String {
        let count = measures.count
        let shown = measures.prefix(12).joined(separator: ", ") + (count > 12 ? ", …" : "")
        let bars = "\(count) bar\(count == 1 ? "" : "s") (\(shown))"
        switch kind {
        case .over:
            return "part \(part) runs over the other parts in \(bars): its notes there are squeezed into the bar's length"
        case .short:
            return "part \(part) falls short of the other parts in \(bars): it ends early there"
        }
    }
}
