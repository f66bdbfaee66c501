import Foundation

extension ScoreFollower {
    /// A coarse path that leaves a false start out.
    struct Restart {
        /// The path from the pause after the false start on.
        var path: SubsequenceDTW.Result
        /// The coarse audio frame after the pause: a path found again must not begin before it.
        var audioStart: Int
    }

    /// The coarse path again with the take's audio up to the end of a pause left out, when what the path matched before
    /// that pause is a false start: music heard again, as played, right after the pause.
    ///
    /// A false start and the take that follows it begin alike, so the path's order cannot leave the false start out when
    /// the score has the same music earlier too (a tune whose phrases repeat): the path matched the false start to the
    /// earlier bars and the take to its own, and reported the earlier bars' downbeats inside the false start. The
    /// audio before a quiet run inside the path is taken for a false start when
    /// - it lasts ``Options/falseStartLongest`` seconds at most and half the audio after the run at most;
    /// - the path ran through the score in the quiet run ``Options/falseStartPace`` times faster than it goes after it,
    ///   past a downbeat;
    /// - the path matches the take after the run at ``Options/falseStartTakeMatch`` times the cost of chance at most;
    /// - aligned with the beginning of the audio after the run, it matches at least as well as the path matches the
    ///   take to the score there (``Options/falseStartMatch``).
    /// Then the coarse pass runs again beginning after the run. `coarse` and `score` are the coarse pass's path and score
    /// features (at the fine rate; the coarse pass thins them), `audio` its take, `energy` the take's energy per fine
    /// frame, `downbeats` the score's downbeats in seconds as laid out.
    func restartedAfterFalseStart(_ coarse: SubsequenceDTW.Result, score: FeatureSequence, audio: FeatureSequence,
                                  energy: [Float], downbeats: [Double]) -> Restart? {
        guard let longest = options.falseStartLongest, let first = coarse.path.first, let last = coarse.path.last else { return nil }
        var probe = SubsequenceDTW(score: score.downsampled(by: options.coarseFactor), audio: audio)
        let rate = coarseRate
        guard let shortest = pauseFrames(probe, frameRate: rate) else { return nil }
        let pauses = quietRuns(energy, from: first.audio, through: last.audio).filter { $0.count >= shortest }
        guard let pause = pauses.first(where: { $0.lowerBound > first.audio && $0.upperBound <= last.audio }) else { return nil }
        let before = first.audio..<pause.lowerBound, after = pause.upperBound...last.audio
        guard before.count >= Int(rate / 2), Double(before.count) <= longest * rate, 2 * before.count <= after.count else { return nil }
        // The path's own cost per frame after the pause: how well the take matches its score.
        let matchedAfter = coarse.path.filter { after.contains($0.audio) }
        let matchedBefore = coarse.path.filter { before.contains($0.audio) }
        guard let b0 = matchedAfter.first, let b1 = matchedAfter.last, let a0 = matchedBefore.first, let a1 = matchedBefore.last,
              b1.audio > b0.audio, a1.audio > a0.audio else { return nil }
        // A breath between phrases holds the path or lets it go on at the take's pace; the path that matched a false start
        // to earlier bars runs through the score in the pause to reach the take's own bars.
        let paceAfter = Double(b1.score - b0.score) / Double(b1.audio - b0.audio)
        let paceAcross = Double(b0.score - a1.score) / Double(max(1, b0.audio - a1.audio))
        guard paceAfter > 0, paceAcross >= options.falseStartPace * paceAfter else { return nil }
        // ... and places a downbeat inside it (a fifth of a second from its ends), where nothing sounds.
        let inside = (pause.lowerBound + 2)..<max(pause.lowerBound + 2, pause.upperBound - 2)
        let frames = downbeats.map { Int(($0 * rate).rounded()) }
        let crosses = zip(coarse.path, coarse.path.dropFirst()).contains { p, q in
            inside.contains(q.audio) && frames.contains { p.score < $0 && $0 <= q.score }
        }
        guard crosses else { return nil }
        probe.onsetWeight = options.onsetFeatures ? options.onsetWeight : 0
        hearSilence(in: &probe, frameRate: rate)
        let scoreCost = matchedAfter.reduce(0.0) { $0 + Double(probe.cost($1.score, $1.audio)) } / Double(matchedAfter.count)
        // Only a take that matches its score well after the pause (another piece's false start stays in its path, and its
        // take is judged with it).
        guard scoreCost <= options.falseStartTakeMatch * Double(probe.chanceCost()) else { return nil }
        // The audio before the pause against the beginning of the audio after it, at up to twice its pace either way.
        let head = after.lowerBound..<min(after.upperBound + 1, after.lowerBound + 2 * before.count + Int(rate))
        var echo = SubsequenceDTW(score: audio.frames(head), audio: audio.frames(before))
        echo.onsetWeight = probe.onsetWeight
        echo.wideSteps = true
        echo.silenceAware = options.silenceAware
        echo.silentMismatch = options.silentMismatch
        echo.skipCost = options.skipCost * echo.chanceCost()
        echo.startLimit = Int(rate)
        guard let heard = echo.align(), let a = heard.path.first, let b = heard.path.last,
              b.audio - a.audio + 1 >= before.count * 3 / 4,
              heard.meanCost <= scoreCost * options.falseStartMatch else { return nil }
        return coarsePass(score, audio, audioStart: after.lowerBound).map { Restart(path: $0, audioStart: after.lowerBound) }
    }

    /// The runs of coarse frames from `first` through `last` whose fine frames are all 20 dB or more below the median
    /// energy of those frames: quiet, against a noise floor a take's music stands well above, where the silent flags ask
    /// for 30 dB under the whole file's mean (room noise 22 dB under a solo violin is not silent, yet no one plays).
    func quietRuns(_ energy: [Float], from first: Int, through last: Int) -> [Range<Int>] {
        let f = options.coarseFactor
        let span = (first * f)..<min(energy.count, (last + 1) * f)
        guard !span.isEmpty else { return [] }
        let sorted = energy[span].sorted()
        let floor = sorted[sorted.count / 2] * 0.01
        var quiet = [Bool](repeating: false, count: last + 1)
        for k in first...last {
            let frames = (k * f)..<min(energy.count, k * f + f)
            quiet[k] = !frames.isEmpty && frames.allSatisfy { energy[$0] < floor }
        }
        return quiet[first...last].silentRuns(atLeast: 1)
    }
}
