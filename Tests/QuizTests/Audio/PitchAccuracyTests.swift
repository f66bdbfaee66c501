import Foundation
@testable import Quiz
import TheoryCore
import Testing

@Suite("Audio pitch accuracy")
struct PitchAccuracyTests {
    /// Guitar and piano range, from the low E string to the top of the guitar's useful range and beyond.
    static let pitches = ["E2", "A2", "C4", "A4", "F#5", "C7"]

    @Test("each note's fundamental is within 1 cent at A4 = 440", arguments: Timbre.allCases, pitches)
    func fundamentalIsExact(timbre: Timbre, name: String) throws {
        let pitch = try Pitch(name)
        let audio = try IntervalAudio(timbre: timbre, noteSeconds: 0.6)   // 0.55 s left after the fades: all that is analysed
        let wav = try audio.wavFile(notes: [pitch], harmonic: false)
        let range = audio.noteRanges(count: 1, harmonic: false)[0]
        let error = AudioTestSupport.centsError(wav, range, expected: AudioTestSupport.expectedFrequency(pitch, a4: 440))
        #expect(abs(error) < 1, "\(timbre) \(name) is off by \(error) cents")
    }

    @Test("other A4 references tune every note", arguments: Timbre.allCases, [432.0, 442.0])
    func otherReferences(timbre: Timbre, a4: Double) throws {
        let notes = try ["E2", "A4", "C7"].map { try Pitch($0) }
        let audio = try IntervalAudio(timbre: timbre, a4: a4, noteSeconds: 0.6, gapSeconds: 0.05)
        let wav = try audio.wavFile(notes: notes, harmonic: false)
        for (pitch, range) in zip(notes, audio.noteRanges(count: notes.count, harmonic: false)) {
            let error = AudioTestSupport.centsError(wav, range, expected: AudioTestSupport.expectedFrequency(pitch, a4: a4))
            #expect(abs(error) < 1, "\(timbre) \(pitch) at A4 = \(a4) is off by \(error) cents")
        }
    }

    @Test("melodic notes play in the order given", arguments: Timbre.allCases)
    func melodicOrder(timbre: Timbre) throws {
        let notes = try [Pitch("A4"), Pitch("E4")]            // a descending fourth: higher note first
        let audio = try IntervalAudio(timbre: timbre, noteSeconds: 0.6)
        let wav = try audio.wavFile(notes: notes, harmonic: false)
        let ranges = audio.noteRanges(count: 2, harmonic: false)
        #expect(ranges == [0..<26_460, 30_870..<57_330])       // 0.6 s notes, 0.1 s gap
        #expect(wav.frameCount == 57_330)
        for (pitch, range) in zip(notes, ranges) {
            #expect(abs(AudioTestSupport.centsError(wav, range, expected: pitch.frequency())) < 1)
        }
        #expect(wav.samples[26_460..<30_870].allSatisfy { $0 == 0 }, "the gap is silent")
    }

    @Test("a harmonic interval holds both fundamentals", arguments: Timbre.allCases, [("C4", "E4"), ("E2", "B2"), ("A3", "D#4")])
    func harmonicHoldsBothNotes(timbre: Timbre, names: (String, String)) throws {
        let notes = try [Pitch(names.0), Pitch(names.1)]
        let audio = try IntervalAudio(timbre: timbre, noteSeconds: 0.8)
        let ranges = audio.noteRanges(count: 2, harmonic: true)
        #expect(ranges[0] == ranges[1])
        let wav = try audio.wavFile(notes: notes, harmonic: true)
        #expect(wav.frameCount == ranges[0].count)
        let estimator = PitchEstimator(AudioTestSupport.body(of: wav, ranges[0]), sampleRate: 44_100)
        let (low, high) = (notes[0].frequency(), notes[1].frequency())
        for f in [low, high] {
            let error = PitchEstimator.cents(estimator.frequency(near: f, searchCents: 20), from: f)
            #expect(abs(error) < 1, "\(timbre) \(names): the partial at \(f) Hz is off by \(error) cents")
        }
        // Both are real peaks: each stands far above the spectrum halfway between them.
        let between = estimator.magnitude(at: (low * high).squareRoot())
        #expect(estimator.magnitude(at: low) > 20 * between)
        #expect(estimator.magnitude(at: high) > 20 * between)
    }

    @Test("the estimator sees a 2-cent error: a sine 2 cents sharp measures +2")
    func estimatorSeesTwoCentsOnASine() {
        let f = 440 * pow(2, 2.0 / 1200)
        let sine = (0..<22_050).map { 0.8 * sin(2 * Double.pi * f * Double($0) / 44_100) }
        let error = PitchEstimator.cents(PitchEstimator(sine, sampleRate: 44_100).frequency(near: 440), from: 440)
        #expect(abs(error - 2) < 0.01)
        #expect(!(abs(error) < 1), "a test allowing 1 cent must fail on this")
    }

    @Test("the estimator sees a 2-cent error in a render detuned by 2 cents", arguments: Timbre.allCases)
    func estimatorSeesTwoCentsInARender(timbre: Timbre) throws {
        let pitch = try Pitch("C4")
        let sharp = try IntervalAudio(timbre: timbre, a4: 440 * pow(2, 2.0 / 1200), noteSeconds: 0.6)
        let wav = try sharp.wavFile(notes: [pitch], harmonic: false)
        let error = AudioTestSupport.centsError(wav, sharp.noteRanges(count: 1, harmonic: false)[0], expected: pitch.frequency())
        #expect(abs(error - 2) < 0.05)
        #expect(!(abs(error) < 1))
    }

    @Test("frequencies are exact 12-TET: the module's arithmetic agrees with TheoryCore's")
    func frequenciesMatchTheoryCore() throws {
        for a4 in [380.0, 415, 432, 440, 442, 466, 500] {
            let audio = try IntervalAudio(a4: a4)
            for midi in 16...108 {
                let pitch = Pitch(diatonicIndex: 0, accidental: midi - 12)   // C0 raised: MIDI `midi`
                #expect(pitch.midi == midi)
                let ours = audio.frequency(of: pitch)
                #expect(abs(ours / pitch.frequency(a4: a4) - 1) < 1e-14)
            }
        }
    }
}
