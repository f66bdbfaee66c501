import Foundation
import Testing
@testable import ScoreFollowing

/// The take's features delayed before alignment: a centred analysis window hears a chord before it begins.
struct FeatureLagTests {
    /// A piano-like take: a C major chord struck at 0 s, then a G major chord struck at 1 s, each decaying (e every
    /// 0.3 s), at 22 050 Hz.
    static let take: AudioSignal = {
        let rate = AudioSignal.analysisRate
        let chords: [[Double]] = [[60, 64, 67], [55, 59, 62]]
        var samples = [Float](repeating: 0, count: 2 * rate)
        for (k, chord) in chords.enumerated() {
            for i in (k * rate)..<samples.count {
                let t = Double(i - k * rate) / Double(rate)
                // The first chord stops where the second begins (a piano's dampers), the second rings on.
                if k == 0, i >= rate { break }
                let level = exp(-t / 0.3)
                for pitch in chord {
                    let f = 440 * pow(2, (pitch - 69) / 12)
                    samples[i] += Float(0.2 * level * sin(2 * Double.pi * f * t))
                }
            }
        }
        return AudioSignal(samples: samples, rate: rate)
    }()

    /// The first frame whose chroma is nearer G major's pitch classes than C major's.
    static func firstFrameOfSecondChord(_ features: FeatureSequence) -> Int? {
        (0..<features.count).first { t in
            let c = features.chroma[t * 12 + 0] + features.chroma[t * 12 + 4]
            let g = features.chroma[t * 12 + 11] + features.chroma[t * 12 + 2]
            return g > c
        }
    }

    @Test func delayedShiftsChromaSilenceAndOnsetsByTheirOwnLags() {
        let count = 6
        let chroma = (0..<count * 12).map { Float($0 / 12) }
        let onset = (0..<count * 12).map { Float(100 + $0 / 12) }
        let silent = (0..<count).map { $0 == 1 }
        let features = FeatureSequence(chroma: chroma, onset: onset, count: count, silent: silent)
        let delayed = features.delayed(chromaFrames: 2, onsetFrames: 1)
        #expect(delayed.count == count)
        #expect((0..<count).map { delayed.chroma[$0 * 12 + 5] } == [0, 0, 0, 1, 2, 3])
        #expect((0..<count).map { delayed.onset[$0 * 12 + 11] } == [100, 100, 101, 102, 103, 104])
        #expect(delayed.silent == [false, false, false, true, false, false])
        let same = features.delayed(chromaFrames: 0, onsetFrames: 0)
        #expect(same.chroma == chroma && same.onset == onset && same.silent == silent)
    }

    @Test func centredWindowHearsTheChordEarlyAndTheLagMovesItOntoItsOnset() throws {
        // The second chord begins at frame 50 (1 s at 50 frames a second).
        let plain = try AudioFeatures(Self.take)
        let early = try #require(Self.firstFrameOfSecondChord(plain.features))
        #expect(early < 50 && early >= 45)
        let lagged = try AudioFeatures(Self.take, chromaLag: 50 - early)
        #expect(Self.firstFrameOfSecondChord(lagged.features) == 50)
        // The flux that refines downbeats is not delayed.
        #expect(lagged.flux == plain.flux)
    }
}
