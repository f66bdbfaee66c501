import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Takes placed from their audio (`Session.place`): downbeats, the producer's taps kept, undo, timing, JSON.
@Suite("Placing takes from audio")
struct PlacingTests {
    /// Downbeats of bars 2–6 (the grid's global bars 1–5) 3 s apart from 4 s into the file.
    static let alignment = AudioAlignment(start: 3.2, end: 19.5, confidence: 0.9, measures: (2...6).map {
        AudioAlignment.Measure(number: String($0), pass: 1, time: 4 + 3 * Double($0 - 2))
    })
    static let measures = (1...9).map(String.init)

    /// Take 1 tapped in bar 2 and left open, its marks timed a second late.
    static func session() throws -> Session {
        var s = Fixtures.session()
        try s.addTake(start: Fixtures.at(Fixtures.grid, 1, 0.2))
        try s.addMark(take: 1, kind: .rating(4), at: Fixtures.at(Fixtures.grid, 1, 0.2), time: 1.0)
        try s.addMark(take: 1, kind: .text, at: Fixtures.at(Fixtures.grid, 3, 0), time: 12.0, text: "late")
        return s
    }

    @Test("downbeats become the take's timing, the open end is set, the tapped start is kept; undo takes it all back")
    func placesAndUndoes() throws {
        var s = try Self.session()
        let before = s
        let report = try s.place([1: Self.alignment], measures: Self.measures)
        #expect(report.placed.map(\.take) == [1] && report.skipped.isEmpty)
        #expect(report.placed[0].firstBar == "2" && report.placed[0].lastBar == "6" && report.placed[0].downbeats == 5)
        #expect(!report.placed[0].startSet && report.placed[0].endSet)
        let take = try #require(s.take(1))
        #expect(take.start == before.take(1)?.start)
        #expect(take.placement?.startSource == .tap && take.placement?.endSource == .audio)
        // The end: 19.5 s is 3.5 s (of 3 s a bar) after bar 6's downbeat at 16 s, a sixth into bar 7.
        let end = try #require(take.end)
        let expected = Fixtures.at(Fixtures.grid, 6, 0.5 / 3)
        #expect(end.page == expected.page && abs(end.x - expected.x) < 1e-9 && end.y == expected.y)
        let timing = try SessionTiming(session: s)
        #expect(timing.placement(take: 1) == .audio)
        for bar in 1...5 { #expect(abs(try timing.seconds(take: 1, coordinate: Double(bar)) - (4 + 3 * Double(bar - 1))) < 1e-9) }
        #expect(s.history.last?.name == "clock")
        try s.undo()
        #expect(s == before)
    }

    @Test("a producer's tap is replaced only with replace; a start set from audio is set again by the next placing")
    func replacesTapsOnlyWhenAsked() throws {
        var s = try Self.session()
        _ = try s.place([1: Self.alignment], measures: Self.measures, replace: true)
        // 3.2 s is 0.8 s (of 3 s a bar) before bar 2's downbeat: in bar 1.
        #expect(s.take(1)?.start == Fixtures.at(Fixtures.grid, 0, 1 - 0.8 / 3))
        #expect(s.take(1)?.placement?.startSource == .audio)
        var later = Self.alignment
        later.start = 4.0
        _ = try s.place([1: later], measures: Self.measures)
        #expect(s.take(1)?.start == Fixtures.at(Fixtures.grid, 1, 0))
        try s.undo()
        try s.undo()
        #expect(s == (try Self.session()))
    }

    @Test("an end set from audio and then moved by the producer is the producer's tap: placing again keeps it")
    func keepsAMovedEnd() throws {
        var s = try Self.session()
        _ = try s.place([1: Self.alignment], measures: Self.measures)
        #expect(s.take(1)?.placement?.endSource == .audio)
        let moved = Fixtures.at(Fixtures.grid, 5, 0.9)
        try s.endTake(1, at: moved)
        let report = try s.place([1: Self.alignment], measures: Self.measures)
        #expect(report.placed.first?.endSet == false)
        #expect(s.take(1)?.end == moved && s.take(1)?.placement?.endSource == .tap)
    }

    @Test("another piece or too few downbeats: reported, the session unchanged, nothing to undo")
    func leavesWrongTakesAlone() throws {
        var s = try Self.session()
        let before = s
        var wrong = Self.alignment
        wrong.confidence = 0.12
        var short = Self.alignment
        short.measures = [AudioAlignment.Measure(number: "2", pass: 1, time: 4), AudioAlignment.Measure(number: "99", pass: 1, time: 7)]
        #expect(try s.place([1: wrong], measures: Self.measures).skipped.map(\.kind) == [.wrongPiece])
        let report = try s.place([1: short], measures: Self.measures)
        #expect(report.skipped.map(\.kind) == [.noDownbeats])
        #expect(s == before)
        #expect(throws: ProtocolError.self) { _ = try s.place([7: Self.alignment], measures: Self.measures) }
    }

    @Test("the placement, the score's notes and the undo survive the JSON round trip")
    func jsonRoundTrip() throws {
        var s = try Self.session()
        s.score.music = "Scores/test.musicxml"
        _ = try s.place([1: Self.alignment], measures: Self.measures)
        let text = s.jsonText()
        #expect(text.contains("\"music\":\"Scores/test.musicxml\"") && text.contains("\"placed\":{\"source\":\"audio\""))
        var read = try Session(json: Data(text.utf8))
        #expect(read == s)
        #expect(read.jsonText() == text)
        try read.undo()
        #expect(read.take(1)?.placement == nil && read.take(1)?.end == nil)
    }

    /// The alignment finds bars 2–6 (the grid's bars 1–5); the take is tapped from grid bar `start` (to `end`).
    @Test("bars found wholly before the tapped start or after the tapped end (2 bars' grace) are reported, unless replace",
          arguments: [
              (8, nil, false, false), (7, nil, false, true), (0, nil, false, true), (8, nil, true, true),
              (0, 1, false, true), (7, 8, false, true), (8, 8, false, false), (0, 0, false, true),
          ] as [(Int, Int?, Bool, Bool)])
    func farFromTap(start: Int, end: Int?, replace: Bool, placed: Bool) throws {
        var s = Fixtures.session()
        try s.addTake(start: Fixtures.at(Fixtures.grid, start, 0.2))
        if let end { try s.endTake(1, at: Fixtures.at(Fixtures.grid, end, 0.6)) }
        let before = s
        let report = try s.place([1: Self.alignment], measures: Self.measures, replace: replace)
        #expect(report.placed.map(\.take) == (placed ? [1] : []))
        if !placed {
            #expect(report.skipped.map(\.kind) == [.farFromTap])
            #expect(report.skipped.first?.reason.contains("bars 2–6, far from where it was tapped") == true, "\(report.skipped)")
            #expect(s == before)
        }
    }

    @Test("the take's reference pitch is kept with its placement through JSON; one out of range is dropped with a warning, refused when strict")
    func referencePitch() throws {
        var s = try Self.session()
        var alignment = Self.alignment
        alignment.referencePitch = 415.3
        _ = try s.place([1: alignment], measures: Self.measures)
        #expect(s.take(1)?.placement?.referencePitch == 415.3)
        let text = s.jsonText()
        #expect(text.contains("\"referencePitch\":415.3"))
        #expect(try Session(json: Data(text.utf8)) == s)
        let bad = text.replacingOccurrences(of: "\"referencePitch\":415.3", with: "\"referencePitch\":1e308")
        let reading = try Session.read(json: Data(bad.utf8))
        #expect(reading.warnings.map(\.kind) == [.placementRepaired], "\(reading.warnings)")
        #expect(reading.session.take(1)?.placement?.referencePitch == nil)
        #expect(reading.session.take(1)?.placement?.downbeats == s.take(1)?.placement?.downbeats)
        #expect(throws: ProtocolError.self) { _ = try Session.read(json: Data(bad.utf8), mode: .strict) }
        // Placed without a known pitch (as before session 30), no field is written.
        var plain = try Self.session()
        _ = try plain.place([1: Self.alignment], measures: Self.measures)
        #expect(!plain.jsonText().contains("referencePitch"))
    }

    @Test("a placement from elsewhere with unusable downbeats is repaired with a warning, and refused when strict")
    func repairsPlacements() throws {
        var s = try Self.session()
        _ = try s.place([1: Self.alignment], measures: Self.measures)
        let good = s.jsonText()
        // The third downbeat's time made negative, the fourth's page one the layout does not have.
        var text = good.replacingOccurrences(of: "\"time\":10.0", with: "\"time\":-10.0")
        let fourth = try #require(s.take(1)?.placement?.downbeats[3].at)
        text = text.replacingOccurrences(of: Session.tree(fourth).serialized() + ",\"time\":13", with: "{\"page\":9,\"x\":1,\"y\":1},\"time\":13")
        #expect(text != good)
        let reading = try Session.read(json: Data(text.utf8))
        #expect(reading.warnings.map(\.kind) == [.placementRepaired], "\(reading.warnings)")
        #expect(reading.session.take(1)?.placement?.downbeats.map(\.bar) == ["2", "3", "6"])
        #expect(throws: ProtocolError.self) { _ = try Session.read(json: Data(text.utf8), mode: .strict) }
    }

    @Test("measures map to bars by number, else by count; mismatches are named", arguments: [
        (["1", "2", "3"], ["1", "2", "3"], false, 0, ["1": 0, "2": 1, "3": 2]),
        (["0", "1", "2"], ["1", "2", "3"], true, 1, ["0": 0, "1": 1, "2": 2]),         // a pickup numbered 0 in the notes only
        (["1", "2", "3", "4"], ["1", "2", "3"], false, 2, ["1": 0, "2": 1, "3": 2]),   // one measure more: left out
        (["1", "2"], ["1", "2", "3"], false, 1, ["1": 0, "2": 1]),
    ])
    func measureMap(_ measures: [String], _ bars: [String], _ byCount: Bool, _ mismatches: Int, _ expected: [String: Int]) throws {
        let layout = ScoreLayout(pages: [PageLayout(page: 1, systems: [SystemLayout(top: 100, bottom: 200, bars: bars.enumerated().map { i, n in
            BarLayout(number: try! BarNumber(n), left: 100 + 100 * Double(i), right: 200 + 100 * Double(i))
        })])])
        let map = MeasureMap(measures: measures, layout: layout)
        #expect(map.byCount == byCount)
        #expect(map.mismatches.count == mismatches, "\(map.mismatches)")
        #expect(map.bars == expected)
    }
}
