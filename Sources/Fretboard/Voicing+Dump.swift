/// A textual fingerprint of voicings, so that a faster search can be checked to change no result.
extension Voicing {
    /// One line with everything a caller can read from the voicing: frets, fingers, barres, notes, intervals,
    /// the score's parts and total (as bit patterns) and the lowest fret.
    package var dumpLine: String {
        func opt(_ x: Int?) -> String { x.map(String.init) ?? "x" }
        let barres = barres.map { "\($0.fret):\($0.fromString)-\($0.toString):\($0.finger)" }.joined(separator: ",")
        let notes = pitches.map { $0?.description ?? "x" }.joined(separator: " ")
        let intervals = intervals.map { $0.map { "\($0.steps)/\($0.semitones)" } ?? "x" }.joined(separator: " ")
        let parts = playability.parts.map { "\($0.0)=\(String($0.1.bitPattern, radix: 16))" }.joined(separator: " ")
        return "\(frets.map(opt).joined(separator: ",")) | \(fingers.map(opt).joined(separator: ",")) | \(barres) | "
            + "\(notes) | \(intervals) | \(parts) | \(String(score.bitPattern, radix: 16)) | \(lowestFret.map(String.init) ?? "-")\n"
    }
}
