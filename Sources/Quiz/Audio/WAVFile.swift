/// A 16-bit linear PCM RIFF/WAVE file held in memory: the format fields and the interleaved samples.
///
/// `bytes()` writes the canonical 44-byte header (`RIFF`, `WAVE`, a 16-byte `fmt ` chunk with format 1, then
/// `data`), all little-endian; `init(parsing:)` reads such files back and also skips chunks it does not know
/// (`LIST`, `fact`, …), so it reads what other tools write as long as it is 16-bit PCM.
public struct WAVFile: Equatable, Sendable {
    /// Bits per sample; the only depth this type writes and reads.
    public static let bitsPerSample = 16
    /// The WAVE format tag of linear PCM.
    public static let pcmFormat: UInt16 = 1

    /// Frames per second (44 100 for the quiz audio).
    public var sampleRate: Int
    /// Interleaved channels (1 = mono).
    public var channels: Int
    /// Samples, interleaved by channel, frame after frame.
    public var samples: [Int16]

    /// Creates a file from interleaved samples.
    ///
    /// - Precondition: `sampleRate` and `channels` are positive and `samples.count` is a multiple of `channels`.
    public init(sampleRate: Int, channels: Int = 1, samples: [Int16]) {
        precondition(sampleRate > 0 && channels > 0, "a WAV file needs a positive sample rate and channel count")
        precondition(samples.count % channels == 0, "the samples must fill whole frames")
        self.sampleRate = sampleRate
        self.channels = channels
        self.samples = samples
    }

    /// Bytes per frame (all channels of one sample instant).
    public var blockAlign: Int { channels * Self.bitsPerSample / 8 }
    /// Bytes per second.
    public var byteRate: Int { sampleRate * blockAlign }
    /// Frames (sample instants).
    public var frameCount: Int { samples.count / channels }
    /// Duration in seconds.
    public var duration: Double { Double(frameCount) / Double(sampleRate) }

    /// The samples of one channel (0-based), in order.
    public func channel(_ index: Int) -> [Int16] {
        precondition((0..<channels).contains(index), "no channel \(index)")
        return stride(from: index, to: samples.count, by: channels).map { samples[$0] }
    }

    /// The file's bytes: 44-byte header then the samples, little-endian.
    public func bytes() -> [UInt8] {
        let dataSize = samples.count * 2
        var w = ByteWriter()
        w.bytes.reserveCapacity(44 + dataSize)
        w.ascii("RIFF")
        w.uint32LE(UInt32(36 + dataSize))
        w.ascii("WAVE")
        w.ascii("fmt ")
        w.uint32LE(16)
        w.uint16LE(Self.pcmFormat)
        w.uint16LE(UInt16(channels))
        w.uint32LE(UInt32(sampleRate))
        w.uint32LE(UInt32(byteRate))
        w.uint16LE(UInt16(blockAlign))
        w.uint16LE(UInt16(Self.bitsPerSample))
        w.ascii("data")
        w.uint32LE(UInt32(dataSize))
        for sample in samples { w.uint16LE(UInt16(bitPattern: sample)) }
        return w.bytes
    }
}
