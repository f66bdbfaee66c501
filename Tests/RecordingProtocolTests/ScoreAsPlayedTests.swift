import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// The score as played: a minuet whose bars 1–8 are repeated (`"order": ["1-8", "1-8", "9-12"]`), with two real
/// timed takes through the repeat (Examples/minuet-repeat-session.json: bars 100 pt wide, 2 s per bar).
///
/// Take 1 plays the whole minuet (bars 1–8 twice, then 9–12) from 10:00:00:00; take 2 plays only the repeat
/// (bars 1/2–8/2) from 10:05:00:00. Every timed mark lies at 2 s per bar of playing order from its take's start,
/// so every expected time below is worked out by hand from the bar, its pass and the fraction.
@Suite("Playing order and passes")
struct ScoreAsPlayedTests {
    static let data = try! Data(contentsOf: Fixtures.root.appendingPathComponent("Examples/minuet-repeat-session.json"))
    static let session = try! Session(json: data)

    static func n(_ text: String) -> BarNumber { Fixtures.n(text) }

    @Test("the order expands to 20 bars played: 1–8 twice, then 9–12")
    func expansion() throws {
        let order = try Self.session.playingOrder()
        #expect(order.slots.count == 20)
        #expect(order.slots.map(\.bar) == Array(0...7) + Array(0...7) + Array(8...11))
        #expect(order.slots.map(\.pass) == Array(repeating: 1, count: 8) + Array(repeating: 2, count: 8) + Array(repeating: 1, count: 4))
        #expect((0...7).allSatisfy { order.passes(ofBar: $0) == 2 } && (8...11).allSatisfy { order.passes(ofBar: $0) == 1 })
        #expect(!order.isScoreOrder)
    }

    @Test("covers a bar on one pass, with the rating in force on that pass", arguments: [
        ("5", 1, [1], [4]),       // only take 1 plays the first time through
        ("5", 2, [1, 2], [2, 5]), // both the second time: take 1 was rated 2 at 1/2, take 2 rated 5 from its start
        ("1", 2, [1, 2], [2, 5]),
        ("10", 1, [1], [4]),      // take 1 rated 4 again at bar 9
    ] as [(String, Int, [Int], [Int])])
    func coversPass(bar: String, pass: Int, takes: [Int], ratings: [Int]) throws {
        let results = try Self.session.coverageIndex().covers(bar: Self.n(bar), pass: pass)
        #expect(results.map(\.take) == takes)
        #expect(results.map(\.rating) == ratings)
        #expect(results.allSatisfy { $0.coverage == .full && $0.passes == nil })
    }

    @Test("covers a bar on every pass lists the passes of each take", arguments: [
        ("5", [1: [1, 2], 2: [2]]),
        ("8", [1: [1, 2], 2: [2]]),
        ("9", [1: [1]]),
    ] as [(String, [Int: [Int]])])
    func coversEveryPass(bar: String, passes: [Int: [Int]]) throws {
        let results = try Self.session.coverageIndex().covers(bar: Self.n(bar))
        #expect(Dictionary(uniqueKeysWithValues: results.map { ($0.take, $0.passes ?? []) }) == passes)
        let json = CoverQuery.bar(Self.n(bar)).json(results).serialized()
        #expect(json.contains(#""passes":[1,2]"#) == (passes[1] == [1, 2]))
    }

    @Test("a pass the order does not have is refused, naming how often the bar is played")
    func missingPass() throws {
        let index = try Self.session.coverageIndex()
        #expect(throws: ProtocolError.passNotFound(bar: "10", pass: 2, passes: 1)) { try index.covers(bar: Self.n("10"), pass: 2) }
        #expect(throws: ProtocolError.passNotFound(bar: "3", pass: 3, passes: 2)) { try index.covers(bar: Self.n("3"), pass: 3) }
        #expect(throws: ProtocolError.self) { try BarAddress("12/0") }
        #expect(try BarAddress("12/2") == BarAddress(bar: Self.n("12"), pass: 2))
        #expect(try BarAddress(" 12a ") == BarAddress(bar: Self.n("12a")))
    }

    @Test("coverage runs in playing order: one entry per pass, take 2 only on the second")
    func coverage() throws {
        let bars = try Self.session.coverageIndex().coverage()
        #expect(bars.count == 20)
        #expect(bars.map(\.pass) == Array(repeating: 1, count: 8) + Array(repeating: 2, count: 8) + Array(repeating: 1, count: 4))
        #expect(bars[4].takes == [1] && bars[12].takes == [1, 2])
        #expect(bars[12].best == 5 && bars[4].best == 4)
    }

