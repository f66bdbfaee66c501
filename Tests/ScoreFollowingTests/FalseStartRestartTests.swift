import Foundation
import Testing
@testable import ScoreFollowing

/// A false start in music whose phrases repeat: the take begins again after a pause, and the bars before the ones it
/// plays sound like the false start. The path leaves the false start out rather than matching it to those bars.
struct FalseStartRestartTests {
    /// Eleven bars of whole-note triads at 120 quarters a minute (2 s a bar); bars 5–7 repeat bars 1–3.
    static let bars: [[(String, Int)]] = {
        let c = [("C", 4), ("E", 4), ("G", 4)], f = [("F", 4), ("A", 4), ("C", 5)], g = [("G", 4), ("B", 4), ("D", 5)]
        let a = [("A", 4), ("C", 5), ("E", 5)], d = [("D", 4), ("F", 4), ("A", 4)]
        return [c, f, g, d, c, f, g, a, f, g, c]
    }()

    static let pitches: [String: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]

    /// The bars from `first` (0-based) up to `last` played as struck chords that fade (each bar's chord re-struck),
    /// 2 s a bar, at `rate`.
    static func played(_ first: Int, _ last: Int, rate: Double) -> [Float] {
        var samples: [Float] = []
        for bar in first...last {
            let notes = bars[bar].map { 12 * ($0.1 + 1) + pitches[$0.0]! }
            for n in 0..<Int(2 * rate) {
                let t = Double(n) / rate
                let envelope = Float(min(1, t / 0.02) * exp(-t / 1.2))
                samples.append(0.05 * envelope * notes.reduce(0) { $0 + FreshNoteOnsetTests.tone($1, at: n, rate: rate) })
            }
        }
        return samples
    }

    /// Room noise, bars 5–7 broken off half a second before bar 8, a pause of 2.5 s in room noise 25 dB under the
    /// music (too loud to be silent by the file's mean, quiet against the take), then the take of bars 5–11.
    static func take(rate: Double) -> (audio: AudioSignal, bar5: Double) {
        var noise = PitchEvidenceTests.SeededNoise(state: 33)
        let music = played(4, 10, rate: rate)
        let level = Double(music.reduce(0) { $0 + $1 * $1 } / Float(music.count)).squareRoot() * pow(10, -25.0 / 20)
        let falseStart = Array(played(4, 6, rate: rate).dropLast(Int(0.5 * rate)))
        let pause = Fixtures.room(2.5, rate: rate, level: level, noise: &noise)
        let lead = Fixtures.room(0.8, rate: rate, level: level, noise: &noise)
        let music2 = zip(music, Fixtures.room(Double(music.count) / rate, rate: rate, level: level, noise: &noise)).map { $0 + $1 }
        let samples = lead + falseStart + pause + music2 + Fixtures.room(1, rate: rate, level: level, noise: &noise)
        let bar5 = Double(lead.count + falseStart.count + pause.count) / rate
        return (AudioSignal(samples: samples, rate: Int(rate)), bar5)
    }

    @Test func falseStartIsLeftOutAndTheTakePlacedOnItsBars() throws {
        let score = try Fixtures.wholeNoteChords(Self.bars, tempo: 120)
        let rate = Double(AudioSignal.analysisRate)
        let (audio, bar5) = Self.take(rate: rate)
        let found = try ScoreFollower().follow(score: score, audio: audio)
        #expect(found.measures.map(\.index) == Array(4...10))
        for (k, measure) in found.measures.enumerated() {
            #expect(abs(measure.time - (bar5 + 2 * Double(k))) <= 0.1, "bar \(measure.number)")
        }
        #expect(found.start >= bar5 - 0.3)
    }

