import Foundation
import Testing
@testable import ScoreFollowing

/// A take's file mixed down and resampled as it is read: the same samples as reading it whole first.
struct AudioSignalTests {
    /// The rendered take written as a 16-bit WAV file at `rate` Hz with `channels` channels (the second at half level,
    /// any further ones silent), so the mix down is checked too.
    static func wave(at rate: Int, channels: Int) throws -> String {
        let samples = try AudioSignal.read(Fixtures.path("volta-take.flac")).samples
        var data = Data()
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = 2 * channels * samples.count
        data.append(contentsOf: Array("RIFF".utf8)); put(UInt32(36 + bytes))
        data.append(contentsOf: Array("WAVEfmt ".utf8)); put(UInt32(16)); put(UInt16(1)); put(UInt16(channels))
        put(UInt32(rate)); put(UInt32(2 * channels * rate)); put(UInt16(2 * channels)); put(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); put(UInt32(bytes))
        for s in samples {
            let value = max(-1, min(1, s)) * 32_767
            for c in 0..<channels { put(Int16(c == 0 ? value : c == 1 ? value / 2 : 0)) }
        }
        return try Fixtures.temporary("signal-\(rate)-\(channels).wav", data)
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
        var data = Data()
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); put(UInt32(36))
        data.append(contentsOf: Array("WAVEfmt ".utf8)); put(UInt32(16)); put(UInt16(1)); put(UInt16(1))
        put(UInt32(44_100)); put(UInt32(88_200)); put(UInt16(2)); put(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); put(UInt32(0))
        let path = try Fixtures.temporary("empty.wav", data)
        #expect(throws: FollowError.self) { try AudioSignal.read(path) }
    }

    /// A 200 kB file whose header says 1 sample a second: 28 hours at that rate, 2.2 billion samples at the analysis
    /// rate. Refused by name before anything that size is allocated.
    @Test func aFileDeclaringDaysOfAudioIsRefusedByName() throws {
        var data = Data()
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let frames = 100_000
        data.append(contentsOf: Array("RIFF".utf8)); put(UInt32(36 + 2 * frames))
        data.append(contentsOf: Array("WAVEfmt ".utf8)); put(UInt32(16)); put(UInt16(1)); put(UInt16(1))
        put(UInt32(1)); put(UInt32(2)); put(UInt16(2)); put(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); put(UInt32(2 * frames))
        data.append(Data(count: 2 * frames))
        let path = try Fixtures.temporary("days.wav", data)
        #expect {
            try AudioSignal.read(path)
        } throws: { error in
            "\(error)".contains("27.8 hours")
        }
    }
}
