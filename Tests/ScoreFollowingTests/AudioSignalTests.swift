import Foundation
import Testing
@testable import ScoreFollowing

/// A take's file mixed down and resampled as it is read: the same samples as reading it whole first.
struct AudioSignalTests {
    /// The rendered take written as a 16-bit WAV file at `rate` Hz with `channels` channels (the second at half level,
    /// any further ones silent), so the mix down is checked too.
    static func wave(at rate: Int, channels: Int) throws -> String {
        let samples = try AudioSignal.read(Fixtures.path("volta-take.flac")).samples
        let parts = (0..<channels).map { c in c == 0 ? samples : c == 1 ? samples.map { $0 / 2 } : [Float](repeating: 0, count: samples.count) }
        return try Fixtures.temporary("signal-\(rate)-\(channels).wav", Fixtures.wave(parts, rate: rate))
    }

    @Test("a file read as it streams matches the file read whole then resampled",
          arguments: [(22_050, 1), (44_100, 2), (48_000, 2), (96_000, 4), (8_000, 1)])
    func streamedMatchesWhole(rate: Int, channels: Int) throws {
        let path = try Self.wave(at: rate, channels: channels)
        let streamed = try AudioSignal.read(path), whole = try AudioSignal.readWhole(path)
        #expect(streamed.rate == AudioSignal.analysisRate)
        #expect(streamed.samples.count == whole.samples.count)
        let largest = zip(streamed.samples, whole.samples).map { abs($0 - $1) }.max() ?? .infinity
        #expect(largest <= 1e-6, "largest difference \(largest)")
        // A file at 22 050 Hz holds its samples already; else the length follows the rates.
        let frames = try AudioSignal.read(Fixtures.path("volta-take.flac")).samples.count
        let expected = Double(frames) * Double(AudioSignal.analysisRate) / Double(rate)
        #expect(abs(Double(streamed.samples.count) - expected) <= 2)
    }

    @Test func anEmptyFileIsRefusedByName() throws {
        let path = try Fixtures.temporary("empty.wav", Fixtures.wave([[]], rate: 44_100))
        #expect(throws: FollowError.self) { try AudioSignal.read(path) }
    }

    /// A 200 kB file whose header says 1 sample a second: 28 hours at that rate, 2.2 billion samples at the analysis
    /// rate. Refused by name before anything that size is allocated.
    @Test func aFileDeclaringDaysOfAudioIsRefusedByName() throws {
        let path = try Fixtures.temporary("days.wav", Fixtures.wave([[Float](repeating: 0, count: 100_000)], rate: 1))
        #expect {
            try AudioSignal.read(path)
        } throws: { error in
            "\(error)".contains("27.8 hours")
        }
    }
}