    /// A take of coarse frames (10 a second): room noise (8 frames), `first` (bars, 0-based, played and broken off
    /// 0.5 s early: 55 frames for three bars), a pause of 12 frames, bars 5–11 (140 frames) and room noise.
    static func coarseTake(first: [Int]) -> (audio: FeatureSequence, energy: [Float]) {
        let rate = Double(AudioSignal.analysisRate)
        var noise = PitchEvidenceTests.SeededNoise(state: 34)
        let music = played(4, 10, rate: rate)
        let level = Double(music.reduce(0) { $0 + $1 * $1 } / Float(music.count)).squareRoot() * pow(10, -25.0 / 20)
        let before = Array(first.flatMap { played($0, $0, rate: rate) }.dropLast(Int(0.5 * rate)))
        let samples = Fixtures.room(0.8, rate: rate, level: level, noise: &noise) + before
            + Fixtures.room(1.2, rate: rate, level: level, noise: &noise) + music + Fixtures.room(1, rate: rate, level: level, noise: &noise)
        let follower = ScoreFollower()
        let analysed = try! follower.features(of: AudioSignal(samples: samples, rate: Int(rate)))
        return (analysed.features.downsampled(by: follower.options.coarseFactor), analysed.energy)
    }

    /// A coarse path through `coarseTake`: the 55 frames before the pause on score frames 0–54 (bars 1–3), the pause's
    /// 12 frames over `across` score frames, then bars 5–11 at the score's pace.
    static func path(across: Int) -> SubsequenceDTW.Result {
        var points: [SubsequenceDTW.Point] = []
        for j in 8..<63 { points.append(.init(score: j - 8, audio: j)) }
        for j in 63..<75 { points.append(.init(score: 55 + (j - 63) * across / 12, audio: j)) }
        for j in 75..<215 { points.append(.init(score: 55 + across + (j - 75), audio: j)) }
        return SubsequenceDTW.Result(path: points, pathCost: 0, total: 0, meanCost: 0)
    }

    @Test("a false start is told by its echo after the pause and the path's run through the pause", arguments: [
        // bars before the pause (0-based), score frames the path crosses in the pause's 12, restarted
        ([4, 5, 6], 25, true),   // bars 5–7, heard again after the pause; the path ran bar 4 through the pause
        ([4, 5, 6], 12, false),  // the same, the path at its pace through the pause: a breath, the music the take's
        ([3, 7, 3], 25, false),  // D, A, D: not what follows the pause
    ] as [([Int], Int, Bool)])
    func restartDecision(first: [Int], across: Int, restarted: Bool) throws {
        let score = try Fixtures.wholeNoteChords(Self.bars, tempo: 120)
        let follower = ScoreFollower()
        let features = follower.features(of: follower.laidOut(score))
        let take = Self.coarseTake(first: first)
        let found = follower.restartedAfterFalseStart(Self.path(across: across), score: features, audio: take.audio,
                                                      energy: take.energy, downbeats: follower.laidOut(score).downbeats)
        #expect((found != nil) == restarted)
        if let found {
            #expect(abs(found.audioStart - 75) <= 1)
            #expect((found.path.path.first?.audio ?? 0) >= 74)
        }
    }

    /// Quiet runs are counted against the take's own median energy, not the file's mean.
    @Test("quiet runs: 20 dB under the span's median energy", arguments: [
        // fine frame energies in coarse frames of 5 (`-` loud 1.0, `.` 0.005, `:` 0.02), expected quiet coarse frames
        ("-----.....-----.....-----", "01234", [1, 3]),
        ("-----::::::----.....-----", "01234", [3]),
        ("-----....------", "012", [] as [Int]),
    ] as [(String, String, [Int])])
    func quietRuns(energies: String, coarse: String, expected: [Int]) {
        let energy: [Float] = energies.map { $0 == "-" ? 1 : $0 == "." ? 0.005 : 0.02 }
        let runs = ScoreFollower().quietRuns(energy, from: 0, through: coarse.count - 1)
        #expect(runs.flatMap { Array($0) } == expected)
    }
}
