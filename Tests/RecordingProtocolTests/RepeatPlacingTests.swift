import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Takes placed from audio inside a repeat: the audio fits both passes of the same bars alike, the producer's tap chooses.
@Suite("Placing takes from audio inside a repeat")
struct RepeatPlacingTests {
    /// The grid's bars 1–9 played 1–4, 1–4, 5–9: slots 0–3 and 4–7 are bars 1–4 on passes 1 and 2, slots 8–12 bars 5–9.
    static func session(tappedAt start: ScorePosition) throws -> Session {
        let n = Fixtures.n
        var s = Fixtures.session(pieces: [Piece(title: "Chorale", firstBar: n("1"), lastBar: n("9"),
                                                order: [BarSpan(first: n("1"), last: n("4")), BarSpan(first: n("1"), last: n("4")),
                                                        BarSpan(first: n("5"), last: n("9"))])])
        try s.addTake(start: start)
        return s
    }

    static let measures = (1...9).map(String.init)

    /// Downbeats of `bars` on `pass`, 3 s apart from 4 s into the file, the music from 3.2 s.
    static func alignment(_ bars: [Int], pass: Int = 1) -> AudioAlignment {
        AudioAlignment(start: 3.2, end: 4 + 3 * Double(bars.count) - 0.5, confidence: 0.9, measures: bars.enumerated().map { k, bar in
            AudioAlignment.Measure(number: String(bar), pass: pass, time: 4 + 3 * Double(k))
        })
    }

    @Test("offsets to the nearest run of the same bars, the run itself on a tie or when none recurs",
          arguments: [
              // bars played, the run, the target slot, the offset
              ([0, 1, 2, 3, 0, 1, 2, 3, 4, 5], 1...2, 5.4, 4),
              ([0, 1, 2, 3, 0, 1, 2, 3, 4, 5], 1...2, 2.9, 0),
              ([0, 1, 2, 3, 0, 1, 2, 3, 4, 5], 5...6, 0.0, -4),
              ([0, 1, 2, 3, 0, 1, 2, 3, 4, 5], 5...6, 3.0, 0),    // 1 from slot 2 and 2 from slot 5: nearer its own
              ([0, 1, 2, 3, 0, 1, 2, 3, 4, 5], 6...8, 0.0, 0),    // bars 2, 3, 4: what follows tells the passes apart
              ([0, 1, 0, 1, 0, 1], 0...1, 4.2, 4),                // three passes: the nearest
              ([0, 1, 2], 0...1, 2.0, 0),
              ([0, 1, 2], 1...5, 0.0, 0),                         // a run outside the order
          ] as [([Int], ClosedRange<Int>, Double, Int)])
    func offsets(bars: [Int], span: ClosedRange<Int>, target: Double, expected: Int) {
        #expect(PlayingOrder.offsetToNearestRepeat(of: span, bars: bars, near: target) == expected)
    }

    @Test("every other run of the same bars, in playing order; none when what follows or the run's place tells them apart",
          arguments: [
              ([0, 1, 2, 3, 0, 1, 2, 3, 4, 5], 1...2, false, [4]),
              ([0, 1, 2, 3, 0, 1, 2, 3, 4, 5], 5...6, false, [-4]),
              ([0, 1, 2, 3, 0, 1, 2, 3, 4, 5], 6...8, false, []),
              ([0, 1, 0, 1, 0, 1], 2...3, false, [-2, 2]),
              ([0, 1, 2], 1...5, false, []),
              ([0, 1, 2, 3, 1, 2, 3, 4], 1...2, false, [3]),
              ([0, 1, 2, 3, 1, 2, 3, 4], 1...2, true, []),
          ] as [([Int], ClosedRange<Int>, Bool, [Int])])
    func everyRepeat(bars: [Int], span: ClosedRange<Int>, barBefore: Bool, expected: [Int]) {
        #expect(PlayingOrder.repeatOffsets(of: span, bars: bars, barBefore: barBefore) == expected)
    }

    @Test("with the bar before the run, a run right after the repeat sign is no longer the same music")
    func barBefore() {
        let bars = [0, 1, 2, 3, 1, 2, 3, 4]   // bars 2–4 repeated without the first
        #expect(PlayingOrder.offsetToNearestRepeat(of: 1...2, bars: bars, near: 4.2) == 3)
        #expect(PlayingOrder.offsetToNearestRepeat(of: 1...2, bars: bars, near: 4.2, barBefore: true) == 0)
        // Bars 3 and 4 after bar 2 (slots 5–6 after 4) are also slots 2–3 after 1: the tap near slot 2 chooses those.
        #expect(PlayingOrder.offsetToNearestRepeat(of: 5...6, bars: bars, near: 2.0, barBefore: true) == -3)
    }

    @Test("an insert the follower put on pass 1 lies on pass 2 when the producer tapped it there; the report says the tap chose")
    func tapChoosesThePass() throws {
        var s = try Self.session(tappedAt: Fixtures.at(Fixtures.grid, 1, 0.3).onPass(2))
        let report = try s.place([1: Self.alignment([2, 3])], measures: Self.measures)
        let row = try #require(report.placed.first)
        #expect(row.firstBar == "2/2" && row.lastBar == "3/2" && row.passFromTap, "\(row)")
        let placement = try #require(s.take(1)?.placement)
        #expect(placement.downbeats.map(\.at.passNumber) == [2, 2])
        #expect(placement.downbeats.map(\.bar) == ["2", "3"])
        guard case .object(let members) = report.jsonTree, case .array(let placed)? = members.first(where: { $0.0 == "placed" })?.1,
              case .object(let json)? = placed.first else { Issue.record("no placed row"); return }
        #expect(json.first { $0.0 == "passFromTap" }?.1 == .bool(true))
        // The end, set from audio, lies on pass 2 too.
        let end = try #require(s.take(1)?.end)
        #expect(end.passNumber == 2)
    }

    @Test("tapped on the pass the follower found, or where what follows tells the passes apart, the take stays put")
    func tapOnlyBreaksTies() throws {
        var s = try Self.session(tappedAt: Fixtures.at(Fixtures.grid, 1, 0.3))
        let report = try s.place([1: Self.alignment([2, 3])], measures: Self.measures)
        #expect(report.placed.first?.firstBar == "2" && report.placed.first?.passFromTap == false)
        // Bars 3, 4 and 5: only pass 2 of bars 3 and 4 leads on to bar 5, wherever the producer tapped.
        var t = try Self.session(tappedAt: Fixtures.at(Fixtures.grid, 2, 0.3))
        var crossing = Self.alignment([3, 4, 5])
        crossing.measures[0].pass = 2
        crossing.measures[1].pass = 2
        let second = try t.place([1: crossing], measures: Self.measures)
        #expect(second.placed.first?.firstBar == "3/2" && second.placed.first?.lastBar == "5" && second.placed.first?.passFromTap == false,
                "\(second.placed.first.map { "\($0)" } ?? "\(second.skipped)")")
    }

    @Test("a move between passes is undone with the placing")
    func undoesTheMove() throws {
        var s = try Self.session(tappedAt: Fixtures.at(Fixtures.grid, 2, 0.1).onPass(2))
        let before = s
        _ = try s.place([1: Self.alignment([2, 3, 4])], measures: Self.measures, replace: true)
        #expect(s.take(1)?.start.passNumber == 2)
        try s.undo()
        #expect(s == before)
    }
}
