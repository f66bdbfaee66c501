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

    @Test func overlappingFermataSpansAreJoined() {
        #expect(ScoreTimeline.merged([2..<4, 0..<1, 3..<5]) == [0..<1, 2..<5])
    }
}
