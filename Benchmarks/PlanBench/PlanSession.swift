import BenchSupport
import RecordingProtocol
import ScoreLayout
import TheoryCore

/// A synthetic session for the planner: `bars` bars (5 per system, 4 systems per page) and `takes` takes of
/// `shortest` to `longest` bars, each with `marksPerTake` marks inside it: mostly ratings, some problems (a third
/// of them over a range of up to 3 bars), some edit points near barlines.
enum PlanSession {
    static func make(bars barCount: Int, takes takeCount: Int, shortest: Int, longest: Int, marksPerTake: Int,
                     rng: inout SplitMix64) -> Session {
        let layout = SyntheticLayout.make(pages: (barCount + 19) / 20)
        func position(_ bar: Int, _ fraction: Double) -> ScorePosition {
            layout.position(atGlobalBarIndex: bar, fraction: fraction)!
        }
        var takes: [Take] = [], marks: [Mark] = []
        for number in 1...takeCount {
            let length = shortest + rng.next(below: longest - shortest + 1)
            let first = rng.next(below: barCount - length + 1), last = first + length - 1
            takes.append(Take(number: number, start: position(first, 0.1), end: position(last, 0.9)))
            for _ in 0..<marksPerTake {
                let bar = first + rng.next(below: length)
                let at = position(bar, 0.1 + Double(rng.next(below: 80)) / 100)
                let id = marks.count + 1
                switch rng.next(below: 10) {
                case 0:
                    let to = min(last, bar + rng.next(below: 3))
                    marks.append(Mark(id: id, take: number, kind: .problem(.intonation), at: at, to: position(to, 0.9)))
                case 1:
                    marks.append(Mark(id: id, take: number, kind: .problem(.noise), at: at))
                case 2:
                    marks.append(Mark(id: id, take: number, kind: .editPoint, at: position(bar, 0.15)))
                default:
                    marks.append(Mark(id: id, take: number, kind: .rating(1 + rng.next(below: 5)), at: at))
                }
            }
        }
        return Session(title: "plan bench", score: ScoreReference(file: "synthetic.pdf"), layout: layout, takes: takes, marks: marks)
    }
}
