import Foundation

/// The downbeats read off a fine path and moved to their onsets.
extension ScoreFollower {
    /// The score's downbeats inside `path` (or a few frames outside it), each at the audio time the path reaches it,
    /// re-attacked after holds, moved to its notes' onset (recentred in a `reverberant` take) and corrected for the
    /// latency and the take's attack; and that attack (the onsets' mean rise in frames).
    func placedDownbeats(_ path: [SubsequenceDTW.Point], timeline: ScoreTimeline, score: FollowedScore, silent: [Bool],
                         audio analysed: AudioFeatures, reverberant: Bool) -> (measures: [FollowedMeasure], attack: Double) {
        guard let first = path.first, let last = path.last else { return ([], options.attackPivot) }
        let rate = FeatureSequence.frameRate
        var measures: [FollowedMeasure] = []
        var rises: [Double] = []
        for (index, beat) in timeline.downbeats.enumerated() {
            let frame = beat * rate
            // A path begins on the first note it hears; a downbeat a few frames outside it is still in the take
            // when the audio reaches it (at the take's tempo).
            let slack = Double(options.edgeSlack)
            guard frame >= Double(first.score) - slack, frame <= Double(last.score) + slack else { continue }
            var audioFrame: Double
            if frame < Double(first.score) {
                audioFrame = Double(first.audio) - (Double(first.score) - frame)
                // After room noise the music cannot begin before the path's first frame: the downbeat is there.
                let before = max(0, first.audio - 8)..<first.audio
                if options.startAfterSilence, before.contains(where: { silent[$0] }) { audioFrame = Double(first.audio) }
            } else if frame > Double(last.score) {
                audioFrame = Double(last.audio) + (frame - Double(last.score))
            } else {
                audioFrame = audioFrameAt(scoreFrame: frame, path: path)
            }
            // A take may begin on its first note: a downbeat a frame or two before the file's start is at 0 s.
            guard audioFrame >= -2, audioFrame <= Double(silent.count - 1) else { continue }
            let played = timeline.order[index]
            measures.append(FollowedMeasure(index: index, number: score.measures[played.measure].number, pass: played.pass,
                                            time: audioFrame / rate))
        }
        if options.reattackHolds { reattack(&measures, timeline: timeline, path: path, audio: analysed) }
        if options.rhythmRadius > 0, !options.rhythmSharpOnly { rhythmShift(&measures, timeline: timeline, path: path, audio: analysed) }
        if options.refineOnsets {
            let unrefined = measures
            let recentre = options.recentreRefinement || reverberant
            rises = refine(&measures, timeline: timeline, audio: analysed, recentre: recentre, entry: Double(first.audio))
            // Sharp attacks (a piano's): the path reaches a downbeat early rather than late, so the search reaches further
            // after it.
            if let after = options.sharpFreshAfter, after > options.freshAfter, !rises.isEmpty,
               rises.reduce(0, +) / Double(rises.count) < options.sharpAttack {
                var wide = self
                wide.options.freshLateFrom = options.freshAfter
                wide.options.freshAfter = after
                measures = unrefined
                if options.rhythmRadius > 0, options.rhythmSharpOnly { rhythmShift(&measures, timeline: timeline, path: path, audio: analysed) }
                rises = wide.refine(&measures, timeline: timeline, audio: analysed, recentre: recentre, entry: Double(first.audio))
            }
        }
        // Slow attacks leave the refined onsets late, sharp ones early: the take's own mean rise sets the correction.
        let attack = rises.isEmpty ? options.attackPivot : rises.reduce(0, +) / Double(rises.count)
        let offset = options.latency - options.attackSlope * (min(max(attack, 1), 7) - options.attackPivot)
        for k in measures.indices { measures[k].time = max(0, measures[k].time + offset) }
        droppingUnheardLast(&measures, audio: analysed, silent: silent)
        return (measures, attack)
    }
}
