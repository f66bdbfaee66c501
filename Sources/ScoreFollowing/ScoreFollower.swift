import Foundation

/// Places a take on its score: features of both, a coarse subsequence DTW over the whole score, a tempo
/// estimate, a fine DTW in a band around the coarse path, downbeats read off the path and moved to onsets.
public struct ScoreFollower: Sendable {
    /// Confidence below which a take is refused as another piece.
    public static let refusalThreshold = 0.3

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Follows `audio` through `score`; throws `FollowError.otherPiece` when the take does not match.
    public func follow(score: FollowedScore, audio: AudioSignal, refuse: Bool = true) throws -> FollowResult {
        var timeline = laidOut(score)
        var scoreFeatures = features(of: timeline)
        let tuning = try tunedFeatures(of: audio, score: scoreFeatures)
        let analysed = tuning.features
        var audioFeatures = tuning.aligned
        let coarseAudio = tuning.coarseAudio
        let decay = fastestDecay(analysed)
        let reverberant = decay < options.reverberantDecay
        // The room (or the pedal) keeps notes ringing past their written ends: the score's chroma rings with them.
        let ringing = reverberant ? options.ringSeconds * ringShare(decay) : options.dryRingSeconds
        var handedOn = tuning.coarse
        if ringing > 0 {
            scoreFeatures = features(of: timeline, ringing: ringing)
            handedOn = nil
        }
        guard var coarse = handedOn ?? coarsePass(scoreFeatures, coarseAudio) else {
            throw FollowError.otherPiece(confidence: 0)
        }
        let restart = restartedAfterFalseStart(coarse, score: scoreFeatures, audio: coarseAudio, energy: analysed.energy,
                                               downbeats: timeline.downbeats)
        // Leaving a false start out (``restartedAfterFalseStart``) never raises the take's confidence: the take is
        // followed as it was too, and the lower confidence stands (another piece's false start is not let through).
        var ceiling = 1.0
        if let restart {
            coarse = restart.path
            var plain = self
            plain.options.falseStartLongest = nil
            ceiling = (try? plain.follow(score: score, audio: audio, refuse: false))?.confidence ?? 0
        }
        var scale = 1.0
        if options.tempoEstimate, let first = coarse.path.first, let last = coarse.path.last, last.score > first.score + 4 {
            let slope = Double(last.audio - first.audio) / Double(last.score - first.score)
            if abs(log(slope)) > log(1.12) {
                scale = slope
                timeline = laidOut(score, scale: scale)
                scoreFeatures = features(of: timeline, ringing: ringing)
                if let again = coarsePass(scoreFeatures, coarseAudio, audioStart: restart?.audioStart ?? 0) { coarse = again }
            }
        }
        var evidence = evidenceOf(coarse, scoreFeatures: scoreFeatures, audio: coarseAudio, key: tuning.choice)
        // By chroma alone the take is judged before the fine pass; pitch evidence needs the fine path.
        if refuse, !options.pitchEvidence, min(evidence.confidence, ceiling) < ScoreFollower.refusalThreshold {
            throw FollowError.otherPiece(confidence: min(evidence.confidence, ceiling))
        }
        if options.entryFineOnly {
            audioFeatures = ScoreFollower.clearingEntryOnsets(audioFeatures, frames: options.entryOnsetFrames, quiet: options.entryQuiet,
                                                              everyEntry: options.everyEntry)
        }
        var dtw = SubsequenceDTW(score: scoreFeatures, audio: audioFeatures)
        dtw.onsetWeight = options.onsetFeatures ? options.fineOnsetWeight ?? options.onsetWeight : 0
        dtw.skipCost = options.skipCost * dtw.chanceCost()
        dtw.wideSteps = true
        dtw.stepPenalty = options.stepPenalty
        hearSilence(in: &dtw, frameRate: FeatureSequence.frameRate)
        dtw.elasticFermatas = options.elasticFermatas
        dtw.holdPenalty = options.fineHoldPenalty
        dtw.rushPenalty = options.fineRushPenalty
        guard var fine = finePass(dtw, coarse: coarse, timeline: timeline, audio: analysed, silent: audioFeatures.silent) else {
            throw FollowError.otherPiece(confidence: 0)
        }
        if options.pitchEvidence || options.secondBest > 0 {
            evidence.pitch = pitchMeter(timeline, analysed, fine.path).evidence()
            evidence.pitch?.localOrderWeight = options.localOrderWeight
        }
        // A second place in the score nearly as good as the first (a repeat's other pass, a bar of the same chords):
        // the voices' pitches choose.
        if options.secondBest > 0, let alternative = secondPlace(coarse, scoreFeatures, coarseAudio) {
            evidence.secondBestRatio = alternative.total / max(1e-9, coarse.total)
            if alternative.total <= coarse.total * (1 + options.secondBest),
               let other = finePass(dtw, coarse: alternative, timeline: timeline, audio: analysed, silent: audioFeatures.silent) {
                var pitch = pitchMeter(timeline, analysed, other.path).evidence()
                pitch.localOrderWeight = options.localOrderWeight
                if pitch.fittedMatch > (evidence.pitch?.fittedMatch ?? 0) + options.secondBestGain {
                    fine = other
                    coarse = alternative
                    let ratio = evidence.secondBestRatio
                    evidence = evidenceOf(alternative, scoreFeatures: scoreFeatures, audio: coarseAudio, key: tuning.choice)
                    evidence.secondBestRatio = ratio
                    evidence.pitch = pitch
                    evidence.movedToSecondBest = true
                }
            }
        }
        if !options.pitchEvidence { evidence.pitch = nil }
        // The first path's edges are the take's start and end, whatever path places the downbeats below.
        guard let first = fine.path.first, let last = fine.path.last else { throw FollowError.otherPiece(confidence: 0) }
        let confidence = min(evidence.confidence, ceiling)
        if refuse, confidence < ScoreFollower.refusalThreshold { throw FollowError.otherPiece(confidence: confidence) }
        var placed = placedDownbeats(fine.path, timeline: timeline, score: score, silent: audioFeatures.silent, audio: analysed,
                                     reverberant: reverberant)
        // A reverberant take's slow attacks smear its onsets late behind the last chord's ringing: they pull the path late,
        // so it is followed again with the onset features weighed less. The first path keeps the confidence, the take's
        // start and end and which downbeats are in it; the second places them.
        if reverberant, let weight = options.reverberantOnsetWeight, options.onsetFeatures, placed.attack >= options.reverberantSlowAttack {
            var soft = dtw
            soft.onsetWeight = weight
            if let again = finePass(soft, coarse: coarse, timeline: timeline, audio: analysed, silent: audioFeatures.silent),
               !again.path.isEmpty {
                fine = again
                let moved = placedDownbeats(again.path, timeline: timeline, score: score, silent: audioFeatures.silent, audio: analysed,
                                            reverberant: reverberant)
                placed.measures = placed.measures.map { measure in moved.measures.first { $0.index == measure.index } ?? measure }
                placed.attack = moved.attack
            }
        }
        let measures = placed.measures, attack = placed.attack
        let rate = FeatureSequence.frameRate
        var plain = 0
        for k in 1..<max(1, fine.path.count) {
            let di = fine.path[k].score - fine.path[k - 1].score, dj = fine.path[k].audio - fine.path[k - 1].audio
            if di <= 2, dj <= 2 { plain += 1 }
        }
        var result = FollowResult(start: Double(first.audio) / rate, end: Double(last.audio) / rate, measures: measures,
                            confidence: confidence, duration: audio.duration,
                            path: fine.path.map { (Double($0.score) / rate / scale, Double($0.audio) / rate) },
                            tempoScale: scale)
        result.evidence = evidence
        result.tuning = tuning.choice
        result.attackFrames = attack
        result.fastestDecay = decay
        result.costRatio = fine.meanCost / Double(dtw.skipCost / options.skipCost)
        result.plainSteps = Double(plain) / Double(max(1, fine.path.count - 1))
        return result
    }

