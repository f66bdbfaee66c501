import CAudio
import Foundation

/// A take's audio as mono samples at the analysis rate, decoded by libsndfile and resampled by libsamplerate.
public struct AudioSignal: Sendable {
    /// The analysis sample rate (Hz): enough for pitches up to C8 and their lower partials.
    public static let analysisRate = 22050
    /// The most samples a take may hold at the analysis rate: 8 hours (2.5 GB of samples).
    static let maximumSamples = 8 * 3600 * analysisRate
    public var samples: [Float]
    /// The rate of `samples`.
    public var rate: Int
    /// The file's duration in seconds.
    public var duration: Double { Double(samples.count) / Double(rate) }

    public init(samples: [Float], rate: Int) {
        self.samples = samples
        self.rate = rate
    }

    /// Decodes WAV/BWF, FLAC, AIFF (anything libsndfile reads) at `path`, mixed to mono at `analysisRate`.
    public static func read(_ path: String) throws -> AudioSignal {
        var error = [CChar](repeating: 0, count: 256)
        guard tm_audio_available(&error, error.count) == 1 else {
            throw FollowError.missingLibrary(message(error))
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw FollowError.unreadableAudio(path: path, reason: "no such file or it cannot be read")
        }
        // Where the file declares its length, it is mixed down and resampled as it is read, straight into the
        // samples: a long recorder file is never held whole at its own rate and channels.
        var declared = 0
        var sourceRate: Int32 = 0
        var sourceChannels: Int32 = 0
        guard tm_audio_info(path, &declared, &sourceRate, &sourceChannels, &error, error.count) == 0 else {
            throw FollowError.unreadableAudio(path: path, reason: message(error))
        }
        if declared > 0 {
            let capacity = Int((Double(declared) * Double(analysisRate) / Double(sourceRate)).rounded(.up)) + 1024
            // A header may declare more than any session records (a damaged or crafted file): refused by name
            // rather than allocated.
            guard capacity <= maximumSamples else {
                throw FollowError.unreadableAudio(path: path, reason: String(
                    format: "the file declares %.1f hours of audio; takes of up to %.0f hours are followed",
                    Double(declared) / Double(sourceRate) / 3600, Double(maximumSamples) / Double(analysisRate) / 3600))
            }
            var status: Int32 = 0
            let samples = [Float](unsafeUninitializedCapacity: capacity) { buffer, count in
                var written = 0
                status = tm_audio_read_into(path, Int32(analysisRate), buffer.baseAddress!, capacity, &written, &error, error.count)
                count = status < 0 ? 0 : written
            }
            guard status >= 0 else { throw FollowError.unreadableAudio(path: path, reason: message(error)) }
            if status == 0 {
                guard !samples.isEmpty else { throw FollowError.unreadableAudio(path: path, reason: "the file holds no samples") }
                return AudioSignal(samples: samples, rate: analysisRate)
            }
            // The file holds more than it declares: read it whole below.
        }
        return try readWhole(path)
    }

    /// Reads `path` whole at its own rate, then resamples it: for files that do not declare their length.
    static func readWhole(_ path: String) throws -> AudioSignal {
        var error = [CChar](repeating: 0, count: 256)
        var raw: UnsafeMutablePointer<Float>?
        var frames = 0
        var rate: Int32 = 0
        var channels: Int32 = 0
        guard tm_audio_read(path, &raw, &frames, &rate, &channels, &error, error.count) == 0, let raw else {
            throw FollowError.unreadableAudio(path: path, reason: message(error))
        }
        defer { tm_audio_free(raw) }
        guard frames > 0 else { throw FollowError.unreadableAudio(path: path, reason: "the file holds no samples") }
        if Int(rate) == analysisRate {
            return AudioSignal(samples: Array(UnsafeBufferPointer(start: raw, count: frames)), rate: analysisRate)
        }
        var out: UnsafeMutablePointer<Float>?
        var outFrames = 0
        let ratio = Double(analysisRate) / Double(rate)
        guard tm_resample(raw, frames, ratio, &out, &outFrames, &error, error.count) == 0, let out else {
            throw FollowError.unreadableAudio(path: path, reason: "cannot resample from \(rate) Hz: \(message(error))")
        }
        defer { tm_audio_free(out) }
        return AudioSignal(samples: Array(UnsafeBufferPointer(start: out, count: outFrames)), rate: analysisRate)
    }
}

/// The text a C function wrote into `buffer`, up to its terminating zero.
private func message(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
