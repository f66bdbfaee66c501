import Foundation
@testable import Quiz
import TheoryCore
import Testing

@Suite("Audio levels, fades and clicks")
struct LevelAndClickTests {
    /// The normalised peak in 16-bit units: −1 dBFS of 32 767.
    static let peak = Int16((IntervalAudio.peakLevel * 32_767).rounded())
    /// No sample may step by more than this (0.6 of full scale) anywhere. The brightest notes in the tables (C7)
    /// step by up to about 0.55; a note cut off without a fade at a crest steps by up to 0.89.
    static let jumpLimit = 19_661
    /// Within the first half millisecond of a note no sample may exceed 5 % of full scale (the fade-in is at 4 %
    /// of its way there), within the last half millisecond 1 % (the fade-out is at 0.6 %).
    static let (headLimit, tailLimit) = (1_638, 328)
    /// Half a millisecond in samples.
    static let edge = 22

    /// What would click in `samples`, whose notes sound at `ranges`; empty when nothing would.
    static func clicks(in samples: [Int16], notes ranges: [Range<Int>]) -> [String] {
        var found: [String] = []
        for i in 1..<samples.count where abs(Int(samples[i]) - Int(samples[i - 1])) > jumpLimit {
            found.append("a step of \(abs(Int(samples[i]) - Int(samples[i - 1]))) at sample \(i)")
        }
        for range in ranges {
            if samples[range.lowerBound] != 0 { found.append("the note at \(range) starts at \(samples[range.lowerBound])") }
            if samples[range.upperBound - 1] != 0 { found.append("the note at \(range) ends at \(samples[range.upperBound - 1])") }
            if let loud = samples[range.prefix(edge)].first(where: { abs(Int($0)) > headLimit }) {
                found.append("the note at \(range) reaches \(loud) in its first half millisecond")
            }
            if let loud = samples[range.suffix(edge)].first(where: { abs(Int($0)) > tailLimit }) {
                found.append("the note at \(range) is still at \(loud) in its last half millisecond")
            }
        }
        return found
    }

    @Test("renders peak at exactly −1 dBFS and never clip", arguments: Timbre.allCases, [
        (["E2", "A4", "C7"], false), (["C4", "E4", "G4"], true), (["A4", "A4"], true), (["E2", "E6"], true),
    ])
    func levels(timbre: Timbre, case: ([String], Bool)) throws {
        let audio = try IntervalAudio(timbre: timbre, noteSeconds: 0.4, gapSeconds: 0.05)
        let wav = try audio.wavFile(notes: `case`.0.map { try Pitch($0) }, harmonic: `case`.1)
        let loudest = wav.samples.map { abs(Int($0)) }.max()
        #expect(loudest == Int(Self.peak))
        #expect(!wav.samples.contains(.min) && !wav.samples.contains(.max))
    }

    @Test("the fades are raised cosines from and to exactly zero")
    func fadeShape() {
        var ones = [Double](repeating: 1, count: 1_000)
        NoteShaper(attack: 176, release: 441).fade(&ones)
        #expect(ones[0] == 0 && ones[999] == 0)
        for n in 0..<176 {
            #expect(abs(ones[n] - (0.5 - 0.5 * cos(Double.pi * Double(n) / 176))) < 1e-15)
        }
        #expect(ones[176..<559].allSatisfy { $0 == 1 })
        for j in 0..<441 {
            #expect(abs(ones[559 + j] - (0.5 + 0.5 * cos(Double.pi * Double(j) / 440))) < 1e-15)
        }
        #expect(zip(ones.prefix(176), ones.prefix(176).dropFirst()).allSatisfy { $0 < $1 })
        #expect(zip(ones.suffix(441), ones.suffix(441).dropFirst()).allSatisfy { $0 > $1 })
    }

    @Test("the plucked string's loop never makes the waveform rougher than the pluck itself",
          arguments: [82.40688922821748, 110, 261.6255653005986, 440, 2093.004522404789])
    func stringLoopIsSmooth(frequency: Double) {
        let y = PluckedString(frequency: frequency, sampleRate: 44_100, seed: 7).render(count: 8_000)
        let period = Int(44_100 / frequency)
        let steps = zip(y, y.dropFirst()).map { abs($1 - $0) }
        let pluck = steps.prefix(period - 2).max()!
        let later = steps.dropFirst(period - 2).max()!
        #expect(later <= 1.5 * pluck, "a step of \(later) after a pluck whose largest step is \(pluck)")
    }

    @Test("no clicks: no large steps anywhere, none at the edges of notes", arguments: Timbre.allCases, [
        (["E2", "A2", "C4", "A4", "F#5", "C7"], false), (["C4", "E4"], true), (["E2", "B2", "G#3"], true),
    ])
    func noClicks(timbre: Timbre, case: ([String], Bool)) throws {
        let audio = try IntervalAudio(timbre: timbre, noteSeconds: 0.3, gapSeconds: 0)
        let notes = try `case`.0.map { try Pitch($0) }
        let samples = try audio.wavFile(notes: notes, harmonic: `case`.1).samples
        #expect(Self.clicks(in: samples, notes: audio.noteRanges(count: notes.count, harmonic: `case`.1)) == [])
    }

    @Test("the click check catches a note cut off without a fade")
    func clickCheckIsSensitive() {
        // A 440 Hz tone at the same level, cut off at a crest (the last sample sits at the peak).
        let count = 11_025
        let cut = (0..<count).map { n in
            Int16((Double(Self.peak) * sin(2 * Double.pi * 440 * Double(n - count + 1) / 44_100 + Double.pi / 2)).rounded())
        } + [Int16](repeating: 0, count: 100)
        let found = Self.clicks(in: cut, notes: [0..<count])
        #expect(found.contains { $0.contains("ends at") })
        #expect(found.contains { $0.hasPrefix("a step of") && !$0.contains("edge") })
    }

    @Test("renders are deterministic: the same bytes every time and on every machine")
    func deterministic() throws {
        let notes = try [Pitch("G3"), Pitch("D4")]
        for timbre in Timbre.allCases {
            let audio = try IntervalAudio(timbre: timbre, noteSeconds: 0.2, gapSeconds: 0.05)
            #expect(try audio.wav(notes: notes, harmonic: false) == (try audio.wav(notes: notes, harmonic: false)))
            #expect(try audio.midi(notes: notes, harmonic: true) == (try audio.midi(notes: notes, harmonic: true)))
        }
        // Pinned fingerprints (FNV-1a, 64 bits): they change only when the synthesizer is changed on purpose.
        // The arithmetic avoids libm (see PortableMath), so they hold on Linux and macOS alike.
        let plucked = try IntervalAudio(timbre: .pluckedString, noteSeconds: 0.2, gapSeconds: 0.05)
        let piano = try IntervalAudio(timbre: .piano, a4: 442, noteSeconds: 0.2, gapSeconds: 0.05)
        #expect(Self.fnv1a(try plucked.wav(notes: notes, harmonic: false)) == 0x783E_DB9D_4B66_7446)
        #expect(Self.fnv1a(try piano.wav(notes: notes, harmonic: true)) == 0xE204_CEEC_6715_5B04)
        #expect(Self.fnv1a(try piano.midi(notes: notes, harmonic: false)) == 0xE534_C649_3300_4395)
    }

    /// The 64-bit FNV-1a hash of some bytes.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