    /// The score laid out at `scale` times its own tempo, with this follower's fermata choices.
    public func laidOut(_ score: FollowedScore, scale: Double = 1) -> ScoreTimeline {
        ScoreTimeline(score: score, scale: scale, fermataStretch: options.fermataStretch,
                      fermataLead: options.elasticFermatas ? options.fermataLead : 0)
    }

    /// The take's features with this follower's choices, A4 at `reference` Hz.
    public func features(of audio: AudioSignal, reference: Double = ReferencePitch.standard) throws -> AudioFeatures {
        try AudioFeatures(audio, onsetFloor: options.onsetFloor, onsetFloorRadius: options.onsetFloorRadius,
                          fluxCompression: options.fluxCompression, onsetCompression: options.onsetCompression,
                          reference: reference, leadingNoiseRise: options.leadingNoiseRise,
                          chromaLag: options.chromaLag, onsetLag: options.onsetLag, vibratoTolerance: options.vibratoTolerance)
    }

    /// The pitch evidence's meter for a path, measuring the local order null only when the mismatch weighs it.
    private func pitchMeter(_ timeline: ScoreTimeline, _ audio: AudioFeatures, _ path: [SubsequenceDTW.Point]) -> PitchEvidenceMeter {
        var meter = PitchEvidenceMeter(timeline: timeline, audio: audio, path: path)
        meter.measuresLocalOrder = options.localOrderWeight > 0
        return meter
    }

