import TheoryCore

/// Renders the notes of an ear-training question as a WAV file from the built-in synthesizer and as a
/// Standard MIDI File, both in exact twelve-tone equal temperament from a chosen A4.
///
/// Notes are given in the order they are played (for a descending melodic interval, the higher note first).
/// Melodic notes follow one another, `noteSeconds` long with `gapSeconds` of silence between them; harmonic
/// notes start and stop together. Audio is 44 100 Hz, 16-bit, mono; each note fades in over 4 ms and out over
/// 10 ms (raised cosine, so nothing clicks), each note is brought to the same peak, and the whole is
/// normalised to a peak of −1 dBFS, so nothing clips. Output is byte-identical on every machine: the noise of
/// the plucked string comes from a seeded `SplitMix64`, and all the mathematics uses only IEEE-754 basic
/// operations (see `PortableMath`), never the platform's `sin` or `exp`.
public struct IntervalAudio: Equatable, Sendable {
    /// Samples per second of the WAV output.
    public static let sampleRate = 44_100
    /// The A4 references accepted, in hertz (the quiz spec's range: 392 French baroque, 415 baroque, 440
    /// standard, 466 Chorton …); a MIDI pitch bend of at most ±3 semitones expresses every one of them.
    public static let a4Range: ClosedRange<Double> = 380...500
    /// Note lengths accepted, in seconds.
    public static let noteSecondsRange: ClosedRange<Double> = 0.05...30
    /// Gaps between melodic notes accepted, in seconds.
    public static let gapSecondsRange: ClosedRange<Double> = 0...30
    /// Fundamentals the synthesizer plays, in hertz (about E0 … D#8 at A4 = 440).
    public static let frequencyRange: ClosedRange<Double> = 20...5_000
    /// The most notes one rendering plays.
    public static let maxNotes = 64
    /// Length of each note's fade-in, in seconds.
    public static let attackSeconds = 0.004
    /// Length of each note's fade-out, in seconds.
    public static let releaseSeconds = 0.010
    /// Peak level of the normalised output: −1 dBFS, as a fraction of full scale.
    public static let peakLevel = 0.8912509381337456

    /// The synthesizer's tone colour (and the General MIDI program in the MIDI file).
    public let timbre: Timbre
    /// The frequency of A4 in hertz.
    public let a4: Double
    /// How long each note sounds, in seconds.
    public let noteSeconds: Double
    /// Silence between melodic notes, in seconds (not used for harmonic intervals).
    public let gapSeconds: Double

    /// Checks and keeps the settings.
    ///
    /// - Throws: `AudioError.invalidA4` outside `a4Range`, `AudioError.invalidDuration` outside
    ///   `noteSecondsRange` or `gapSecondsRange` (non-numbers included).
    public init(timbre: Timbre = .piano, a4: Double = 440, noteSeconds: Double = 1.0, gapSeconds: Double = 0.1) throws(AudioError) {
        guard Self.a4Range.contains(a4) else { throw .invalidA4(a4, allowed: Self.a4Range) }
        guard Self.noteSecondsRange.contains(noteSeconds) else {
            throw .invalidDuration(what: "note length", seconds: noteSeconds, allowed: Self.noteSecondsRange)
        }
        guard Self.gapSecondsRange.contains(gapSeconds) else {
            throw .invalidDuration(what: "gap", seconds: gapSeconds, allowed: Self.gapSecondsRange)
        }
        self.timbre = timbre
        self.a4 = a4
        self.noteSeconds = noteSeconds
        self.gapSeconds = gapSeconds
    }

    /// The equal-tempered frequency of a pitch from this A4: `a4 · 2^((midi − 69)/12)`.
    public func frequency(of pitch: Pitch) -> Double {
        a4 * PortableMath.exp2(Double(pitch.midi - 69) / 12)
    }

    /// The bytes of a WAV file playing `notes`, one after another or (`harmonic`) together.
    ///
    /// - Throws: `AudioError` when there are no notes, too many, or a note outside `frequencyRange` or MIDI 0…127.
    public func wav(notes: [Pitch], harmonic: Bool) throws(AudioError) -> [UInt8] {
        try wavFile(notes: notes, harmonic: harmonic).bytes()
    }

    /// The WAV file playing `notes`, one after another or (`harmonic`) together, as a value.
    ///
    /// - Throws: as `wav(notes:harmonic:)`.
    public func wavFile(notes: [Pitch], harmonic: Bool) throws(AudioError) -> WAVFile {
        try validate(notes)
        let ranges = noteRanges(count: notes.count, harmonic: harmonic)
        var mix = [Double](repeating: 0, count: ranges.map(\.upperBound).max() ?? 0)
        let shaper = NoteShaper(attack: Self.samples(Self.attackSeconds), release: Self.samples(Self.releaseSeconds))
        for (index, (pitch, range)) in zip(notes, ranges).enumerated() {
            var voice = render(pitch, index: index, count: range.count)
            shaper.fade(&voice)
            NoteShaper.normalise(&voice, peak: 1)
            for (offset, value) in voice.enumerated() { mix[range.lowerBound + offset] += value }
        }
        NoteShaper.normalise(&mix, peak: Self.peakLevel)
        let pcm = mix.map { Int16(clamping: Int(($0 * 32_767).rounded())) }
        return WAVFile(sampleRate: Self.sampleRate, channels: 1, samples: pcm)
    }

    /// Where each note sounds in the WAV output, as ranges of sample indices, in the order given.
    ///
    /// Melodic note `i` starts at `i · (note + gap)`; harmonic notes all start at 0. Each lasts `noteSeconds`
    /// (rounded to whole samples); the output ends with the last note.
    public func noteRanges(count: Int, harmonic: Bool) -> [Range<Int>] {
        let length = Self.samples(noteSeconds)
        let step = harmonic ? 0 : length + Self.samples(gapSeconds)
        return (0..<max(count, 0)).map { i in i * step ..< i * step + length }
    }

    /// One note's raw sound from the chosen timbre.
    private func render(_ pitch: Pitch, index: Int, count: Int) -> [Double] {
        let f = frequency(of: pitch)
        let rate = Double(Self.sampleRate)
        switch timbre {
        case .pluckedString:
            let seed = 0x546F_6E6D_6569_7374 &+ UInt64(index) << 8 &+ UInt64(pitch.midi)
            return PluckedString(frequency: f, sampleRate: rate, seed: seed).render(count: count)
        case .piano:
            return PianoTone(frequency: f, sampleRate: rate).render(count: count)
        }
    }

    /// Checks the number of notes and that each is playable.
    func validate(_ notes: [Pitch]) throws(AudioError) {
        guard !notes.isEmpty else { throw .noNotes }
        guard notes.count <= Self.maxNotes else { throw .tooManyNotes(notes.count, limit: Self.maxNotes) }
        for pitch in notes {
            let f = frequency(of: pitch)
            guard (0...127).contains(pitch.midi), Self.frequencyRange.contains(f) else {
                throw .noteOutOfRange(note: pitch.description, midi: pitch.midi, frequency: f, allowed: Self.frequencyRange)
            }
        }
    }

    /// A duration in whole samples.
    static func samples(_ seconds: Double) -> Int { Int((seconds * Double(sampleRate)).rounded()) }
}
