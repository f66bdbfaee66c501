/// The repeat signs drawn in a score, tied to its bars: what `score form --detect` reads from the page.
///
/// Bars are global indices in score order (as `ScoreLayout.allBars()` numbers them). A start repeat belongs to the
/// bar it opens, an end repeat, D.C., D.S., Fine and "To Coda" to the bar they close, a segno and a coda to the bar
/// they open; an ending bracket to the bars under it.
public struct DrawnForm: Hashable, Sendable {
    /// A sign at one bar.
    public enum Sign: String, Hashable, Sendable, CaseIterable {
        /// A start-repeat barline (thick, thin, two dots) at the bar's left.
        case startRepeat = "start-repeat"
        /// An end-repeat barline (two dots, thin, thick) at the bar's right.
        case endRepeat = "end-repeat"
        /// "Fine" at the bar's end.
        case fine
        /// "D.C." (da capo) at the bar's end.
        case daCapo = "da-capo"
        /// "D.S." (dal segno) at the bar's end.
        case dalSegno = "dal-segno"
        /// The segno at the bar's start.
        case segno
        /// "To Coda" at the bar's end.
        case toCoda = "to-coda"
        /// The coda begins at this bar.
        case coda
    }

    /// One sign at one bar, with where it was read.
    public struct Mark: Hashable, Sendable {
        /// The bar's global index.
        public var bar: Int
        /// The sign.
        public var sign: Sign
        /// The page it is drawn on.
        public var page: Int
        /// What was read: the words ("D.C. al Fine"), or the kind of drawing ("barline with dots", "symbol").
        public var evidence: String

        /// Creates a mark.
        public init(bar: Int, sign: Sign, page: Int, evidence: String) {
            self.bar = bar
            self.sign = sign
            self.page = page
            self.evidence = evidence
        }
    }

    /// An ending bracket (volta) over bars `first...last`, played on the passes it is numbered for.
    public struct Ending: Hashable, Sendable {
        /// The first bar under the bracket (global index).
        public var first: Int
        /// The last bar under the bracket (global index).
        public var last: Int
        /// The passes its label names (`[1]` for "1.", `[1, 2]` for "1.–2."); a bracket whose label could not be
        /// read counts on from the bracket before it.
        public var passes: [Int]
        /// The page it begins on.
        public var page: Int

        /// Creates an ending.
        public init(first: Int, last: Int, passes: [Int], page: Int) {
            self.first = first
            self.last = last
            self.passes = passes
            self.page = page
        }
    }

    /// The signs at bars, in score order.
    public var marks: [Mark]
    /// The ending brackets, in score order.
    public var endings: [Ending]

    /// A form with these signs.
    public init(marks: [Mark] = [], endings: [Ending] = []) {
        self.marks = marks
        self.endings = endings
    }

    /// True when nothing was read.
    public var isEmpty: Bool { marks.isEmpty && endings.isEmpty }

    /// The signs and endings within the global bar indices `range`.
    public func restricted(to range: ClosedRange<Int>) -> DrawnForm {
        DrawnForm(marks: marks.filter { range.contains($0.bar) },
                  endings: endings.filter { range.contains($0.first) }.map {
                      var e = $0
                      e.last = min(e.last, range.upperBound)
                      return e
                  })
    }
}