    func features(of timeline: ScoreTimeline, ringing: Double = 0) -> FeatureSequence {
        var f = timeline.features(ringing: ringing, ringLevel: options.ringLevel)
        if !options.onsetFeatures { f.onset = [Float](repeating: 0, count: f.onset.count) }
        return f
    }

    /// Sets how `dtw` matches the take's silent frames (``Options/silenceAware``, ``Options/silentMismatch``,
    /// ``Options/edgeSilence``, ``Options/scoreEdgeSilenceSkips``, ``Options/pauseSkips``), alike in every pass; the take's
    /// features at `frameRate` frames a second.
    func hearSilence(in dtw: inout SubsequenceDTW, frameRate: Double) {
        dtw.silenceAware = options.silenceAware
        dtw.silentMismatch = options.silentMismatch
        dtw.edgeSilence = options.edgeSilence
        dtw.scoreEdgeSilenceSkips = options.scoreEdgeSilenceSkips
        if let frames = pauseFrames(dtw, frameRate: frameRate) {
            dtw.pause = SubsequenceDTW.pauses(in: dtw.audio.silent, atLeast: frames)
        }
    }

    /// The fewest frames of silence (at `frameRate` a second) that are a pause, not a rest played, in `dtw`'s take
    /// against its score: ``Options/pauseSkips`` seconds and longer than the score's own longest rest (times
    /// ``Options/pauseRestFactor``, a rest held long); nil when pauses are not told from rests.
    func pauseFrames(_ dtw: SubsequenceDTW, frameRate: Double) -> Int? {
        guard let seconds = options.pauseSkips else { return nil }
        let rest = Int((Double(dtw.longestScoreRest) * options.pauseRestFactor).rounded(.up))
        return max(rest + 1, Int((seconds * frameRate).rounded(.up)))
    }

    /// Frames a second of the coarse passes' take.
    var coarseRate: Double { FeatureSequence.frameRate / Double(options.coarseFactor) }

    func coarsePass(_ score: FeatureSequence, _ audio: FeatureSequence, excluding: Range<Int> = 0..<0,
                    audioStart: Int = 0) -> SubsequenceDTW.Result? {
        var dtw = SubsequenceDTW(score: score.downsampled(by: options.coarseFactor), audio: audio)
        dtw.excluded = excluding
        dtw.audioStartMinimum = audioStart
        dtw.wideSteps = true
        hearSilence(in: &dtw, frameRate: coarseRate)
        dtw.elasticFermatas = options.elasticFermatas && options.elasticCoarse
        dtw.holdPenalty = options.coarseHoldPenalty
        dtw.rushPenalty = options.coarseRushPenalty
        dtw.onsetWeight = options.onsetFeatures ? options.onsetWeight : 0
        dtw.skipCost = options.skipCost * dtw.chanceCost()
        return dtw.align()
    }

