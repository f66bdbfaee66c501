import Foundation
import Testing
@testable import ScoreFollowing

/// Room noise before a take's music counts as silence, however loud it is against the take's mean energy.
struct LeadingNoiseTests {
    /// Energy per frame: noise at −60 dB (40 frames), a louder stretch of noise at −50 dB (40), a rise of 6 frames
    /// (+4 dB each) into music at about −24 dB with a softer note inside it.
    static let energy: [Float] = {
        var level = [Float](repeating: -60, count: 40) + [Float](repeating: -50, count: 40)
        level += (1...6).map { -50 + 4 * Float($0) }
        level += (0..<60).map { $0 % 20 < 10 ? -24 : -40 }
        return level.map { powf(10, $0 / 10) }
    }()

    @Test func musicBeginsWhereTheRiseStartsLessTheMargin() {
        let silent = [Bool](repeating: false, count: Self.energy.count)
        // The first frame 15 dB above the floor (−60 dB) is frame 81 (−42 dB); walked back to frame 80, after the
        // louder noise's steady 20 frames (a step of 10 dB, but steady), then 5 frames of margin.
        #expect(AudioFeatures.musicStart(energy: Self.energy, silent: silent, rise: 15) == 75)
        #expect(AudioFeatures.musicStart(energy: Self.energy, silent: silent, rise: 15, margin: 0) == 80)
        // Noise that is not steady (a ramp of 0.2 dB a frame) is not taken for noise: nothing before the music is.
        let ramp = (0..<80).map { powf(10, (-66 + 0.2 * Float($0)) / 10) } + Array(Self.energy[80...])
        #expect(AudioFeatures.musicStart(energy: ramp, silent: [Bool](repeating: false, count: ramp.count), rise: 15) == 0)
        #expect(AudioFeatures.musicStart(energy: Self.energy, silent: silent, rise: 0) == 0)
        // No frame rises 50 dB above the floor: nothing is taken for noise.
        #expect(AudioFeatures.musicStart(energy: Self.energy, silent: silent, rise: 50) == 0)
    }

    @Test func framesSilentAlreadyDoNotSetTheFloor() {
        // Digital silence (marked silent) before the noise: the floor is the noise's, not the zeros'.
        let energy = [Float](repeating: 0, count: 20) + Self.energy
        let silent = (0..<energy.count).map { $0 < 20 }
        #expect(AudioFeatures.musicStart(energy: energy, silent: silent, rise: 15) == 95)
    }

    @Test func takeThatOpensOnMusicHasNoLeadingNoise() {
        let energy = Array(Self.energy[86...]) + Array(Self.energy[..<40])  // music, then the noise after it
        #expect(AudioFeatures.musicStart(energy: energy, silent: [Bool](repeating: false, count: energy.count), rise: 15) == 0)
    }

    /// The volta fixture's take after 2.5 s of white noise 22 dB below its mean level (above the thousandth of its
    /// mean energy, so not silent by that rule): the noise is silent, and the first downbeat is placed on the music.
    @Test func noiseBeforeTheTakeIsSilentAndTheFirstDownbeatIsOnTheMusic() throws {
        let score = try ScoreFile.read(Fixtures.path("volta.musicxml"))
        let take = try AudioSignal.read(Fixtures.path("volta-take.flac"))
        let rms = Fixtures.rms(of: take)
        var generator = PitchEvidenceTests.SeededNoise(state: 32)
        let lead = Int(2.5 * Double(take.rate))
        let noise = (0..<lead).map { _ in Float(rms * 0.08 * 3.0.squareRoot()) * generator.next() }  // uniform: RMS 0.08 × the take's
        let audio = AudioSignal(samples: noise + take.samples, rate: take.rate)
        let features = try ScoreFollower().features(of: audio)
        let music = features.features.silent.firstIndex(of: false) ?? 0
        #expect((108...125).contains(music), "music from frame \(music)")
        var off = ScoreFollower.Options()
        off.leadingNoiseRise = 0
        #expect(try ScoreFollower(options: off).features(of: audio).features.silent.firstIndex(of: false) == 0)
        let result = try ScoreFollower().follow(score: score, audio: audio)
        let truth = try Fixtures.truth().take
        #expect(result.measures.map(\.index) == truth.map(\.index))
        for (found, expected) in zip(result.measures, truth) {
            #expect(abs(found.time - (expected.time + 2.5)) < 0.1, "bar \(found.number): \(found.time) s, truth \(expected.time + 2.5) s")
        }
    }

    /// Score: C (6 frames), a rest (10), G (20), F (10). Audio: silence (20 frames), then G and F. Matched free to the
    /// score's rest, the take's leading silence drew the path's start into it (a downbeat there is read off in the
    /// silence); with `edgeSilence` the silence before the first sounding frame matches nothing and the path begins on G.
    @Test func silenceBeforeTheTakeIsNotTheScoresRest() {
        let c = EdgeHoldTests.c, g = EdgeHoldTests.g, f = EdgeHoldTests.f
        let score = AccuracyChoiceTests.sequence(Array(repeating: c, count: 6) + Array(repeating: nil, count: 10)
                                                 + Array(repeating: g, count: 20) + Array(repeating: f, count: 10))
        let audio = AccuracyChoiceTests.sequence(Array(repeating: nil, count: 20) + Array(repeating: g, count: 20)
                                                 + Array(repeating: f, count: 10))
        var dtw = SubsequenceDTW(score: score, audio: audio)
        dtw.silenceAware = true
        dtw.wideSteps = true
        dtw.onsetWeight = 0
        dtw.skipCost = 0.5
        #expect(dtw.firstSounding == 20 && dtw.lastSounding == 49)
        let plain = dtw.align()
        #expect(plain?.path.first?.audio ?? 99 < 20)
        #expect(plain?.path.first?.score ?? 99 < 16)  // on C or the rest, before G
        dtw.edgeSilence = true
        #expect(abs(dtw.cost(10, 5) - 1) < 1e-5)  // the rest against the leading silence: no match
        let edged = dtw.align()
        #expect(edged?.path.first?.audio ?? 0 >= 20)
        #expect(edged?.path.first?.score ?? 0 >= 16)
        #expect(edged?.path.last?.audio == 49)
    }
}
