import Foundation
import CAudio

/// A previous frame's energy per pitch that a note's vibrato does not rise above.
///
/// Vibrato (±20–50 cents at 5–7 Hz in strings and voices) carries a partial back and forth across the boundary of its
/// semitone bin, so the bin's energy rises and falls several times a second: a held note in one voice makes rises in
/// the partials of another voice's fresh notes, where the refinement looks for their onset. As SuperFlux does (Böck
/// and Widmer, 2013), the energy a frame rises from is taken on a finer grid (a third of a semitone) with each fine
/// bin raised to the most of itself and its two neighbours, then summed per semitone: a partial moving by a third of
/// a semitone from one frame to the next (a vibrato's fastest, 38 cents a frame at 50 cents and 6 Hz) does not rise,
/// a note a semitone away (three fine bins) still does.
extension AudioFeatures {
    /// Which rises are taken from the previous frame's vibrato-tolerant energy.
    public enum VibratoTolerance: String, Sendable, CaseIterable {
        /// None: every rise from the previous frame's own energy.
        case off
        /// The refinement's rises (`flux` and `pitchFlux`).
        case refinement
        /// The refinement's rises and the onset chroma's.
        case refinementAndOnsets
        /// The onset chroma's alone.
        case onsets
        /// A second onset chroma for the coarse pass alone (``AudioFeatures/coarseFeatures``).
        case coarseOnsets

        var refinementTolerant: Bool { self == .refinement || self == .refinementAndOnsets }
        var onsetsTolerant: Bool { self == .refinementAndOnsets || self == .onsets }
    }

    /// Fine bins per semitone of ``vibratoTolerantEnergy(_:size:hop:count:gain:lowest:reference:)``.
    static let fineBins = 3

    /// Energy per MIDI pitch (128 per frame) of `size`-point Hann-windowed frames centred every `hop` samples, each
    /// third of a semitone raised to the most of itself and its neighbours before the pitch's three are summed.
    static func vibratoTolerantEnergy(_ signal: AudioSignal, size: Int, hop: Int, count: Int, gain: Float, lowest: Int,
                                      reference: Double = ReferencePitch.standard) throws -> [Float] {
        let fine = fineBins * 128
        var binFine = [Int](repeating: -1, count: size / 2 + 1)
        let rate = Double(signal.rate)
        for k in 1...(size / 2) {
            let f = Double(k) * rate / Double(size)
            let q = Int((Double(fineBins) * (69 + 12 * log2(f / reference))).rounded())
            // Pitch p holds fine bins 3p − 1 ... 3p + 1; one more either side feeds the edges' neighbours.
            if q >= fineBins * lowest - 2, q <= fineBins * 108 + 2 { binFine[k] = q }
        }
        var bins = [Float](repeating: 0, count: fine + 2)
        var energy = [Float](repeating: 0, count: count * 128)
        try spectra(signal, size: size, hop: hop, count: count, gain: gain) { t, spectrum in
            for q in bins.indices { bins[q] = 0 }
            for k in 1...(size / 2) where binFine[k] >= 0 {
                let re = spectrum[2 * k], im = spectrum[2 * k + 1]
                bins[binFine[k]] += re * re + im * im
            }
            for p in lowest...108 {
                var e: Float = 0
                for q in (fineBins * p - 1)...(fineBins * p + 1) { e += max(bins[q - 1], bins[q], bins[q + 1]) }
                energy[t * 128 + p] = e
            }
        }
        return energy
    }
}
