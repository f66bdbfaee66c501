import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Timecode frame arithmetic and the mapping of score positions to times inside takes.
@Suite("Timing")
struct TimingTests {
    @Test("timecode to frames since midnight", arguments: [
        ("10:02:11:00", 25.0, 903_275),          // (10·3600 + 2·60 + 11)·25
        ("01:00:00:00", 25.0, 90_000),
        ("00:00:01:23", 24.0, 47),
        ("00:01:00;02", 29.97, 1_800),           // frames ;00 and ;01 of minute 1 do not exist
        ("00:10:00;00", 29.97, 17_982),          // 18 000 − 2·9 dropped
        ("01:00:00;00", 29.97, 107_892),         // 108 000 − 108
        ("00:01:00;04", 59.94, 3_600),           // four dropped at 60 fps
    ])
    func frameCount(_ text: String, _ fps: Double, _ frames: Int) throws {
        let timecode = try Timecode(text, fps: fps)
        #expect(timecode.frameCount(fps: fps) == frames)
        #expect(Timecode(frameCount: frames, fps: fps, dropFrame: timecode.dropFrame).description == text)
    }

    @Test("frames → timecode → frames is the identity, drop-frame included", arguments: [(25.0, false), (24.0, false), (29.97, true), (30.0, false), (59.94, true)])
    func roundTrip(_ fps: Double, _ dropFrame: Bool) throws {
        let nominal = Timecode.nominalRate(fps)
        let day = dropFrame ? (nominal * 600 - nominal / 15 * 9) * 144 : nominal * 86_400
        for frames in stride(from: 0, to: day, by: 997) {
            let timecode = Timecode(frameCount: frames, fps: fps, dropFrame: dropFrame)
            #expect(timecode.frameCount(fps: fps) == frames)
            #expect(try Timecode(timecode.description, fps: fps) == timecode)
        }
    }

    /// Take 1 over bars 1–6 with marks timed at bar coordinates 0.5 → 2 s, 2.5 → 10 s (4 s a bar) and
    /// 4.5 → 16 s (3 s a bar); take 2 with one timed mark; take 3 without.
    static func session() throws -> Session {
        var s = Fixtures.session()
        try s.addTake(start: Fixtures.at(Fixtures.grid, 0, 0.1), end: Fixtures.at(Fixtures.grid, 5, 0.9),
                      recordStart: "10:00:00:00", fps: 25)
        try s.addMark(take: 1, kind: .rating(4), at: Fixtures.at(Fixtures.grid, 0), time: 2)
        try s.addMark(take: 1, kind: .rating(3), at: Fixtures.at(Fixtures.grid, 4), time: 16)
        try s.addMark(take: 1, kind: .text, at: Fixtures.at(Fixtures.grid, 2), time: 10, text: "tutti")
        try s.addMark(take: 1, kind: .editPoint, at: Fixtures.at(Fixtures.grid, 3), time: 9)   // late tap: dropped
        try s.addTake(start: Fixtures.at(Fixtures.grid, 0, 0.1), recordStart: "11:00:00:00", fps: 25)
        try s.addMark(take: 2, kind: .rating(5), at: Fixtures.at(Fixtures.grid, 1), time: 7)
        try s.addTake(start: Fixtures.at(Fixtures.grid, 0, 0.1))
        return s
    }

    @Test("positions map piecewise-linearly through the timed marks", arguments: [
        (1.5, 6.0), (0.5, 2.0), (2.5, 10.0), (3.5, 13.0), (4.5, 16.0),
        (0.0, 0.0), (0.25, 1.0), (6.0, 20.5),     // before the first anchor: its segment's 4 s a bar; after the last: 3 s a bar
    ])
    func piecewiseLinear(_ coordinate: Double, _ seconds: Double) throws {
        let timing = try SessionTiming(session: Self.session())
        #expect(abs(try timing.seconds(take: 1, coordinate: coordinate) - seconds) < 1e-9)
    }

    @Test("a late tap that would make time run backwards is dropped; one anchor uses the session tempo")
    func anchorsAndTempo() throws {
        let timing = try SessionTiming(session: Self.session())
        #expect(timing.anchors[1]?.map(\.seconds) == [2, 10, 16])
        #expect(timing.secondsPerBar == 3.5)   // the median of 4 and 3
        #expect(abs(try timing.seconds(take: 2, coordinate: 2.5) - 10.5) < 1e-9)   // 7 s at 1.5, then 3.5 s a bar
        #expect(abs(try timing.seconds(take: 2, coordinate: 0) - 1.75) < 1e-9)
    }

    @Test("what is missing is named")
    func missing() throws {
        let timing = try SessionTiming(session: Self.session())
        #expect(throws: ProtocolError.missingTiming(take: 3, label: "3", reason: "it has no mark with a time")) {
            try timing.seconds(take: 3, coordinate: 1)
        }
        #expect(throws: ProtocolError.missingTiming(take: 3, label: "3", reason: "it has no record-start timecode (recordStart)")) {
            try timing.recordStart(take: 3)
        }
        var lonely = Fixtures.session()
        try lonely.addTake(start: Fixtures.at(Fixtures.grid, 0, 0.1))
        try lonely.addMark(take: 1, kind: .rating(4), at: Fixtures.at(Fixtures.grid, 1), time: 3)
        #expect(throws: ProtocolError.missingTiming(take: 1, label: "1", reason: "it has one timed mark, and no take has two to give the tempo")) {
            try SessionTiming(session: lonely).seconds(take: 1, coordinate: 2)
        }
    }

    @Test("markers: own times, mapped times for untimed marks, ranges keep their length")
    func markers() throws {
        var session = try Self.session()
        try session.addMark(take: 1, kind: .problem(.intonation), at: Fixtures.at(Fixtures.grid, 1), to: Fixtures.at(Fixtures.grid, 2), text: "viola")
        let takes = try SessionTiming(session: session).markers(of: session.deletingTake(3))
        let one = try #require(takes.first)
        #expect(one.entries.map(\.text) == ["rating 4 (good)", "intonation: viola", "edit point", "tutti", "rating 3 (ok)"])
        #expect(one.audacityLabels().hasPrefix("2.000000\t2.000000\trating 4 (good)\n6.000000\t10.000000\tintonation: viola\n"))
        #expect(one.baseName == "take-1")
        let reaper = one.reaperProject()
        #expect(reaper.contains("  MARKER 2 6.000000 \"intonation: viola\" 1 \(0x100_0000 | 40 << 16 | 40 << 8 | 220)\n  MARKER 2 10.000000 \"\" 1\n"))
    }
}

private extension Session {
    func deletingTake(_ number: Int) throws -> Session {
        var copy = self
        try copy.deleteTake(number)
        return copy
    }
}
