/// The fine pass around a coarse path, and the coarse path's rival elsewhere in the score.
extension ScoreFollower {
    /// The fine pass in a band around `coarse`, its edges held where they stop short next to silence.
    func finePass(_ dtw: SubsequenceDTW, coarse: SubsequenceDTW.Result, timeline: ScoreTimeline, audio analysed: AudioFeatures,
                          silent: [Bool]) -> SubsequenceDTW.Result? {
        let fineBand = options.multiResolution ? band(around: coarse.path, scoreCount: dtw.score.count, audioCount: dtw.audio.count) : nil
        guard var fine = dtw.align(band: fineBand) else { return nil }
        if options.anchorAfterHolds, let fineBand {
            let anchors = holdAnchors(timeline: timeline, path: fine.path, audio: analysed)
            if !anchors.isEmpty, let again = dtw.align(band: anchored(fineBand, at: anchors)),
               let a = again.path.first, let b = again.path.last, let c = fine.path.first, let d = fine.path.last,
               b.audio - a.audio >= (d.audio - c.audio) * 9 / 10 {
                fine = again
            }
        }
        if options.holdStart || options.holdEnd,
           let again = edgesHeld(dtw, band: fineBand, path: fine.path, timeline: timeline, silent: silent) {
            fine = again
        }
        return fine
    }

    /// The coarse path's best rival: the coarse pass again with the score frames of `coarse` (and `secondBestMargin` of
    /// its length either side) left out.
    func secondPlace(_ coarse: SubsequenceDTW.Result, _ score: FeatureSequence, _ audio: FeatureSequence) -> SubsequenceDTW.Result? {
        guard let a = coarse.path.first?.score, let b = coarse.path.last?.score else { return nil }
        let margin = Int(Double(b - a) * options.secondBestMargin)
        return coarsePass(score, audio, excluding: max(0, a - margin)..<(b + margin + 1))
    }

    /// For each fine audio frame, the score frames within `bandRadius` of the coarse path.
    func band(around path: [SubsequenceDTW.Point], scoreCount: Int, audioCount: Int) -> [Range<Int>] {
        let f = options.coarseFactor
        var low = [Int](repeating: Int.max, count: audioCount)
        var high = [Int](repeating: Int.min, count: audioCount)
        for (k, p) in path.enumerated() {
            // A step may pass over coarse audio frames: they lie between this point and the previous one.
            let previous = k > 0 ? path[k - 1] : p
            for j in (previous.audio * f)..<min(audioCount, p.audio * f + f) {
                low[j] = min(low[j], previous.score * f)
                high[j] = max(high[j], p.score * f + f)
            }
        }
        // Let the fine path start and end up to a second beyond the coarse one.
        if let first = path.first, let last = path.last {
            for j in max(0, first.audio * f - 50)..<min(audioCount, first.audio * f) { low[j] = min(low[j], first.score * f); high[j] = max(high[j], first.score * f) }
            for j in min(audioCount, last.audio * f + f)..<min(audioCount, last.audio * f + f + 50) { low[j] = min(low[j], last.score * f); high[j] = max(high[j], last.score * f + f) }
        }
        let r = options.bandRadius
        return (0..<audioCount).map { j in
            guard low[j] <= high[j] else { return 0..<0 }
            return max(0, low[j] - r)..<min(scoreCount, high[j] + r)
        }
    }
}
