import Foundation

/// A take stopped inside a bar: the downbeat the path reaches as the music stops is not in the take unless it is heard.
extension ScoreFollower {
    /// Drops the take's last downbeat when the music stops within `stopReach` frames after it (silence follows) and
    /// nothing starts there: its peak spectral flux within ±`stopWindow` frames is under `stopOnsetShare` of the median
    /// peak at the take's other downbeats. A conductor stops the players anywhere; the path, and the edge slack and the
    /// held end after it (``edgesHeld(_:band:path:timeline:silent:)``), then reach the next downbeat in the release
    /// and place it there, where no chord begins. A take stopped just after a downbeat keeps it: its chord starts.
    func droppingUnheardLast(_ measures: inout [FollowedMeasure], audio: AudioFeatures, silent: [Bool]) {
        guard let share = options.stopOnsetShare, measures.count >= 3, let last = measures.last else { return }
        let rate = FeatureSequence.frameRate
        func peak(_ time: Double) -> Float {
            let frame = Int((time * rate).rounded())
            let low = max(0, frame - options.stopWindow), high = min(audio.flux.count - 1, frame + options.stopWindow)
            guard low <= high else { return 0 }
            return audio.flux[low...high].max() ?? 0
        }
        let frame = Int((last.time * rate).rounded())
        let after = max(0, frame)..<min(silent.count, frame + options.stopReach)
        guard after.contains(where: { silent[$0] }) else { return }
        let others = measures.dropLast().map { peak($0.time) }.sorted()
        let median = others[others.count / 2]
        if peak(last.time) < share * median { measures.removeLast() }
    }
}
