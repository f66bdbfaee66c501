import TheoryCore

extension IntervalAudio {
    /// Ticks per quarter note in the MIDI files.
    public static let ticksPerQuarter = 480
    /// Tempo of the MIDI files: 500 000 µs per quarter (120 beats per minute), so one second is 960 ticks.
    public static let microsecondsPerQuarter = 500_000
    /// Note-on velocity of every note (mezzo-forte to forte).
    public static let velocity: UInt8 = 96

    /// The bytes of a Standard MIDI File playing `notes`, one after another or (`harmonic`) together.
    ///
    /// - Throws: as `wav(notes:harmonic:)`.
    public func midi(notes: [Pitch], harmonic: Bool) throws(AudioError) -> [UInt8] {
        try midiFile(notes: notes, harmonic: harmonic).bytes()
    }

    /// The MIDI file playing `notes`, as a value: format 0, one track on channel 1 (0), 480 ticks per quarter.
    ///
    /// The track holds a name, the tempo, a 4/4 time signature and the General MIDI program of the timbre, then
    /// the notes with the same timing as the WAV output. MIDI notes are equal-tempered from A4 = 440 Hz; for
    /// any other A4 the file sets the pitch-bend range (RPN 0) to ±2 semitones, the General MIDI default, or to
    /// ±3 when the retuning needs more than 200 cents (A4 below 392 Hz or above 493.9 Hz), and bends the whole
    /// channel by `1200·log2(a4/440)` cents (resolution 0.025 or 0.037 cent), so a General MIDI player sounds
    /// at the asked A4.
    ///
    /// - Throws: as `wav(notes:harmonic:)`.
    public func midiFile(notes: [Pitch], harmonic: Bool) throws(AudioError) -> MIDIFile {
        try validate(notes)
        let ticksPerSecond = Double(Self.ticksPerQuarter) * 1_000_000 / Double(Self.microsecondsPerQuarter)
        func tick(_ seconds: Double) -> Int { Int((seconds * ticksPerSecond).rounded()) }

        let style = harmonic ? "harmonic" : "melodic"
        var events: [MIDIEvent] = [
            MIDIEvent(tick: 0, .trackName("Tonmeister \(style): \(notes.map(\.description).joined(separator: " ")) (\(timbre))")),
            MIDIEvent(tick: 0, .tempo(microsecondsPerQuarter: UInt32(Self.microsecondsPerQuarter))),
            MIDIEvent(tick: 0, .timeSignature(numerator: 4, denominatorPower: 2, clocksPerClick: 24, thirtySecondsPerQuarter: 8)),
            MIDIEvent(tick: 0, .programChange(channel: 0, program: timbre.midiProgram)),
        ]
        if let (semitones, bend) = pitchBend {
            events += [(101, 0), (100, 0), (6, semitones), (38, 0), (101, 127), (100, 127)].map { cc, value in
                MIDIEvent(tick: 0, .controlChange(channel: 0, controller: cc, value: value))
            }
            events.append(MIDIEvent(tick: 0, .pitchBend(channel: 0, value: bend)))
        }
        var offs: [MIDIEvent] = []
        for (i, pitch) in notes.enumerated() {
            let start = harmonic ? 0 : Double(i) * (noteSeconds + gapSeconds)
            let note = UInt8(pitch.midi)
            events.append(MIDIEvent(tick: tick(start), .noteOn(channel: 0, note: note, velocity: Self.velocity)))
            offs.append(MIDIEvent(tick: tick(start + noteSeconds), .noteOff(channel: 0, note: note, velocity: 64)))
        }
        // A note's off goes before a later note's on at the same tick (melodic with no gap); stable merge.
        let merged = (offs.map { ($0, 0) } + events.map { ($0, 1) }).enumerated()
            .sorted { ($0.element.0.tick, $0.element.1, $0.offset) < ($1.element.0.tick, $1.element.1, $1.offset) }
            .map(\.element.0)
        return MIDIFile(format: 0, ticksPerQuarter: Self.ticksPerQuarter, tracks: [merged])
    }

    /// The pitch-bend range in semitones and the bend value (0…16383, 8192 = none) that retune General MIDI's
    /// A4 = 440 Hz to this A4, or nil at 440 Hz: ±2 semitones when that is enough, else ±3.
    var pitchBend: (semitones: UInt8, value: UInt16)? {
        guard a4 != 440 else { return nil }
        let cents = 1200 * PortableMath.log2(a4 / 440)
        let semitones: UInt8 = abs(cents) <= 200 ? 2 : 3
        let value = 8192 + (cents / (100 * Double(semitones)) * 8192).rounded()
        return (semitones, UInt16(min(16_383, max(0, value))))
    }
}
