import Foundation

/// The first onset after silence in a recording: where the music of a take starts, for placing its start tap.
///
/// The audio (16-, 24- or 32-bit integer PCM, all channels summed in power) is cut into 10 ms windows. The noise
/// floor is the quietest tenth of the windows' levels; the onset is the first window at least 20 dB above the floor
/// after at least 200 ms below 6 dB above it (silence), refined to the first sample in that window whose level
/// crosses the threshold. Exactness: the sample found is within a window (10 ms) of where the sound rises 20 dB,
/// usually within a millisecond for a note starting from silence; how well the tap matches it is the producer's
/// timing (taps come 0.1–0.3 s after the first note), which the offset takes as it is.
public enum AudioOnset {
    /// Seconds from the file's first sample to the first onset after silence; nil when there is none (silence only,
    /// or sound from the first window on) or the format is not integer PCM.
    public static func first(in data: Data) -> Double? {
        guard let wave = try? BroadcastWave(data: data), let offset = wave.dataOffset,
              [16, 24, 32].contains(wave.bitsPerSample) else { return nil }
        let width = wave.bitsPerSample / 8, channels = wave.channels, frames = wave.sampleFrames
        let window = max(1, wave.sampleRate / 100)
        let bytes = [UInt8](data[data.startIndex + offset..<data.startIndex + offset + frames * width * channels])
        func sample(_ frame: Int, _ channel: Int) -> Double {
            let at = (frame * channels + channel) * width
            var value: Int32 = 0
            for k in 0..<width { value |= Int32(bytes[at + k]) << (8 * (k + 4 - width)) }
            return Double(value) / 2_147_483_648
        }
        func power(_ frame: Int) -> Double { (0..<channels).reduce(0) { $0 + sample(frame, $1) * sample(frame, $1) } }
        var levels: [Double] = []
        var start = 0
        while start + window <= frames {
            levels.append((start..<start + window).reduce(0) { $0 + power($1) } / Double(window))
            start += window
        }
        guard levels.count > 20 else { return nil }
        let floor = max(levels.sorted()[levels.count / 10], 1e-12)
        var quiet = 0
        for (index, level) in levels.enumerated() {
            if level >= floor * 100, quiet >= 20 {
                let threshold = floor * 100
                let first = (index * window..<(index + 1) * window).first { power($0) >= threshold } ?? index * window
                return Double(first) / Double(wave.sampleRate)
            }
            quiet = level < floor * 4 ? quiet + 1 : 0
        }
        return nil
    }
}
