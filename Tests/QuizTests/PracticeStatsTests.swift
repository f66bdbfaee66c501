import Foundation
import Quiz
import Testing

/// Statistics of a practice log: per item, interval and kind; due and next; confusions; the JSON shape.
@Suite("Practice statistics")
struct PracticeStatsTests {
    static let day0 = PracticeTime(milliseconds: 1_735_689_600_000)  // 2025-01-01T00:00:00Z

    static func entry(_ item: String, days: Double, correct: Bool, ms: Int, answered: String? = nil) -> PracticeEntry {
        let key = try! PracticeItem(key: item)
        return PracticeEntry(item: item, kind: key.kind, answeredAt: day0.adding(days: days), correct: correct,
                             responseMilliseconds: ms, rating: correct ? .good : .again, given: answered ?? key.interval.name,
                             expected: key.interval.name, reading: answered, answeredInterval: answered)
    }

    static let log = [
        entry("name-interval/M3/ascending", days: 0, correct: false, ms: 4000, answered: "m3"),
        entry("name-interval/M3/ascending", days: 2, correct: true, ms: 2000),
        entry("build-interval/M3/descending", days: 2, correct: true, ms: 6000),
        entry("name-interval/P5/ascending", days: 3, correct: true, ms: 1000),
        entry("name-interval/m3/ascending", days: 3, correct: false, ms: 5000, answered: "M3"),
    ]

    @Test("accuracy, mean time and reviews per item, interval and kind")
    func groups() {
        let stats = PracticeStats(entries: Self.log, now: Self.day0.adding(days: 4))
        #expect(stats.total.reviews == 5 && stats.total.correct == 3 && stats.total.meanSeconds == 3.6)
        #expect(stats.intervals.map(\.name) == ["m3", "M3", "P5"])
        let major = stats.intervals[1]
        #expect(major.reviews == 3 && major.correct == 2 && abs(major.accuracy - 2.0 / 3) < 1e-12 && major.meanSeconds == 4)
        #expect(stats.kinds.map(\.name) == ["name-interval", "build-interval"])
        #expect(stats.items.map(\.item) == ["name-interval/m3/ascending", "name-interval/M3/ascending", "name-interval/P5/ascending",
                                            "build-interval/M3/descending"])
        let m3 = stats.items[1]
        #expect(m3.reviews == 2 && m3.correct == 1 && m3.accuracy == 0.5 && m3.meanSeconds == 3 && m3.state.lapses == 0)
        #expect(stats.span == Self.day0...Self.day0.adding(days: 3))
        #expect(stats.confusions == [
            .init(item: "name-interval/M3/ascending", answeredAs: "m3", count: 1),
            .init(item: "name-interval/m3/ascending", answeredAs: "M3", count: 1),
        ])
    }

    @Test("due now (lowest recall first) and next (soonest first) follow the scheduler")
    func due() {
        let fsrs = FSRS()
        let now = Self.day0.adding(days: 4)
        let stats = PracticeStats(entries: Self.log, now: now, scheduler: fsrs)
        let states = fsrs.states(Self.log)
        let dueKeys = states.filter { $0.value.due <= now }.sorted { fsrs.retrievability($0.value, at: now) < fsrs.retrievability($1.value, at: now) }.map(\.key)
        #expect(stats.due.map(\.item) == dueKeys)
        #expect(stats.due.first?.item == "name-interval/m3/ascending")  // again a day ago: S = w0
        #expect(stats.upcoming.map(\.due) == stats.upcoming.map(\.due).sorted())
        #expect(stats.due.count + stats.upcoming.count == 4)
    }

    @Test("the JSON has the documented shape")
    func json() throws {
        let stats = PracticeStats(entries: Self.log, now: Self.day0.adding(days: 4))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.json().utf8)) as? [String: Any])
        #expect(object["now"] as? String == "2025-01-05T00:00:00Z")
        #expect(object["reviews"] as? Int == 5)
        let items = try #require(object["items"] as? [[String: Any]])
        for key in ["item", "kind", "interval", "direction", "reviews", "correct", "accuracy", "meanSeconds", "due", "retrievability",
                    "stability", "difficulty", "lastAnswer"] {
            #expect(items.allSatisfy { $0[key] != nil }, "items lack \(key)")
        }
        #expect(items[1]["accuracy"] as? Double == 0.5 && items[1]["meanSeconds"] as? Double == 3)
        let intervals = try #require(object["intervals"] as? [[String: Any]])
        #expect(intervals.map { $0["interval"] as? String } == ["m3", "M3", "P5"])
        #expect(intervals[1]["accuracy"] as? Double == 0.6667)
        #expect((object["due"] as? [[String: Any]])?.first?["item"] as? String == "name-interval/m3/ascending")
        #expect(object["next"] is [[String: Any]] && object["confusions"] is [[String: Any]] && object["kinds"] is [[String: Any]])
    }

    @Test("an empty log has empty statistics")
    func empty() {
        let stats = PracticeStats(entries: [], now: Self.day0)
        #expect(stats.items.isEmpty && stats.due.isEmpty && stats.total.reviews == 0 && stats.span == nil)
        #expect(stats.json().contains("\"items\":[]"))
    }
}
