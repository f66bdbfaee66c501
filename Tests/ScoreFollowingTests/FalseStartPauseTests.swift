import Foundation
import Testing
@testable import ScoreFollowing

/// The pause after a false start is not one of the score's rests: held there for nothing, it drew the take onto the
/// pass of a repeat that a rest precedes.
struct FalseStartPauseTests {
    /// The volta fixture's score with its first ending (bar 5) a half note and a quarter rest in both parts, as a
    /// repeated section of a quartet movement often ends: the score is silent for a beat before the repeat's second pass.
    static func scoreWithARestBeforeTheRepeat() throws -> FollowedScore {
        let xml = try String(contentsOfFile: Fixtures.path("volta.musicxml"), encoding: .utf8)
        let opening = "<measure implicit=\"no\" number=\"5\">"
        var parts = xml.components(separatedBy: opening)
        try #require(parts.count == 3, "bar 5 in both parts")
        for k in 1..<parts.count {
            let end = try #require(parts[k].range(of: "</measure>"))
            let rest = "<note><rest/><duration>10080</duration><type>quarter</type></note>"
            let bar = parts[k][..<end.lowerBound]
                .replacingOccurrences(of: "<duration>30240</duration>", with: "<duration>20160</duration>")
                .replacingOccurrences(of: "<dot />", with: "")
                .replacingOccurrences(of: "<barline location=\"right\">", with: rest + "<barline location=\"right\">")
            parts[k] = bar + parts[k][end.lowerBound...]
        }
        let path = try Fixtures.temporary("volta-rest.musicxml", Data(parts.joined(separator: opening).utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try ScoreFile.read(path)
    }

    @Test("a pause: a run of silent frames at least so long", arguments: [
        // frames (`.` silent), frames a pause needs at least, marked
        ("..mm...m....", 3, "    ... ...."),
        ("..mm...m....", 4, "        ...."),
        ("mmmm", 1, "    "),
        ("....", 4, "...."),
        ("..mm..", 0, "      "),
    ] as [(String, Int, String)])
    func pauses(frames: String, atLeast: Int, expected: String) {
        let marked = SubsequenceDTW.pauses(in: TakeSurroundingsTests.silent(frames), atLeast: atLeast)
        #expect(String(marked.map { $0 ? "." : " " }) == expected)
    }

    /// The score's longest rest lies between its first note and its last: its silence before and after is not one.
    @Test func longestRestIsInsideTheScore() {
        let c = EdgeHoldTests.c
        let score = AccuracyChoiceTests.sequence([nil, nil, nil, c, nil, nil, c, nil, c, nil, nil, nil, nil])
        let dtw = SubsequenceDTW(score: score, audio: AccuracyChoiceTests.sequence([c, c]))
        #expect(dtw.longestScoreRest == 2)
    }

    /// A false start as `make_corpus.cut_take` makes one, from the rendered volta take: room noise (1 s), bars 1 and 2
    /// broken off a quarter second before bar 3, 2.5 s of room noise, then the take from 0.2 s before bar 1 (first
    /// pass) to 0.1 s before bar 5. The tap (half a bar into bar 1) chooses between the repeat's passes, as
    /// `session place` does. With the pause free against the score's rest, the path is drawn to that rest at the end of
    /// the first ending and places the take on the second pass, where the tap cannot move it back
    /// (the bar before differs); priced as leaving it out, the take is placed on its own bars. (The pause is longer than
    /// the score's longest rest, the beat of 0.7 s: ``ScoreFollower/Options/pauseRestFactor``.)
    @Test("a false start's pause is not held on a rest before the repeat's next pass", arguments: [false, true])
    func pauseAfterAFalseStart(priced: Bool) throws {
        let score = try Self.scoreWithARestBeforeTheRepeat()
        let take = try AudioSignal.read(Fixtures.path("volta-take.flac"))
        let truth = try Fixtures.truth().take
        let rate = Double(take.rate)
        func time(_ index: Int) -> Double { truth[index].time }
        func samples(_ from: Double, _ to: Double) -> [Float] { Array(take.samples[Int(from * rate)..<Int(to * rate)]) }
        var noise = PitchEvidenceTests.SeededNoise(state: 32)
        let level = Fixtures.rms(of: take) * 0.002
        let falseStart = samples(time(1), time(3) - 0.25)
        let lead = 1 + Double(falseStart.count) / rate + 2.5
        let audio = AudioSignal(samples: Fixtures.room(1, rate: rate, level: level, noise: &noise) + falseStart
                                    + Fixtures.room(2.5, rate: rate, level: level, noise: &noise)
                                    + samples(time(1) - 0.2, time(5) - 0.1) + Fixtures.room(1, rate: rate, level: level, noise: &noise),
                                rate: take.rate)
        var options = ScoreFollower.Options()
        if !priced { options.pauseSkips = nil }
        let found = try ScoreFollower(options: options).follow(score: score, audio: audio)
            .onRepeat(nearest: 1.5, order: score.playingOrder)
        let expected = (1...4).map { (index: $0, time: time($0) - time(1) + 0.2 + lead) }
        if priced {
            #expect(found.measures.map(\.index) == expected.map(\.index))
            for (measure, bar) in zip(found.measures, expected) {
                #expect(abs(measure.time - bar.time) < 0.1, "bar \(measure.number): \(measure.time) s, truth \(bar.time) s")
            }
        } else {
            #expect(found.measures.first?.index ?? 0 >= 5, "drawn onto the second pass: \(found.measures.map(\.index))")
        }
    }
}
