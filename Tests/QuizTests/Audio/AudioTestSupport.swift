@testable import Quiz
import TheoryCore

/// Helpers shared by the audio tests: reading a rendered note back and measuring its pitch.
enum AudioTestSupport {
    /// Samples skipped after a note starts (fade-in and the pluck's first periods): 30 ms.
    static let skipHead = 1_323
    /// Samples skipped before a note ends (the fade-out): 20 ms.
    static let skipTail = 882
    /// At most this many samples of a note are analysed (half a second keeps the suite fast).
    static let analysed = 22_050

    /// The samples of one note of a WAV file as fractions of full scale, without its fades.
    static func body(of wav: WAVFile, _ range: Range<Int>) -> ArraySlice<Double> {
        let start = range.lowerBound + skipHead
        let end = min(range.upperBound - skipTail, start + analysed)
        return wav.samples[start..<end].map { Double($0) / 32_768 }[...]
    }

    /// The error in cents of the partial nearest `expected` in the note at `range`.
    static func centsError(_ wav: WAVFile, _ range: Range<Int>, expected: Double) -> Double {
        let estimator = PitchEstimator(body(of: wav, range), sampleRate: Double(wav.sampleRate))
        return PitchEstimator.cents(estimator.frequency(near: expected), from: expected)
    }

    /// Reference equal-tempered frequency, independent of the module's own arithmetic.
    static func expectedFrequency(_ pitch: Pitch, a4: Double) -> Double { pitch.frequency(a4: a4) }
}
