import Foundation
import Testing
@testable import ScoreFollowing

/// Paths of the committed fixtures (made by Benchmarks/FollowBench/make_fixtures.py).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    struct Downbeat: Decodable { var index: Int; var number: String; var time: Double }
    struct Truth: Decodable { var take: [Downbeat]; var partial: [Downbeat] }

    static func truth() throws -> Truth {
        try JSONDecoder().decode(Truth.self, from: Data(contentsOf: URL(fileURLWithPath: path("volta-truth.json"))))
    }

    /// The root mean square of a take's samples: its mean level, for noise and tones set relative to it.
    static func rms(of signal: AudioSignal) -> Double {
        (signal.samples.reduce(0) { $0 + Double($1 * $1) } / Double(signal.samples.count)).squareRoot()
    }

    /// `seconds` of room noise at `rate`: uniform noise from `noise` at `level` (its peak).
    static func room(_ seconds: Double, rate: Double, level: Double, noise: inout PitchEvidenceTests.SeededNoise) -> [Float] {
        (0..<Int(seconds * rate)).map { _ in Float(level) * noise.next() }
    }

    /// A file in a fresh temporary directory holding `contents`.
    static func temporary(_ name: String, _ contents: Data) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try contents.write(to: url)
        return url.path
    }

    /// A 16-bit PCM WAV file's bytes: one array of samples (−1...1, clipped) per channel, interleaved, declared at `rate`
    /// Hz.
    static func wave(_ channels: [[Float]], rate: Int) -> Data {
        let frames = channels.first?.count ?? 0, bytes = 2 * channels.count * frames
        var data = Data()
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); put(UInt32(36 + bytes))
        data.append(contentsOf: Array("WAVEfmt ".utf8)); put(UInt32(16)); put(UInt16(1)); put(UInt16(channels.count))
        put(UInt32(rate)); put(UInt32(2 * channels.count * rate)); put(UInt16(2 * channels.count)); put(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); put(UInt32(bytes))
        for i in 0..<frames { for channel in channels { put(Int16(max(-1, min(1, channel[i])) * 32_767)) } }
        return data
    }

    /// A score of one whole-note chord per 4/4 measure (`(step, octave)` pairs, no accidentals) at `tempo` quarters a
    /// minute, read through a temporary MusicXML file.
    static func wholeNoteChords(_ bars: [[(String, Int)]], tempo: Int) throws -> FollowedScore {
        let measures = bars.enumerated().map { index, notes in
            let head = index == 0 ? "<attributes><divisions>1</divisions></attributes><direction><sound tempo=\"\(tempo)\"/></direction>" : ""
            let chord = notes.enumerated().map { k, note in
                "<note>\(k > 0 ? "<chord/>" : "")<pitch><step>\(note.0)</step><octave>\(note.1)</octave></pitch><duration>4</duration><type>whole</type></note>"
            }.joined()
            return "<measure number=\"\(index + 1)\">\(head)\(chord)</measure>"
        }.joined()
        let xml = "<score-partwise><part-list><score-part id=\"P1\"/></part-list><part id=\"P1\">\(measures)</part></score-partwise>"
        let path = try temporary("chords.musicxml", Data(xml.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try ScoreFile.read(path)
    }

    /// The time `follower` places downbeat `index` of `score` at, read off a diagonal path of `frames` frames that
    /// reaches every score frame `early` frames early in `audio`.
    static func placedDownbeat(_ index: Int, follower: ScoreFollower, score: FollowedScore, audio: AudioFeatures, early: Int,
                               frames: Int) throws -> Double {
        let path = (0..<frames).map { SubsequenceDTW.Point(score: $0, audio: max(0, $0 - early)) }
        let placed = follower.placedDownbeats(path, timeline: follower.laidOut(score), score: score, silent: audio.features.silent,
                                              audio: audio, reverberant: false)
        return try #require(placed.measures.first { $0.index == index }).time
    }
}
