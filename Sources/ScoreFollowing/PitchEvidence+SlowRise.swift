/// The fresh notes' rise read over several frames, whatever their attack.
///
/// A hammer's or a plectrum's note rises in one 20 ms frame; a bow, a voice or an organ pipe swells in over 0.1 s or
/// more, so its frame-to-frame rise is small and often below the flicker of the held notes (``PitchEvidenceMeter/rises``
/// then misses it). The note's level still rises: its mean over the few frames after the attack less its mean over
/// the few before, as the re-attack reads it (``ScoreFollower/slowRise``). Each partial's level is taken above its
/// two neighbouring pitches' (a louder chord raises every bin; a note raises its own).
extension PitchEvidenceMeter {
    /// The share of the fresh notes inside the path whose partials' slow rise near the path's time is a hit
    /// (``slowRises(_:at:)``), and how many were counted.
    func slowHitShare() -> (Double, Int) {
        hitShare(margin: slowHalf + 1) { slowRises($0, at: $1) }
    }

    /// Whether the slow rise of `pitch`'s partials (their level above the neighbouring pitches', weighted, mean over
    /// `slowHalf` frames from a frame less the mean over the `slowHalf` before it) peaks within `slowRadius` frames of
    /// `centre` at least `slowRatio` times its mean positive rise within `context` frames, and above `slowMinimum`.
    func slowRises(_ pitch: Int, at centre: Int) -> Bool {
        let low = centre - context - slowHalf, high = centre + context + slowHalf
        var level = [Float](repeating: 0, count: high - low)
        let l = audio.pitchLevel
        for t in low..<high {
            var e: Float = 0
            for (offset, weight) in PitchEvidenceMeter.partials {
                let p = pitch + offset
                guard p > PitchEvidenceMeter.lowest, p < PitchEvidenceMeter.highest else { continue }
                e += weight * (l[t * 128 + p] - (l[t * 128 + p - 1] + l[t * 128 + p + 1]) / 2)
            }
            level[t - low] = e
        }
        var near: Float = 0, around: Float = 0
        var n2: Float = 0, n6: Float = 0
        for t in (centre - context)...(centre + context) {
            var after: Float = 0, before: Float = 0
            for d in 0..<slowHalf { after += level[t - low + d]; before += level[t - low - 1 - d] }
            let rise = (after - before) / Float(slowHalf)
            around += max(0, rise)
            if abs(t - centre) <= slowRadius { near = max(near, rise) }
            if abs(t - centre) <= 2 { n2 = max(n2, rise) }
            if abs(t - centre) <= 7 { n6 = max(n6, rise) }
        }
        around /= Float(2 * context + 1)
        DebugRises.shared.append([n2, near, n6, around])
        return near > slowMinimum && near >= slowRatio * around
    }
}

import Foundation
/// Temporary.
public final class DebugRises: @unchecked Sendable {
    public static let shared = DebugRises()
    let lock = NSLock()
    public var rows: [[Float]] = []
    func append(_ r: [Float]) { lock.lock(); rows.append(r); lock.unlock() }
    public func take() -> [[Float]] { lock.lock(); defer { rows = []; lock.unlock() }; return rows }
}
