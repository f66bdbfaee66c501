import Foundation
import ScoreLayout
import Testing
import TheoryCore
@testable import RecordingProtocol

/// The coverage index against a straightforward scan of every take and mark, on random sessions.
@Suite struct IndexPropertyTests {
    /// A random fraction, often exactly on the rule's edges or a barline.
    static func fraction(_ g: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<6, using: &g) {
        case 0: return [0, 0.25, 0.75, 1][Int.random(in: 0..<4, using: &g)]
        default: return Double.random(in: 0...1, using: &g)
        }
    }

    /// A random position: usually in a bar, sometimes on a barless page or between systems.
    static func position(_ layout: ScoreLayout, _ g: inout SplitMix64) -> ScorePosition {
        if Int.random(in: 0..<10, using: &g) == 0 {
            let page = layout.pages.randomElement(using: &g)!.page
            return ScorePosition(page: page, x: Double.random(in: 0...600, using: &g), y: Double.random(in: 0...840, using: &g))
        }
        return Fixtures.at(layout, Int.random(in: 0..<layout.barCount, using: &g), fraction(&g))
    }

    static func randomSession(seed: UInt64) throws -> Session {
        var g = SplitMix64(seed: seed)
        let layout = [Fixtures.chorale, Fixtures.prelude, Fixtures.grid][Int(seed % 3)]
        var session = Fixtures.session(layout)
        for _ in 0..<Int.random(in: 0...14, using: &g) {
            let a = position(layout, &g), b = position(layout, &g)
            let (start, end) = try layout.compare(a, b) == .after ? (b, a) : (a, b)
            let open = Int.random(in: 0..<5, using: &g) == 0
            let take = try session.addTake(start: start, end: open ? nil : end)
            for _ in 0..<Int.random(in: 0...6, using: &g) {
                // A mark between the take's start and end (or the end of the score).
                var at = position(layout, &g)
                if try layout.compare(at, start) == .before { at = start }
                if let end = take.end, try layout.compare(at, end) == .after { at = end }
                let kind: MarkKind = Int.random(in: 0..<3, using: &g) == 0
                    ? .problem(.noise) : .rating(Int.random(in: 1...5, using: &g))
                try session.addMark(take: take.number, kind: kind, at: at)
            }
        }
        for mark in session.marks where Int.random(in: 0..<8, using: &g) == 0 { try session.deleteMark(mark.id) }
        for take in session.takes where Int.random(in: 0..<8, using: &g) == 0 { try session.deleteTake(take.number) }
        return session
    }

    /// Bar coordinate by the layout's own resolver: global bar index + fraction, or the bars before a barless point.
    static func coordinate(_ layout: ScoreLayout, _ position: ScorePosition?) throws -> Double {
        guard let position else { return Double(layout.barCount) }
        let resolved = try layout.resolve(position)
        if let index = resolved.globalBarIndex, let fraction = resolved.fraction { return Double(index) + fraction }
        var before = 0
        for page in layout.pages where page.page < position.page { before += page.barCount }
        if let s = resolved.systemIndex, let page = layout.page(position.page) {
            for system in page.systems[..<s] { before += system.bars?.count ?? 0 }
        }
        return Double(before)
    }

    /// covers(barIndex:) by scanning every live take and every live rating of it.
    static func bruteCovers(_ session: Session, bar k: Int) throws -> [CoverResult] {
        let layout = session.layout!
        var results: [CoverResult] = []
        for take in session.takes where !take.deleted {
            let s = try coordinate(layout, take.start), e = try coordinate(layout, take.end)
            let coverage: Coverage
            if s <= Double(k) + 0.25, e >= Double(k) + 0.75 { coverage = .full }
            else if s < Double(k + 1), e > Double(k) { coverage = .partial }
            else { continue }
            let a = max(s, Double(k)), b = min(e, Double(k + 1))
            var ratings: [(position: ScorePosition, id: Int, value: Int)] = []
            for mark in session.marks where mark.take == take.number && !mark.deleted {
                if case .rating(let value) = mark.kind { ratings.append((mark.at, mark.id, value)) }
            }
            ratings.sort { x, y in
                let order = try! layout.compare(x.position, y.position)
                return order == .before || (order == .same && x.id < y.id)
            }
            // Before the first rating mark: its value when it lies in the take's first bar, else 3.
            var inForce = 3
            if let first = ratings.first, try coordinate(layout, first.position) < s.rounded(.down) + 1 { inForce = first.value }
            var lowest = Int.max
            for r in ratings {
                let c = try coordinate(layout, r.position)
                if c <= a { inForce = r.value } else if c < b || (c == b && b < Double(k + 1)) { lowest = min(lowest, r.value) }
            }
            results.append(CoverResult(take: take.number, label: take.label, coverage: coverage,
                                       rating: min(inForce, lowest), open: take.end == nil))
        }
        return results.sorted { $0.take < $1.take }
    }

    /// covers(point:) by scanning: takes with start ≤ point ≤ end in score order, and their last rating at or before it.
    static func brutePoint(_ session: Session, _ point: ScorePosition) throws -> [Int: Int] {
        let layout = session.layout!
        var result: [Int: Int] = [:]
        for take in session.takes where !take.deleted {
            guard try layout.compare(take.start, point) != .after else { continue }
            if let end = take.end, try layout.compare(point, end) == .after { continue }
            var best: (position: ScorePosition, id: Int, value: Int)?
            var first: (position: ScorePosition, id: Int, value: Int)?
            for mark in session.marks where mark.take == take.number && !mark.deleted {
                if case .rating(let value) = mark.kind {
                    let order = try first.map { try layout.compare($0.position, mark.at) }
                    if first == nil || order == .after || (order == .same && first!.id > mark.id) { first = (mark.at, mark.id, value) }
                }
                guard case .rating(let value) = mark.kind, try layout.compare(mark.at, point) != .after else { continue }
                if let current = best {
                    let order = try layout.compare(current.position, mark.at)
                    if order == .after || (order == .same && current.id > mark.id) { continue }
                }
                best = (mark.at, mark.id, value)
            }
            let start = try coordinate(layout, take.start)
            let initial = try first.flatMap { try coordinate(layout, $0.position) < start.rounded(.down) + 1 ? $0.value : nil } ?? 3
            result[take.number] = best?.value ?? initial
        }
        return result
    }

    @Test(arguments: 0..<60)
    func indexMatchesAScanForEveryBar(seed: Int) throws {
        let session = try Self.randomSession(seed: UInt64(seed) &* 7919 &+ 1)
        let index = try session.coverageIndex()
        let layout = session.layout!
        for bar in 0..<layout.barCount {
            let expected = try Self.bruteCovers(session, bar: bar)
            #expect(index.covers(barIndex: bar) == expected, "seed \(seed), bar index \(bar)")
            let number = layout.bar(atGlobalIndex: bar)!.number
            if layout.bar(numbered: number)?.globalIndex == bar {
                #expect(try index.covers(bar: number) == expected)
            }
        }
        var g = SplitMix64(seed: UInt64(seed) &+ 99)
        for _ in 0..<40 {
            let point = Self.position(layout, &g)
            let found = try index.covers(point: point)
            let expected = try Self.brutePoint(session, point)
            #expect(Dictionary(uniqueKeysWithValues: found.map { ($0.take, $0.rating) }) == expected, "seed \(seed), point \(point)")
        }
    }

    @Test func randomSessionsAreNotTrivial() throws {
        var takes = 0, open = 0, marks = 0, deleted = 0, offBar = 0
        for seed in 0..<60 {
            let session = try Self.randomSession(seed: UInt64(seed) &* 7919 &+ 1)
            takes += session.takes.count
            open += session.takes.filter(\.isOpen).count
            marks += session.marks.count
            deleted += session.takes.filter(\.deleted).count + session.marks.filter(\.deleted).count
            offBar += try session.takes.filter { try session.layout!.resolve($0.start).globalBarIndex == nil }.count
        }
        #expect(takes > 300 && open > 30 && marks > 600 && deleted > 50 && offBar > 5, "\(takes) \(open) \(marks) \(deleted) \(offBar)")
    }

    @Test func manyTakesOverTheWholeScore() throws {
        // 400 takes over the prelude: coverage agrees with the scan bar by bar.
        var g = SplitMix64(seed: 42)
        let layout = Fixtures.prelude
        var session = Fixtures.session(layout)
        for _ in 0..<400 {
            let a = Self.position(layout, &g), b = Self.position(layout, &g)
            let (start, end) = try layout.compare(a, b) == .after ? (b, a) : (a, b)
            try session.addTake(start: start, end: end)
        }
        let coverage = try session.coverageIndex().coverage()
        for bar in coverage {
            let brute = try Self.bruteCovers(session, bar: bar.index)
            #expect(bar.takes == brute.filter { $0.coverage == .full }.map(\.take))
            #expect(bar.partial == brute.filter { $0.coverage == .partial }.map(\.take))
        }
    }
}
