import Foundation
import Testing
@testable import ScoreFollowing

/// What a recorder hears before and after a take (the slate, tuning, talk), parted from the music by a pause, is not
/// counted in the share of the take its path covers.
struct TakeSurroundingsTests {
    /// Frames from a picture: `.` silent, anything else sounding.
    static func silent(_ picture: String) -> [Bool] { picture.map { $0 == "." } }

    @Test("the take's span: outward from the path, stretches parted by a long pause stay while they sound like the score",
          arguments: [
              // frames (s, t: unlike the score; m, c: like it), path's first and last frame, pause, span
              ("..ss...mmmmmm..tt.", 7, 12, 3, 4..<18),   // slate, pause of 3, music; the pause of 2 after it is too short
              ("..ss...mmmmmm...tt", 7, 12, 3, 4..<16),   // talk after a pause of 3 is left out too
              ("..ss..mmmmmm....", 6, 11, 3, 0..<16),     // a pause of 2 does not part the slate from the music
              ("mmmmmmmm", 2, 5, 3, 0..<8),               // music that runs on either side of the path is the take's
              ("mm...mmmm...mm", 5, 8, 3, 0..<14),        // a false start, and music after a pause, sound like the score
              ("tt...cc...mmmm", 10, 13, 3, 2..<14),      // talk, then a choir's given chord: the chord stays, the talk not
              ("....mmmm....", 4, 7, 3, 0..<12),          // the quiet at a file's ends is kept, as before
              ("..ss...mmmmmm..tt.", 7, 12, 0, 0..<18),   // pause 0: the whole file
          ] as [(String, Int, Int, Int, Range<Int>)])
    func span(frames: String, first: Int, last: Int, pause: Int, expected: Range<Int>) {
        let picture = Array(frames)
        let span = MatchEvidence.takeSpan(first: first, last: last, silent: Self.silent(frames), pause: pause) { stretch in
            picture[stretch].contains { $0 == "s" || $0 == "t" }
        }
        #expect(span == expected)
    }

    /// The volta fixture's take after what a recorder hears first: room noise, the players' A (a held 440 Hz tone with
    /// its partials, 3 s), and a pause of 1.5 s. The path follows the music; counted against the whole file, it covers
    /// a tenth less of it than of the take alone, while against the take parted from the A by the pause it covers as much.
    @Test("a take after the players' tuning A and a pause covers as much of its take as the take alone")
    func tuningBeforeThePause() throws {
        let score = try ScoreFile.read(Fixtures.path("volta.musicxml"))
        let take = try AudioSignal.read(Fixtures.path("volta-take.flac"))
        let rate = Double(take.rate)
        let rms = Fixtures.rms(of: take)
        var noise = PitchEvidenceTests.SeededNoise(state: 7)
        func room(_ seconds: Double) -> [Float] { Fixtures.room(seconds, rate: rate, level: rms * 0.002, noise: &noise) }
        let tone = (0..<Int(3 * rate)).map { n -> Float in
            let t = Double(n) / rate
            let swell = min(1, t / 0.3) * min(1, (3 - t) / 0.3)
            return Float(rms * 1.2 * swell * (1...4).reduce(0) { $0 + sin(2 * .pi * 440 * Double($1) * t) / Double($1) })
        }
        let audio = AudioSignal(samples: room(1) + tone + room(1.5) + take.samples, rate: take.rate)
        var options = ScoreFollower.Options()
        options.surroundingPause = 0
        let alone = try ScoreFollower(options: options).follow(score: score, audio: take)
        let whole = try ScoreFollower(options: options).follow(score: score, audio: audio)
        let parted = try ScoreFollower().follow(score: score, audio: audio)
        // Told apart by how unlike the score it is, the A would stay: by chroma it is as like the score as the music.
        options.surroundingPause = 0.6
        options.surroundingUnlike = 0.5
        let judged = try ScoreFollower(options: options).follow(score: score, audio: audio)
        #expect(judged.evidence?.coverage == whole.evidence?.coverage)
        #expect((judged.evidence?.surroundings.first ?? 1) < 0.5)
        let own = try #require(alone.evidence?.coverage), counted = try #require(whole.evidence?.coverage)
        let spanned = try #require(parted.evidence?.coverage)
        #expect(counted < own - 0.08, "the whole file: \(counted), the take alone: \(own)")
        #expect(abs(spanned - own) < 0.04, "the take parted by its pause: \(spanned), the take alone: \(own)")
        #expect(parted.confidence >= whole.confidence)
        // The downbeats are the take's, 5.5 s later.
        #expect(parted.measures.map(\.index) == alone.measures.map(\.index))
        for (a, b) in zip(parted.measures, alone.measures) { #expect(abs(a.time - b.time - 5.5) < 0.05, "bar \(a.number)") }
    }
}
