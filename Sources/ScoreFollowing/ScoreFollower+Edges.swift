import Foundation

/// A take's first and last notes: where the path stops short of them next to silence.
extension ScoreFollower {
    /// The fine pass again with its start held to the score's first note (`holdStart`) or its end carried past the
    /// next downbeat (`holdEnd`): where the path begins right after silence within `edgeReach` frames after the score's
    /// first note (a slow first attack left out, the pickup then squeezed), or ends right before room noise within
    /// `edgeReach` frames before a downbeat (a take stopped just after it: its last chord matched to the held one
    /// before). Nil when neither applies or the new path covers less than nine tenths of the audio the old one did.
    func edgesHeld(_ dtw: SubsequenceDTW, band: [Range<Int>]?, path: [SubsequenceDTW.Point], timeline: ScoreTimeline,
                   silent: [Bool]) -> SubsequenceDTW.Result? {
        guard let first = path.first, let last = path.last else { return nil }
        let rate = FeatureSequence.frameRate
        let reach = options.edgeReach
        var held = dtw
        var changed = false
        if options.holdStart, let onset = timeline.notes.map(\.onset).min() {
            let frame = Int((onset * rate).rounded())
            let quietBefore = first.audio < 8 || (first.audio - 8..<first.audio).contains { silent[$0] }
            if first.score > frame + 2, first.score <= frame + reach, quietBefore {
                held.startLimit = frame + 2
                changed = true
            }
        }
        if options.holdEnd, let next = timeline.downbeats.first(where: { $0 * rate > Double(last.score) }) {
            let frame = Int((next * rate).rounded())
            // Room noise after the music, not the file's end: a file cut while the music sounds may stop anywhere.
            let quietAfter = (last.audio + 1..<min(silent.count, last.audio + 1 + options.quietGap)).contains { silent[$0] }
            if frame - last.score <= reach, quietAfter {
                held.endMinimum = frame + options.holdEndFrames
                changed = true
            }
        }
        guard changed, let again = held.align(band: band), let a = again.path.first, let b = again.path.last else { return nil }
        return b.audio - a.audio >= (last.audio - first.audio) * 9 / 10 ? again : nil
    }
}