    /// The coarse path's cost beside its null models, and the key contrast of the semitone search that chose `key`
    /// (``MatchEvidence/keyContrast``: only for a take kept in its grid's key).
    private func evidenceOf(_ real: SubsequenceDTW.Result, scoreFeatures: FeatureSequence, audio: FeatureSequence,
                            key: ReferencePitch.Choice) -> MatchEvidence {
        var dtw = SubsequenceDTW(score: scoreFeatures.downsampled(by: options.coarseFactor), audio: audio)
        dtw.onsetWeight = options.onsetFeatures ? options.onsetWeight : 0
        hearSilence(in: &dtw, frameRate: coarseRate)
        let first = real.path.first?.audio ?? 0, last = real.path.last?.audio ?? 0
        let orderFree = dtw.orderFreeCost(over: first...last), chance = Double(dtw.chanceCost())
        let pause = Int((options.surroundingPause * FeatureSequence.frameRate / Double(options.coarseFactor)).rounded(.up))
        var unlikeness: [Double] = []
        let span = MatchEvidence.takeSpan(first: first, last: last, silent: audio.silent, pause: pause) { frames in
            guard let limit = options.surroundingUnlike else { return true }
            let u = MatchEvidence.unlikeness(of: frames, dtw: dtw, silent: audio.silent, pathOrderFree: orderFree, chance: chance)
            unlikeness.append(u)
            return u > limit
        }
        // The quiet at the span's ends beyond `edgeQuiet` is not take left out (a recorder rolling early or late).
        var counted = span.count
        if let quiet = options.edgeQuiet {
            let kept = Int((quiet * FeatureSequence.frameRate / Double(options.coarseFactor)).rounded())
            var leading = 0, trailing = 0
            while span.lowerBound + leading < min(first, span.upperBound), audio.silent[span.lowerBound + leading] { leading += 1 }
            while span.upperBound - 1 - trailing > last, audio.silent[span.upperBound - 1 - trailing] { trailing += 1 }
            counted -= max(0, leading - kept) + max(0, trailing - kept)
        }
        var evidence = MatchEvidence(pathCost: real.meanCost, orderFreeCost: orderFree, chanceCost: chance,
                                     coverage: Double(last - first + 1) / Double(max(1, counted)))
        evidence.surroundings = unlikeness
        evidence.keyBlindWeight = options.keyBlindWeight
        if key.semitones == 0, key.offsetCosts.count == 3 { evidence.keyContrast = min(key.offsetCosts[0], key.offsetCosts[2]) }
        return evidence
    }

    /// The audio frame the path reaches at `scoreFrame`, interpolated between path points.
    func audioFrameAt(scoreFrame: Double, path: [SubsequenceDTW.Point]) -> Double {
        ScoreFollower.audioFrame(at: scoreFrame, path: path)
    }

    /// The audio frame `path` reaches at `scoreFrame`, interpolated between its points.
    static func audioFrame(at scoreFrame: Double, path: [SubsequenceDTW.Point]) -> Double {
        var lo = 0, hi = path.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if Double(path[mid].score) < scoreFrame { lo = mid + 1 } else { hi = mid }
        }
        let p = path[lo]
        // Where several audio frames share this score frame, take the first; interpolate from the previous point.
        guard lo > 0, Double(p.score) > scoreFrame else { return Double(p.audio) }
        let q = path[lo - 1]
        let t = (scoreFrame - Double(q.score)) / Double(p.score - q.score)
        return Double(q.audio) + t * Double(p.audio - q.audio)
    }
}