    @Test("the plan takes the repeat from take 2 and the rest from take 1, splicing between passes")
    func plan() throws {
        let plan = try Self.session.editPlan()
        #expect(plan.segments.map(\.take) == [1, 2, 1])
        #expect(plan.segments.map { "\(plan.name($0.fromBar, $0.fromPass))-\(plan.name($0.toBar, $0.toPass))" } == ["1-8", "1/2-8/2", "9-12"])
        #expect(plan.segments.map(\.bars) == [0...7, 8...15, 16...19])
        #expect(plan.splices.map(\.pass) == [2, 1])
        #expect(plan.segments[1].from.pass == 2 && plan.segments[0].from.pass == nil)
        let json = plan.json.serialized()
        #expect(json.contains(#""fromPass":2,"toPass":2"#))
    }

    @Test("the EDL places each segment and each second-pass mark at its own time (read back from the EDL)")
    func edl() throws {
        let plan = try Self.session.editPlan()
        let timeline = try EditTimeline(plan: plan, session: Self.session)
        let lines = timeline.cmx3600().components(separatedBy: "\r\n")
        // A splice is two lines (the outgoing cut and the incoming dissolve, `D    001`): the incoming one is the event's source.
        var incoming: [String: [String]] = [:]
        for line in lines where line.first?.isNumber == true {
            let fields = line.split(separator: " ").map(String.init)
            incoming[fields[0]] = fields[3] == "D" ? Array(fields[0...3] + fields[5...]) : fields
        }
        let events = incoming.keys.sorted().map { incoming[$0]! }
        // Source in/out of each event: take 1 bars 1–8 (0–16 s), take 2 bars 1/2–8/2 (its own 0–16 s), take 1 bars 9–12
        // (32–40 s: after the repeat it played, not 16 s as the score order would put bar 9).
        #expect(events.map { [$0[1], $0[4], $0[5]] } == [
            ["TK001", "10:00:00:00", "10:00:16:00"],
            ["TK002", "10:05:00:00", "10:05:16:00"],
            ["TK001", "10:00:32:00", "10:00:40:00"],
        ])
        let locators = lines.filter { $0.hasPrefix("* LOC:") }.map { $0.split(separator: " ")[2] }
        // Take 1: 1.0 s, 15 s; take 2: 0.4 s, 3 s, 9 s (the untimed noise at 5/2: 12.5 bars in, 4.5 after its 8),
        // 13 s; take 1 after the repeat: 32.2 s, 35 s. The second-pass marks of take 1 (17 s, 21 s) fall in no event.
        #expect(locators == ["10:00:01:00", "10:00:15:00", "10:05:00:10", "10:05:03:00", "10:05:09:00", "10:05:13:00",
                             "10:00:32:05", "10:00:35:00"])
        #expect(lines.contains("* TAKE 2 BARS 1/2-8/2 RATING 4"))
    }

    @Test("a mark's time on the second pass comes from the second pass")
    func timing() throws {
        let timing = try SessionTiming(session: Self.session)
        let firstTime = try #require(Self.session.layout?.position(ofBar: Self.n("5"), fraction: 0.5))
        #expect(try timing.seconds(take: 1, at: firstTime) == 9)
        #expect(try timing.seconds(take: 1, at: firstTime.onPass(2)) == 25)
    }

    @Test("JSON reads back without repairs and writes the same bytes; absent passes stay absent")
    func jsonRoundTrip() throws {
        let reading = try Session.read(json: Self.data)
        #expect(reading.warnings.isEmpty)
        let again = try Session.read(json: reading.session.jsonData())
        #expect(again.warnings.isEmpty && again.session == reading.session)
        #expect(again.session.jsonData() == reading.session.jsonData())
        #expect(reading.session.pieces[0].order?.map(\.description) == ["1-8", "1-8", "9-12"])
        #expect(reading.session.takes[0].start.pass == nil && reading.session.takes[1].start.pass == 2)
        let text = reading.session.jsonText()
        #expect(text.contains(#""order":["1-8","1-8","9-12"]"#))
        #expect(!Fixtures.session().jsonText().contains("pass"))
    }

    @Test("bad orders and passes are repaired with a warning, or refused when strict", arguments: [
        (#""order":["8-1","1-8","9-12"]"#, SessionWarning.Kind.orderRepaired),
        (#""order":[]"#, .orderRepaired),
    ])
    func repairs(order: String, kind: SessionWarning.Kind) throws {
        let text = String(decoding: Self.data, as: UTF8.self).replacingOccurrences(
            of: "\"order\": [\n        \"1-8\",\n        \"1-8\",\n        \"9-12\"\n      ]", with: order)
        #expect(text != String(decoding: Self.data, as: UTF8.self))
        let reading = try Session.read(json: Data(text.utf8))
        #expect(reading.warnings.map(\.kind).contains(kind))
        #expect(throws: ProtocolError.self) { try Session.read(json: Data(text.utf8), mode: .strict) }
    }

    @Test("a pass beyond the order's is set to the last pass with a warning; strict refuses it")
    func passRepair() throws {
        var session = Self.session
        session.marks[5].at.pass = 3   // bar 10 is played once
        session.marks[0].at.pass = 3   // bar 1 is played twice
        let reading = try Session.read(json: session.jsonData())
        #expect(reading.warnings.filter { $0.kind == .passRepaired }.map(\.mark) == [1, 6])
        #expect(reading.session.marks[5].at.pass == nil && reading.session.marks[0].at.pass == 2)
        #expect(throws: ProtocolError.self) { try Session.read(json: session.jsonData(), mode: .strict) }
    }

    @Test("an order naming a bar outside its piece is refused, naming the piece and the bar")
    func badOrder() throws {
        var session = Self.session
        session.pieces[0].order = [BarSpan(first: Self.n("1"), last: Self.n("13"))]
        #expect(throws: ProtocolError.self) { try session.validate() }
        #expect(throws: ProtocolError.self) { try session.setOrder([BarSpan(first: Self.n("14"), last: Self.n("15"))], ofPiece: 0) }
        // Clearing the order strands the takes and marks on pass 2: refused, the session unchanged.
        var copy = Self.session
        #expect(throws: ProtocolError.self) { try copy.setOrder(nil, ofPiece: 0) }
        #expect(copy == Self.session)
    }

    @Test("an order of more than 1 000 runs, or playing a bar 100 times, is refused")
    func limits() throws {
        var session = Self.session
        let one = BarSpan(first: Self.n("1"), last: Self.n("1"))
        session.pieces[0].order = Array(repeating: one, count: PlayingOrder.maxRuns + 1)
        #expect(throws: ProtocolError.self) { try session.playingOrder() }
        session.pieces[0].order = Array(repeating: one, count: PlayingOrder.maxPasses + 1)
        #expect(throws: ProtocolError.self) { try session.playingOrder() }
        session.pieces[0].order = Array(repeating: one, count: PlayingOrder.maxPasses)
        #expect(try session.playingOrder().passes(ofBar: 0) == PlayingOrder.maxPasses)
    }

    @Test("runs of bars read from text", arguments: [
        ("1-8,1-8,9-24", ["1-8", "1-8", "9-24"]),
        (" 1 – 8 , 12 ", ["1-8", "12"]),
        ("12a-12b", ["12a-12b"]),
    ])
    func spans(text: String, expected: [String]) throws {
        #expect(try BarSpan.list(text).map(\.description) == expected)
    }

    @Test("malformed runs are refused", arguments: ["", "1-", "-8", "1-8-9", "a-b", "1,,2"])
    func badSpans(text: String) {
        #expect(throws: LayoutError.self) { try BarSpan.list(text) }
    }

    @Test("a bar as a position: the point a fraction through it, on its pass")
    func barPosition() throws {
        let position = try Self.session.position(of: BarAddress("5/2"), fraction: 0.25)
        #expect(position == ScorePosition(page: 1, x: 525, y: 150, pass: 2))
        #expect(try Self.session.position(of: BarAddress("5")) == ScorePosition(page: 1, x: 500, y: 150))
        #expect(throws: ProtocolError.passNotFound(bar: "10", pass: 2, passes: 1)) { try Self.session.position(of: BarAddress("10/2")) }
        #expect(throws: ProtocolError.barNotFound("40")) { try Self.session.position(of: BarAddress("40")) }
    }

    @Test("a session without an order is unchanged: score order, no passes in any answer")
    func scoreOrder() throws {
        var session = Self.session
        session.pieces[0].order = nil
        session.takes.removeLast()
        session.marks.removeAll { $0.take == 2 || $0.at.pass != nil }
        let index = try session.coverageIndex()
        #expect(index.playingOrder == nil && index.barCount == 12)
        #expect(try index.covers(bar: Self.n("5")).allSatisfy { $0.passes == nil })
        #expect(!(try session.editPlan().json.serialized().contains("Pass")))
    }
}
