import Foundation
import Testing
@testable import ScoreFollowing

/// The choices made for accuracy: silence in the cost, fermatas read and laid out, facts checked by hand.
struct AccuracyChoiceTests {
    /// One frame each: a C major triad, and nothing.
    static let triad: [Float] = {
        var c = [Float](repeating: 0, count: 12)
        for k in [0, 4, 7] { c[k] = 1 / Float(3).squareRoot() }
        return c
    }()

    static func sequence(_ frames: [[Float]?]) -> FeatureSequence {
        FeatureSequence(chroma: frames.flatMap { $0 ?? [Float](repeating: 0, count: 12) },
                        onset: [Float](repeating: 0, count: frames.count * 12), count: frames.count,
                        silent: frames.map { $0 == nil })
    }

    @Test func silenceAgainstSoundCostsAsMuchAsNoMatch() {
        let score = Self.sequence([Self.triad, nil])
        let audio = Self.sequence([Self.triad, nil])
        var dtw = SubsequenceDTW(score: score, audio: audio)
        dtw.silenceAware = true
        #expect(abs(dtw.cost(0, 0)) < 1e-5)  // the same chord
        #expect(abs(dtw.cost(0, 1) - 1) < 1e-5)  // chord against silence
        #expect(abs(dtw.cost(1, 0) - 1) < 1e-5)  // rest against sound
        #expect(abs(dtw.cost(1, 1)) < 1e-5)  // rest against silence
    }

    @Test func silentAudioFramesAreMarkedAndKeptThroughDownsampling() {
        let audio = Self.sequence([nil, nil, Self.triad, nil])
        #expect(audio.downsampled(by: 2).silent == [true, false])
    }

