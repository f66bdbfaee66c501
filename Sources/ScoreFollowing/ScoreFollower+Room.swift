import Foundation

/// How reverberant the room of a take is, measured on the take itself.
extension ScoreFollower {
    /// The largest fall of the take's energy, in dB, over ``Options/decayFrames`` frames from a frame of at least a
    /// tenth of its mean energy. Where the music stops (a breath, a phrase's end, the last chord) a dry take falls to its
    /// room's noise within a fraction of a second; a reverberant one only as fast as its room lets it: the direct sound
    /// goes at once, the rest decays by 60 dB over the room's RT60 (a church's 4 s: 15 dB a second, so about 6 dB in
    /// 0.3 s when the reverberant sound is 5 dB above the direct one). A take with no stop at all falls little in any
    /// room, so a small value is evidence of a reverberant room only together with slow attacks (the refinement's
    /// recentring changes nothing for sharp ones).
    func fastestDecay(_ audio: AudioFeatures) -> Double {
        let energy = audio.energy, span = options.decayFrames
        guard span > 0, energy.count > span else { return 0 }
        let floor = 0.1 * energy.reduce(0, +) / Float(energy.count)
        var largest = 0.0
        for t in 0..<(energy.count - span) where energy[t] >= floor && energy[t] > 0 {
            largest = max(largest, 10 * log10(Double(energy[t]) / Double(max(energy[t + span], energy[t] * 1e-9))))
        }
        return largest
    }

    /// How long a reverberant take's notes ring, as a share of ``Options/ringSeconds``: 0 where its fastest fall reaches
    /// ``Options/reverberantDecay`` (a dry room's), 1 when it falls ``Options/ringFall`` dB less, at most 1.5.
    func ringShare(_ decay: Double) -> Double {
        guard options.ringFall > 0 else { return 1 }
        return min(1.5, max(0, (options.reverberantDecay - decay) / options.ringFall))
    }
}
