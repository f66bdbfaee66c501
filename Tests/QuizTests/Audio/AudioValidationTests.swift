@testable import Quiz
import TheoryCore
import Testing

@Suite("Audio settings and notes are checked")
struct AudioValidationTests {
    @Test("A4 outside 380…500 Hz is refused", arguments: [379.9, 500.1, 0, -440, .nan, .infinity])
    func badA4(a4: Double) {
        do {
            _ = try IntervalAudio(a4: a4)
            Issue.record("accepted A4 = \(a4)")
        } catch {
            guard case .invalidA4(let refused, let allowed) = error else { Issue.record("wrong error \(error)"); return }
            #expect(refused.bitPattern == a4.bitPattern && allowed == 380...500)
        }
    }

    @Test("the A4 range's ends are accepted", arguments: [380.0, 392, 415, 432, 440, 442, 466, 500])
    func goodA4(a4: Double) throws {
        #expect(try IntervalAudio(a4: a4).a4 == a4)
    }

    @Test("note lengths and gaps outside their ranges are refused", arguments: [
        (0.0, 0.1, "note length"), (0.049, 0.1, "note length"), (30.5, 0.1, "note length"), (.nan, 0.1, "note length"),
        (1, -0.01, "gap"), (1, 31, "gap"), (1, .infinity, "gap"),
    ] as [(Double, Double, String)])
    func badDurations(note: Double, gap: Double, what: String) {
        do {
            _ = try IntervalAudio(noteSeconds: note, gapSeconds: gap)
            Issue.record("accepted \(note) s notes with \(gap) s gaps")
        } catch {
            guard case .invalidDuration(let named, _, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(named == what)
        }
    }

    @Test("a gapless melody is allowed")
    func zeroGap() throws {
        #expect(try IntervalAudio(gapSeconds: 0).gapSeconds == 0)
    }

    @Test("notes the synthesizer cannot play are refused, by WAV and MIDI alike", arguments: ["C0", "D#0", "E8", "C9", "G9"])
    func outOfRange(name: String) throws {
        let pitch = try Pitch(name)
        let audio = try IntervalAudio()
        let expected = AudioError.noteOutOfRange(note: name, midi: pitch.midi, frequency: audio.frequency(of: pitch), allowed: 20...5_000)
        #expect(throws: expected) { try audio.wav(notes: [try Pitch("A4"), pitch], harmonic: false) }
        #expect(throws: expected) { try audio.midi(notes: [pitch], harmonic: true) }
    }

    @Test("the playable range's ends at A4 = 440", arguments: ["E0", "D#8"])
    func edgesOfRange(name: String) throws {
        #expect(try IntervalAudio(noteSeconds: 0.1).wav(notes: [Pitch(name)], harmonic: false).count == 44 + 2 * 4_410)
    }

    @Test("no notes, or too many, are refused")
    func noteCount() throws {
        let audio = try IntervalAudio()
        #expect(throws: AudioError.noNotes) { try audio.wav(notes: [], harmonic: false) }
        #expect(throws: AudioError.noNotes) { try audio.midi(notes: [], harmonic: true) }
        let many = [Pitch](repeating: try Pitch("C4"), count: 65)
        #expect(throws: AudioError.tooManyNotes(65, limit: 64)) { try audio.midi(notes: many, harmonic: false) }
    }

    @Test("errors read well")
    func descriptions() throws {
        #expect(AudioError.invalidA4(520, allowed: 380...500).description
            == "invalid A4 reference 520.0 Hz: it must lie between 380.0 Hz and 500.0 Hz (440 is standard, 415 baroque, 442 many orchestras)")
        #expect(AudioError.invalidDuration(what: "note length", seconds: 0, allowed: 0.05...30).description
            == "invalid note length 0.0 s: it must lie between 0.05 s and 30.0 s")
        let c9 = try Pitch("C9")
        #expect(AudioError.noteOutOfRange(note: "C9", midi: c9.midi, frequency: c9.frequency(), allowed: 20...5_000).description
            == "note C9 (MIDI 120, 8372.0 Hz) is outside the playable range 20.0 Hz to 5000.0 Hz and MIDI 0…127")
        #expect(AudioError.malformedWAV("x").description == "not a readable WAV file: x")
        #expect(AudioError.tooManyNotes(65, limit: 64).description == "too many notes (65): one rendering plays at most 64")
    }

    @Test("timbre names", arguments: [
        ("plucked", Timbre.pluckedString), ("Plucked-String", .pluckedString), ("guitar", .pluckedString), ("PIANO", .piano),
    ])
    func timbreNames(name: String, timbre: Timbre) {
        #expect(Timbre(name: name) == timbre)
        #expect(Timbre(rawValue: timbre.description) == timbre)
    }

    @Test("an unknown timbre name is nil")
    func unknownTimbre() {
        #expect(Timbre(name: "organ") == nil)
    }
}
