import BenchSupport
import RecordingProtocol
import ScoreLayout
import TheoryCore

/// A large, plausible session on a synthetic score: takes of 1 to 60 bars (some across pages), one in a hundred
/// open, marks inside their takes (mostly ratings, some problems).
struct SyntheticSession {
    var layout: ScoreLayout
    var session: Session

    static func make(pages: Int, takes takeCount: Int, marks markCount: Int, rng: inout SplitMix64) -> SyntheticSession {
        let layout = SyntheticLayout.make(pages: pages)
        let bars = layout.allBars()
        func position(_ bar: Int, _ fraction: Double) -> ScorePosition {
            layout.position(atGlobalBarIndex: bar, fraction: fraction)!
        }
        var takes: [Take] = []
        var spans: [(Int, Int)] = []
        for number in 1...takeCount {
            let first = rng.next(below: bars.count - 1)
            let last = min(bars.count - 1, first + rng.next(below: 60))
            let open = rng.next(below: 100) == 0   // one take in a hundred left open (it runs to the end of the score)
            takes.append(Take(number: number, start: position(first, 0.05), end: open ? nil : position(last, 0.95)))
            spans.append((first, open ? bars.count - 1 : last))
        }
        var marks: [Mark] = []
        for id in 1...markCount {
            let take = rng.next(below: takeCount)
            let (first, last) = spans[take]
            let bar = first + rng.next(below: last - first + 1)
            let kind: MarkKind = rng.next(below: 8) == 0 ? .problem(.intonation) : .rating(1 + rng.next(below: 5))
            marks.append(Mark(id: id, take: take + 1, kind: kind, at: position(bar, 0.1 + Double(rng.next(below: 80)) / 100)))
        }
        let session = Session(title: "synthetic", score: ScoreReference(file: "synthetic.pdf"), layout: layout,
                              takes: takes, marks: marks)
        return SyntheticSession(layout: layout, session: session)
    }
}
