/// Raised-cosine fades at both ends of a note and peak normalisation, so notes start and end at exactly zero.
struct NoteShaper {
    /// Length of the fade-in in samples.
    let attack: Int
    /// Length of the fade-out in samples.
    let release: Int

    /// Fades the ends of `samples` in place: the first and the last sample become 0, the fade-in rises over
    /// `attack` samples and the fade-out falls over `release` samples, both along half a cosine (no corners).
    func fade(_ samples: inout [Double]) {
        precondition(samples.count >= attack + release, "a note must be longer than its fades")
        for n in 0..<attack {
            samples[n] *= 0.5 - 0.5 * PortableMath.cos(turns: Double(n) / Double(2 * attack))
        }
        let start = samples.count - release
        for j in 0..<release {
            samples[start + j] *= 0.5 + 0.5 * PortableMath.cos(turns: Double(j) / Double(2 * (release - 1)))
        }
    }

    /// Scales `samples` so that the largest magnitude is `peak` (silence stays silence).
    static func normalise(_ samples: inout [Double], peak: Double) {
        let largest = samples.reduce(0) { max($0, abs($1)) }
        guard largest > 0 else { return }
        let gain = peak / largest
        for i in samples.indices { samples[i] *= gain }
    }
}
