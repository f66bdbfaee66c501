import TheoryCore

extension Quiz {
    /// One audio file of a question.
    public struct AudioFile: Hashable, Sendable {
        /// The file name: `q03.wav`, `q03.mid`.
        public let name: String
        public let bytes: [UInt8]
    }

    /// The audio of every ear question, by question index: a WAV rendered with the spec's timbre and concert
    /// pitch, and a Standard MIDI File, both melodic or harmonic as the question asks.
    public func audio(noteSeconds: Double = 1.0) throws(AudioError) -> [Int: [AudioFile]] {
        let timbre = Timbre(rawValue: spec.timbre) ?? .piano
        let renderer = try IntervalAudio(timbre: timbre, a4: spec.a4, noteSeconds: noteSeconds)
        var files: [Int: [AudioFile]] = [:]
        let digits = max(2, String(questions.count).count)
        for (index, question) in questions.enumerated() where question.kind == .earInterval {
            let number = String(index + 1), stem = "q" + String(repeating: "0", count: digits - number.count) + number
            let harmonic = question.direction == .harmonic
            files[index] = [
                AudioFile(name: stem + ".wav", bytes: try renderer.wav(notes: question.notes, harmonic: harmonic)),
                AudioFile(name: stem + ".mid", bytes: try renderer.midi(notes: question.notes, harmonic: harmonic)),
            ]
        }
        return files
    }
}
