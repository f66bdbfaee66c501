import Foundation
import CAudio

/// Chroma, onset chroma and spectral flux of a take, from short-time Fourier transforms (KissFFT).
public struct AudioFeatures: Sendable {
    public var features: FeatureSequence
    /// Summed positive log-energy change per frame: where notes start, for refining downbeats.
    public var flux: [Float]
    /// Positive log-energy change per MIDI pitch and frame (128 values a frame): where a given note starts.
    public var pitchFlux: [Float]
    /// Log energy `log(1 + fluxCompression·e)` per MIDI pitch and frame (128 values a frame; pitches 36–108): how
    /// loud a note is, for rises slower than a frame (a re-attack after a held chord).
    public var pitchLevel: [Float]
    /// Energy per frame (the chroma frames' pitches 24–108 summed): how loud the take is, for its room's decay.
    public var energy: [Float]
    /// The features with the onset chroma's rises taken from the vibrato-tolerant energy, for the coarse pass alone
    /// (``VibratoTolerance/coarseOnsets``; nil otherwise).
    public var coarseFeatures: FeatureSequence?

    /// Analyses `signal` (at `AudioSignal.analysisRate`): 4096-point frames for chroma, 2048 for onsets; the onset
    /// chroma's local normalization is floored at `onsetFloor` of the largest onset within ±`onsetFloorRadius` frames.
    /// `fluxCompression`: γ of the `log(1 + γ·energy)` whose rises make `flux` and `pitchFlux`; `onsetCompression`
    /// the same for the onset chroma. `reference`: the frequency of A4 (MIDI 69) in the take (``ReferencePitch``):
    /// each FFT bin counts towards the MIDI pitch nearest to it on that grid. `leadingNoiseRise` (dB; 0: off): the
    /// frames before the music begins (``musicStart(energy:silent:rise:flatFrames:flatness:margin:)``) count as silent too.
    /// `chromaLag`, `onsetLag`: frames by which the chroma (with its silent flags) and the onset chroma are delayed
    /// (``FeatureSequence/delayed(chromaFrames:onsetFrames:)``); the flux for refining downbeats is not.
    /// `vibratoTolerance`: which rises are taken from the previous frame's vibrato-tolerant energy
    /// (``vibratoTolerantEnergy(_:size:hop:count:gain:lowest:reference:)``).
    public init(_ signal: AudioSignal, onsetFloor: Float = 0, onsetFloorRadius: Int = 150, fluxCompression: Float = 10_000,
                onsetCompression: Float = 1000, reference: Double = ReferencePitch.standard, leadingNoiseRise: Float = 0,
                chromaLag: Int = 0, onsetLag: Int = 0, vibratoTolerance: VibratoTolerance = .off) throws {
        let hop = Int((Double(signal.rate) / FeatureSequence.frameRate).rounded())
        let count = signal.samples.count / hop + 1
        var rms: Double = 0
        for s in signal.samples { rms += Double(s * s) }
        rms = (rms / Double(max(1, signal.samples.count))).squareRoot()
        let gain = Float(rms > 1e-9 ? 0.1 / rms : 1)
        let chromaEnergy = try AudioFeatures.pitchEnergy(signal, size: 4096, hop: hop, count: count, gain: gain, lowest: 24,
                                                          reference: reference)
        let onsetEnergy = try AudioFeatures.pitchEnergy(signal, size: 2048, hop: hop, count: count, gain: gain, lowest: 36,
                                                         reference: reference)
        let risenFrom = vibratoTolerance != .off
            ? try AudioFeatures.vibratoTolerantEnergy(signal, size: 2048, hop: hop, count: count, gain: gain, lowest: 36,
                                                      reference: reference)
            : onsetEnergy
        var chroma = [Float](repeating: 0, count: count * 12)
        var rawOnset = [Float](repeating: 0, count: count * 12)
        var tolerantOnset = [Float](repeating: 0, count: vibratoTolerance == .coarseOnsets ? count * 12 : 0)
        var flux = [Float](repeating: 0, count: count)
        var pitchFlux = [Float](repeating: 0, count: count * 128)
        var pitchLevel = [Float](repeating: 0, count: count * 128)
        let pitches = 128
        var frameEnergy = [Float](repeating: 0, count: count)
        for t in 0..<count {
            for p in 24..<109 {
                let e = chromaEnergy[t * pitches + p]
                chroma[t * 12 + p % 12] += e
                frameEnergy[t] += e
            }
        }
        let mean = frameEnergy.reduce(0, +) / Float(max(1, count))
        var silent = [Bool](repeating: false, count: count)
        for t in 0..<count {
            if frameEnergy[t] < mean * 1e-3 { silent[t] = true }
        }
        let music = AudioFeatures.musicStart(energy: frameEnergy, silent: silent, rise: leadingNoiseRise)
        for t in 0..<music { silent[t] = true }
        for t in 0..<count {
            if silent[t] { for k in 0..<12 { chroma[t * 12 + k] = 0 } }
            for k in 0..<12 { chroma[t * 12 + k] = log1pf(100 * chroma[t * 12 + k]) }
            for p in 36..<109 { pitchLevel[t * pitches + p] = log1pf(fluxCompression * onsetEnergy[t * pitches + p]) }
            guard t > 0 else { continue }
            for p in 36..<109 {
                let now = onsetEnergy[t * pitches + p], before = onsetEnergy[(t - 1) * pitches + p]
                let tolerant = risenFrom[(t - 1) * pitches + p]
                let d = log1pf(onsetCompression * now) - log1pf(onsetCompression * (vibratoTolerance.onsetsTolerant ? tolerant : before))
                if d > 0 { rawOnset[t * 12 + p % 12] += d }
                if vibratoTolerance == .coarseOnsets {
                    let c = log1pf(onsetCompression * now) - log1pf(onsetCompression * tolerant)
                    if c > 0 { tolerantOnset[t * 12 + p % 12] += c }
                }
                let r = log1pf(fluxCompression * now) - log1pf(fluxCompression * (vibratoTolerance.refinementTolerant ? tolerant : before))
                if r > 0 {
                    flux[t] += r
                    pitchFlux[t * 128 + p] = r
                }
            }
        }
        FeatureMath.normalizeFrames(&chroma, count: count)
        let onset = FeatureMath.decayingNormalizedOnsets(rawOnset, count: count, floorShare: onsetFloor, floorRadius: onsetFloorRadius)
        features = FeatureSequence(chroma: chroma, onset: onset, count: count, silent: silent)
            .delayed(chromaFrames: chromaLag, onsetFrames: onsetLag)
        if vibratoTolerance == .coarseOnsets {
            let tolerant = FeatureMath.decayingNormalizedOnsets(tolerantOnset, count: count, floorShare: onsetFloor, floorRadius: onsetFloorRadius)
            coarseFeatures = FeatureSequence(chroma: chroma, onset: tolerant, count: count, silent: silent)
                .delayed(chromaFrames: chromaLag, onsetFrames: onsetLag)
        }
        self.flux = flux
        self.pitchFlux = pitchFlux
        self.pitchLevel = pitchLevel
        energy = frameEnergy
    }

