extension ScoreFollower {
    /// The local cost matrix of a take against its score at the coarse resolution (rows: score frames at the
    /// take's tempo, columns: audio frames, both `1 / (50 / coarseFactor)` s apart), for pictures of the method.
    public func coarseCostMatrix(score: FollowedScore, audio: AudioSignal, tempoScale: Double) throws -> [[Float]] {
        let audioFeatures = try features(of: audio).features.downsampled(by: options.coarseFactor)
        let scoreFeatures = laidOut(score, scale: tempoScale).features.downsampled(by: options.coarseFactor)
        var dtw = SubsequenceDTW(score: scoreFeatures, audio: audioFeatures)
        dtw.onsetWeight = options.onsetFeatures ? options.onsetWeight : 0
        return (0..<scoreFeatures.count).map { i in (0..<audioFeatures.count).map { j in dtw.cost(i, j) } }
    }
}