    @Test func fermataIsReadFromMusicXMLAndHeldInTheTimeline() throws {
        // 4/4 at 60 quarters per minute: three quarters, the last under a fermata; then one whole note.
        func note(_ step: String, _ type: String, _ duration: Int, fermata: Bool = false) -> String {
            "<note><pitch><step>\(step)</step><octave>4</octave></pitch><duration>\(duration)</duration><type>\(type)</type>"
                + (fermata ? "<notations><fermata type=\"upright\"/></notations>" : "") + "</note>"
        }
        let xml = """
            <score-partwise><part-list><score-part id="P1"/></part-list><part id="P1">
            <measure number="1"><attributes><divisions>1</divisions></attributes>
            <direction><sound tempo="60"/></direction>
            \(note("C", "quarter", 1))\(note("D", "quarter", 1))\(note("E", "half", 2, fermata: true))</measure>
            <measure number="2">\(note("F", "whole", 4))</measure></part></score-partwise>
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fermata-\(UUID().uuidString).musicxml")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let score = try ScoreFile.read(file.path)
        #expect(score.measures[0].fermatas == [2..<4])
        #expect(score.measures[1].fermatas.isEmpty)
        #expect(ScoreTimeline(score: score).downbeats == [0, 4])
        let held = ScoreTimeline(score: score, fermataStretch: 2)
        #expect(held.downbeats == [0, 6])
        #expect(held.notes.map(\.onset) == [0, 1, 2, 6])
        #expect(held.notes[2].offset == 6)
    }

    @Test func elasticScoreFramesMayStandStillWhileTheAudioGoesOn() throws {
        // Score: a held chord (elastic), then another; audio: the held chord for six frames, then the other.
        var other = [Float](repeating: 0, count: 12)
        for k in [2, 5, 9] { other[k] = 1 / Float(3).squareRoot() }
        var score = Self.sequence([Self.triad, other])
        score.elastic = [true, false]
        let audio = Self.sequence([Self.triad, Self.triad, Self.triad, Self.triad, Self.triad, Self.triad, other])
        var dtw = SubsequenceDTW(score: score, audio: audio)
        dtw.wideSteps = true
        dtw.skipCost = 0.5
        dtw.stepPenalty = 0.15
        // Without elasticity the slowest step is (1,4): the first frames are left out of the alignment.
        let rigid = try #require(dtw.align())
        #expect(rigid.path.first!.audio > 0)
        dtw.elasticFermatas = true
        let held = try #require(dtw.align())
        #expect(held.path.first == SubsequenceDTW.Point(score: 0, audio: 0))
        #expect(held.path.last == SubsequenceDTW.Point(score: 1, audio: 6))
        #expect(held.meanCost < 1e-4)  // holding costs no step penalty under a fermata
    }

    @Test func rushingIntoAFermataCostsItsPenaltyOncePerStep() throws {
        // Score: a chord, a held chord over six elastic frames, the chord again; audio: the held chord lasts two
        // frames, so the path must speed up through it. The cheapest way lands once inside the fermata with a
        // (3,1) step, once on its next frame diagonally, and leaves it with another (3,1) step, which is not a rush
        // into an elastic frame.
        var other = [Float](repeating: 0, count: 12)
        for k in [2, 5, 9] { other[k] = 1 / Float(3).squareRoot() }
        var score = Self.sequence([other] + Array(repeating: Self.triad, count: 6) + [other])
        score.elastic = [false] + Array(repeating: true, count: 6) + [false]
        let audio = Self.sequence([other, Self.triad, Self.triad, other])
        var dtw = SubsequenceDTW(score: score, audio: audio)
        dtw.wideSteps = true
        dtw.elasticFermatas = true
        dtw.skipCost = 1
        let free = try #require(dtw.align())
        #expect(free.path.first == SubsequenceDTW.Point(score: 0, audio: 0))
        #expect(free.path.last == SubsequenceDTW.Point(score: 7, audio: 3))
        #expect(free.meanCost < 1e-4)
        dtw.rushPenalty = 0.5
        let held = try #require(dtw.align())
        #expect(held.path.first == SubsequenceDTW.Point(score: 0, audio: 0))
        #expect(held.path.last == SubsequenceDTW.Point(score: 7, audio: 3))
        #expect(abs(held.meanCost - 0.5 / 4) < 1e-4)
    }

    @Test func fermataSpansAreElasticFramesOfTheScore() throws {
        // 60 quarters per minute, a fermata over beats 3–4 of bar 1 (2 s to 4 s), a lead of one quarter before it.
        var first = ScoreMeasure(number: "1", duration: 4)
        first.tempo = 60
        first.notes = [ScoreNote(pitch: 60, onset: 0, duration: 2), ScoreNote(pitch: 64, onset: 2, duration: 2)]
        first.fermatas = [2..<4]
        var second = ScoreMeasure(number: "2", duration: 4)
        second.notes = [ScoreNote(pitch: 67, onset: 0, duration: 4)]
        let timeline = ScoreTimeline(score: FollowedScore(measures: [first, second]), fermataLead: 1)
        #expect(timeline.elastic == [1..<4])
        let elastic = timeline.features.elastic
        #expect(!elastic[49] && elastic[50] && elastic[200] && !elastic[201])
        #expect(ScoreTimeline(score: FollowedScore(measures: [second])).features.elastic.isEmpty)
    }

    /// A rendered take (FluidR3 piano, make_fixtures.py) whose bar 4 is a C major chord under a fermata, held about
    /// twice its length, and whose bar 5 begins on the same chord: only its onset tells where bar 5 begins.
    @Test func downbeatAfterAHeldFermataIsFound() throws {
        let score = try ScoreFile.read(Fixtures.path("fermata.musicxml"))
        #expect(ScoreTimeline.merged(score.measures[4].fermatas) == [0..<3])  // one fermata in each part
        let audio = try AudioSignal.read(Fixtures.path("fermata-take.flac"))
        let truth = try JSONDecoder().decode([Fixtures.Downbeat].self,
                                             from: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("fermata-truth.json"))))
        let result = try ScoreFollower().follow(score: score, audio: audio)
        #expect(result.measures.map(\.index) == truth.map(\.index))
        for (found, expected) in zip(result.measures, truth) {
            #expect(abs(found.time - expected.time) < 0.1, "bar \(found.number): \(found.time) s, truth \(expected.time) s")
        }
        // Laid out as written and followed rigidly, with every onset divided by its own local maximum, bar 5 is placed
        // on the held chord, more than a second early: the piano's decay inside the held chord was raised to onsets.
        var rigid = ScoreFollower.Options()
        rigid.elasticFermatas = false
        rigid.fermataStretch = 1
        rigid.onsetFloor = 0
        rigid.silentMismatch = -1
        let early = try ScoreFollower(options: rigid).follow(score: score, audio: audio)
        let bar5 = try #require(early.measures.first { $0.index == 5 })
        #expect(bar5.time < truth[5].time - 1)
        // With the onsets floored (fifth round) the held chord has none, and even the rigid layout finds bar 5.
        rigid.onsetFloor = ScoreFollower.Options().onsetFloor
        rigid.silentMismatch = ScoreFollower.Options().silentMismatch
        let floored = try ScoreFollower(options: rigid).follow(score: score, audio: audio)
        let found = try #require(floored.measures.first { $0.index == 5 })
        #expect(abs(found.time - truth[5].time) < 0.1)
    }

    @Test func overlappingFermataSpansAreJoined() {
        #expect(ScoreTimeline.merged([2..<4, 0..<1, 3..<5]) == [0..<1, 2..<5])
    }
}