    /// A `size`-point Hann window (0 at its first point, 1 at its middle).
    static func hannWindow(size: Int) -> [Float] {
        (0..<size).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size))) }
    }

    /// Energy per MIDI pitch (128 per frame) from `size`-point Hann-windowed frames centred every `hop` samples, A4 at
    /// `reference` Hz.
    static func pitchEnergy(_ signal: AudioSignal, size: Int, hop: Int, count: Int, gain: Float, lowest: Int,
                            reference: Double = ReferencePitch.standard) throws -> [Float] {
        var binPitch = [Int](repeating: -1, count: size / 2 + 1)
        let rate = Double(signal.rate)
        for k in 1...(size / 2) {
            let f = Double(k) * rate / Double(size)
            let p = Int((69 + 12 * log2(f / reference)).rounded())
            if p >= lowest, p <= 108 { binPitch[k] = p }
        }
        var energy = [Float](repeating: 0, count: count * 128)
        try spectra(signal, size: size, hop: hop, count: count, gain: gain) { t, spectrum in
            for k in 1...(size / 2) where binPitch[k] >= 0 {
                let re = spectrum[2 * k], im = spectrum[2 * k + 1]
                energy[t * 128 + binPitch[k]] += re * re + im * im
            }
        }
        return energy
    }

    /// Hands `body` each frame's index and spectrum (KissFFT's real and imaginary pairs, `size` + 2 values) of
    /// `size`-point Hann-windowed frames, scaled by `gain`, centred every `hop` samples.
    static func spectra(_ signal: AudioSignal, size: Int, hop: Int, count: Int, gain: Float,
                        _ body: (Int, [Float]) -> Void) throws {
        guard let fft = tm_fft_new(Int32(size)) else { throw FollowError.missingLibrary("KissFFT cannot make a \(size)-point FFT") }
        defer { tm_fft_free(fft) }
        let window = hannWindow(size: size).map { $0 * gain / Float(size) }
        var frame = [Float](repeating: 0, count: size)
        var spectrum = [Float](repeating: 0, count: size + 2)
        signal.samples.withUnsafeBufferPointer { samples in
            for t in 0..<count {
                let start = t * hop - size / 2
                for i in 0..<size {
                    let s = start + i
                    frame[i] = s >= 0 && s < samples.count ? samples[s] * window[i] : 0
                }
                tm_fft_run(fft, frame, &spectrum)
                body(t, spectrum)
            }
        }
    }
}
