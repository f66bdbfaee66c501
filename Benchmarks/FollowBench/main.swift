import Foundation
import ScoreFollowing

// FollowBench: follows every take of the corpus that make_corpus.py wrote and compares with the truth.
// Usage: FollowBench --dump-scores < PATHS (ScoreDump.swift), or
//        FollowBench CORPUS_DIR [--split tune|held-out|all] [--no-onsets] [--single-resolution] [--no-tempo]
//        [--no-refine] [--no-silence] [--notes] [--plain-flux] [--fresh-share S] [--fresh-back FRAMES] [--fresh-window BEFORE AFTER]
//        [--onset-floor S] [--onset-floor-radius FRAMES] [--silent-mismatch C] [--lead-noise DB] [--no-edge-silence] [--pause-skips S] [--free-pauses] [--pause-rest F] [--false-start-longest S] [--no-restart] [--false-start-match R] [--false-start-pace F] [--false-start-take R] [--chroma-lag FRAMES] [--onset-lag FRAMES] [--sharp-after FRAMES] [--no-sharp-search] [--sharp-attack F] [--late-ratio R] [--rhythm-radius FRAMES] [--rhythm-span S] [--rhythm-min N] [--rhythm-reach S] [--rhythm-keep FRAMES] [--rhythm-margin M] [--rhythm-own W] [--rhythm-tolerance FRAMES] [--no-rhythm] [--rhythm-every-take] [--anchor] [--anchor-any] [--anchor-hold S] [--anchor-share S] [--anchor-reach FRAMES]
//        [--flux-compression G] [--onset-compression G] [--recentre] [--recentre-min F] [--recentre-share S]
//        [--no-hold-start] [--no-hold-end] [--edge-reach FRAMES] [--hold-end-frames FRAMES] [--quiet-gap FRAMES]
//        [--no-pitch-evidence] [--no-reattack] [--reattack-scope 0|1|2] [--reattack-reach S] [--reattack-half F]
//        [--reattack-window BEFORE AFTER] [--reattack-ratio R] [--reattack-min R] [--reattack-here F] [--reattack-shift F]
//        [--onset-weight W] [--fine-onset-weight W] [--step-penalty P] [--fermata F] [--band FRAMES] [--coarse-rush P] [--fine-rush P]
//        [--local-order W] [--entry-frames N] [--entry-quiet N] [--every-entry] [--entry-fine]
//        [--second-best R] [--second-margin F] [--second-gain G]
//        [--reference-pitch HZ] [--no-tuning] [--no-semitone-search] [--semitone-margin F] [--tuning-snap CENTS] [--session-pitch HZ] [--json OUT]
//        [--path TAKE_FILE OUT_CSV] [--tap] [--keep-refused]
// --tap: a take inside a repeat is moved to the pass through the same measures nearest its first true downbeat, as
//        `session place` moves it to the pass the producer tapped (half a bar late here).
// --keep-refused: a take below the refusal threshold is scored (and drawn with --path) as if accepted, for diagnosis.

struct Truth: Codable { var index: Int; var number: String; var time: Double }
struct Item: Codable { var split: String; var piece: String; var score: String; var take: String; var kind: String
    var duration: Double; var truth: [Truth]; var ensemble: String?; var soundfont: String? }

var arguments = Array(CommandLine.arguments.dropFirst())
// FollowBench --dump-scores: the readers' measures and playing order of the score paths on standard input (ScoreDump).
if arguments.first == "--dump-scores" { ScoreDump.run(); exit(0) }
guard let directory = arguments.first else { print("usage: FollowBench CORPUS_DIR [options]"); exit(2) }
var options = ScoreFollower.Options()
var split = "all"
var jsonOut: String?
var pathTake: String?, pathOut: String?
var tapped = false
var keepRefused = false
var i = 1
while i < arguments.count {
    switch arguments[i] {
    case "--split": split = arguments[i + 1]; i += 1
    case "--no-onsets": options.onsetFeatures = false
    case "--single-resolution": options.multiResolution = false
    case "--no-tempo": options.tempoEstimate = false
    case "--no-refine": options.refineOnsets = false
    case "--onset-floor": options.onsetFloor = Float(arguments[i + 1])!; i += 1
    case "--recentre": options.recentreRefinement = true
    case "--recentre-min": options.recentreMinimum = Double(arguments[i + 1])!; i += 1
    case "--recentre-share": options.recentreShare = Double(arguments[i + 1])!; i += 1
    case "--flux-compression": options.fluxCompression = Float(arguments[i + 1])!; i += 1
    case "--onset-compression": options.onsetCompression = Float(arguments[i + 1])!; i += 1
    case "--no-hold-start": options.holdStart = false
    case "--no-hold-end": options.holdEnd = false
    case "--quiet-gap": options.quietGap = Int(arguments[i + 1])!; i += 1
    case "--edge-reach": options.edgeReach = Int(arguments[i + 1])!; i += 1
    case "--hold-end-frames": options.holdEndFrames = Int(arguments[i + 1])!; i += 1
    case "--onset-floor-radius": options.onsetFloorRadius = Int(arguments[i + 1])!; i += 1
    case "--no-edge-silence": options.edgeSilence = false
    case "--free-score-edges": options.scoreEdgeSilenceSkips = false
    case "--pause-skips": options.pauseSkips = Double(arguments[i + 1])!; i += 1
    case "--free-pauses": options.pauseSkips = nil
    case "--pause-rest": options.pauseRestFactor = Double(arguments[i + 1])!; i += 1
    case "--false-start-longest": options.falseStartLongest = Double(arguments[i + 1])!; i += 1
    case "--no-restart": options.falseStartLongest = nil
    case "--false-start-match": options.falseStartMatch = Double(arguments[i + 1])!; i += 1
    case "--false-start-pace": options.falseStartPace = Double(arguments[i + 1])!; i += 1
    case "--false-start-take": options.falseStartTakeMatch = Double(arguments[i + 1])!; i += 1
    case "--stop-share": options.stopOnsetShare = Float(arguments[i + 1])!; i += 1
    case "--stop-reach": options.stopReach = Int(arguments[i + 1])!; i += 1
    case "--stop-window": options.stopWindow = Int(arguments[i + 1])!; i += 1
    case "--key-blind": options.keyBlindWeight = Double(arguments[i + 1])!; i += 1
    case "--chroma-lag": options.chromaLag = Int(arguments[i + 1])!; i += 1
    case "--sharp-after": options.sharpFreshAfter = Int(arguments[i + 1])!; i += 1
    case "--no-sharp-search": options.sharpFreshAfter = nil
    case "--rhythm-radius": options.rhythmRadius = Int(arguments[i + 1])!; i += 1
    case "--rhythm-span": options.rhythmSpan = Double(arguments[i + 1])!; i += 1
    case "--rhythm-min": options.rhythmMinimumOnsets = Int(arguments[i + 1])!; i += 1
    case "--rhythm-reach": options.rhythmTempoReach = Double(arguments[i + 1])!; i += 1
    case "--rhythm-keep": options.rhythmKeep = Int(arguments[i + 1])!; i += 1
    case "--rhythm-margin": options.rhythmMargin = Float(arguments[i + 1])!; i += 1
    case "--no-rhythm": options.rhythmRadius = 0
    case "--rhythm-every-take": options.rhythmSharpOnly = false
    case "--rhythm-own": options.rhythmOwnWeight = Float(arguments[i + 1])!; i += 1
    case "--rhythm-tolerance": options.rhythmTolerance = Int(arguments[i + 1])!; i += 1
    case "--sharp-attack": options.sharpAttack = Double(arguments[i + 1])!; i += 1
    case "--late-ratio": options.freshLateRatio = Float(arguments[i + 1])!; i += 1
    case "--onset-lag": options.onsetLag = Int(arguments[i + 1])!; i += 1
    case "--pause": options.surroundingPause = Double(arguments[i + 1])!; i += 1
    case "--unlike": options.surroundingUnlike = Double(arguments[i + 1])!; i += 1
    case "--no-pause": options.surroundingPause = 0
    case "--lead-noise": options.leadingNoiseRise = Float(arguments[i + 1])!; i += 1
    case "--silent-mismatch": options.silentMismatch = Float(arguments[i + 1])!; i += 1
    case "--anchor": options.anchorAfterHolds = true
    case "--anchor-any": options.anchorSameHarmonyOnly = false
    case "--anchor-hold": options.anchorHoldShare = Float(arguments[i + 1])!; i += 1
    case "--anchor-share": options.anchorShare = Float(arguments[i + 1])!; i += 1
    case "--anchor-reach": options.anchorReach = Int(arguments[i + 1])!; i += 1
    case "--onset-weight": options.onsetWeight = Float(arguments[i + 1])!; i += 1
    case "--fine-onset-weight": options.fineOnsetWeight = Float(arguments[i + 1])!; i += 1
    case "--refine-radius": options.refineRadius = Int(arguments[i + 1])!; i += 1
    case "--attack": options.attackShare = Float(arguments[i + 1])!; i += 1
    case "--notes": options.refineToNotes = true; options.refineToFreshNotes = false
    case "--plain-flux": options.refineToFreshNotes = false
    case "--fresh-back": options.freshBack = Int(arguments[i + 1])!; i += 1
    case "--reverberant-decay": options.reverberantDecay = Double(arguments[i + 1])!; i += 1
    case "--decay-frames": options.decayFrames = Int(arguments[i + 1])!; i += 1
    case "--ring": options.ringSeconds = Double(arguments[i + 1])!; i += 1
    case "--ring-dry": options.dryRingSeconds = Double(arguments[i + 1])!; i += 1
    case "--ring-level": options.ringLevel = Float(arguments[i + 1])!; i += 1
    case "--ring-fall": options.ringFall = Double(arguments[i + 1])!; i += 1
    case "--recentre-rounds": options.recentreRounds = Int(arguments[i + 1])!; i += 1
    case "--rev-onset-weight": options.reverberantOnsetWeight = Float(arguments[i + 1])!; i += 1
    case "--one-fine-pass": options.reverberantOnsetWeight = nil
    case "--rev-slow-attack": options.reverberantSlowAttack = Double(arguments[i + 1])!; i += 1
    case "--recentre-entry": options.recentreEntryFrames = Int(arguments[i + 1])!; i += 1
    case "--fresh-share": options.freshShare = Float(arguments[i + 1])!; i += 1
    case "--fresh-window": options.freshBefore = Int(arguments[i + 1])!; options.freshAfter = Int(arguments[i + 2])!; i += 2
    case "--note-radius": options.noteRadius = Int(arguments[i + 1])!; i += 1
    case "--note-spread": options.noteSpread = Double(arguments[i + 1])!; i += 1
    case "--fermata": options.fermataStretch = Double(arguments[i + 1])!; i += 1
    case "--coarse-rush": options.coarseRushPenalty = Float(arguments[i + 1])!; i += 1
    case "--fine-rush": options.fineRushPenalty = Float(arguments[i + 1])!; i += 1
    case "--step-penalty": options.stepPenalty = Float(arguments[i + 1])!; i += 1
    case "--no-elastic": options.elasticFermatas = false
    case "--no-elastic-coarse": options.elasticCoarse = false
    case "--coarse-hold": options.coarseHoldPenalty = Float(arguments[i + 1])!; i += 1
    case "--fine-hold": options.fineHoldPenalty = Float(arguments[i + 1])!; i += 1
    case "--fermata-lead": options.fermataLead = Double(arguments[i + 1])!; i += 1
    case "--attack-slope": options.attackSlope = Double(arguments[i + 1])!; i += 1
    case "--attack-pivot": options.attackPivot = Double(arguments[i + 1])!; i += 1
    case "--no-start-after-silence": options.startAfterSilence = false
    case "--no-silence": options.silenceAware = false
    case "--band": options.bandRadius = Int(arguments[i + 1])!; i += 1
    case "--latency": options.latency = Double(arguments[i + 1])!; i += 1
    case "--skip-cost": options.skipCost = Float(arguments[i + 1])!; i += 1
    case "--no-reattack": options.reattackHolds = false
    case "--pitch-evidence": options.pitchEvidence = true
    case "--no-pitch-evidence": options.pitchEvidence = false
    case "--reattack-scope": options.reattackScope = Int(arguments[i + 1])!; i += 1
    case "--reattack-reach": options.reattackFermataReach = Double(arguments[i + 1])!; i += 1
    case "--reattack-half": options.reattackHalf = Int(arguments[i + 1])!; i += 1
    case "--reattack-window": options.reattackBefore = Int(arguments[i + 1])!; options.reattackAfter = Int(arguments[i + 2])!; i += 2
    case "--reattack-ratio": options.reattackRatio = Float(arguments[i + 1])!; i += 1
    case "--reattack-min": options.reattackMinimum = Float(arguments[i + 1])!; i += 1
    case "--edge-quiet": options.edgeQuiet = Double(arguments[i + 1])!; i += 1
    case "--no-edge-quiet": options.edgeQuiet = nil
    case "--reattack-next": options.reattackBeforeNextStrike = Int(arguments[i + 1])!; i += 1
    case "--no-reattack-next": options.reattackBeforeNextStrike = nil
    case "--reattack-here": options.reattackHere = Int(arguments[i + 1])!; i += 1
    case "--reattack-shift": options.reattackMinimumShift = Int(arguments[i + 1])!; i += 1
    case "--entry-frames": options.entryOnsetFrames = Int(arguments[i + 1])!; i += 1
    case "--entry-quiet": options.entryQuiet = Int(arguments[i + 1])!; i += 1
    case "--every-entry": options.everyEntry = true
    case "--second-best": options.secondBest = Double(arguments[i + 1])!; i += 1
    case "--second-margin": options.secondBestMargin = Double(arguments[i + 1])!; i += 1
    case "--second-gain": options.secondBestGain = Double(arguments[i + 1])!; i += 1
    case "--entry-fine": options.entryFineOnly = true
    case "--local-order": options.localOrderWeight = Double(arguments[i + 1])!; i += 1
    case "--reference-pitch": options.referencePitch = Double(arguments[i + 1])!; i += 1
    case "--no-tuning": options.estimateTuning = false; options.semitoneSearch = false
    case "--no-semitone-search": options.semitoneSearch = false
    case "--semitone-margin": options.semitoneMargin = Double(arguments[i + 1])!; i += 1
    case "--tuning-snap": options.tuningSnap = Double(arguments[i + 1])!; i += 1
    case "--vibrato-tolerance": options.vibratoTolerance = AudioFeatures.VibratoTolerance(rawValue: arguments[i + 1])!; i += 1
    case "--tap": tapped = true
    case "--keep-refused": keepRefused = true
    case "--session-pitch": options.sessionPitch = Double(arguments[i + 1])!; i += 1
    case "--json": jsonOut = arguments[i + 1]; i += 1
    case "--path": pathTake = arguments[i + 1]; pathOut = arguments[i + 2]; i += 2
    default: print("unknown option \(arguments[i])"); exit(2)
    }
    i += 1
}
let manifest = try JSONDecoder().decode([Item].self, from: Data(contentsOf: URL(fileURLWithPath: directory + "/manifest.json")))
let follower = ScoreFollower(options: options)
var truthCount = 0, within10 = 0, within25 = 0, tp = 0, fp = 0, fn = 0
var wrong = 0, refused = 0, falseRefusals = 0
var seconds = 0.0, audioSeconds = 0.0
var rows: [[String: Any]] = []
var errors: [Double] = []
for item in manifest where split == "all" || item.split == split {
    if let pathTake, item.take != pathTake || item.kind == "wrong-piece" { continue }
    let clock = Date()
    var result: FollowResult?
    var confidence = 0.0
    var diagnostics: [String: Double] = [:]
    do {
        let score = try ScoreFile.read(directory + "/" + item.score)
        let audio = try AudioSignal.read(directory + "/" + item.take)
        var r = try follower.follow(score: score, audio: audio, refuse: false)
        // As `session place` does with the producer's tap: half a bar into the take's first bar (a tap a little late)
        // chooses between passes of the same measures.
        if tapped, item.kind != "wrong-piece", let first = item.truth.first {
            let moved = r.onRepeat(nearest: Double(first.index) + 0.5, order: score.playingOrder)
            if moved.measures.first?.index != r.measures.first?.index { diagnostics["passFromTap"] = 1 }
            r = moved
        }
        confidence = r.confidence
        diagnostics.merge(["attack": r.attackFrames, "fastestDecay": r.fastestDecay, "costRatio": r.costRatio, "plainSteps": r.plainSteps, "scale": r.tempoScale,
                       "referencePitch": r.referencePitch, "semitones": Double(r.tuning.semitones)]) { a, _ in a }
        if let d = r.tuning.deviation {
            diagnostics["tuningCents"] = d.cents
            diagnostics["tuningConcentration"] = d.concentration
        }
        for (k, c) in r.tuning.offsetCosts.enumerated() { diagnostics["offsetCost\(k - 1)"] = c }
        if let e = r.evidence {
            diagnostics["orderGap"] = e.orderGap
            diagnostics["coverage"] = e.coverage
            for (k, u) in e.surroundings.prefix(4).enumerated() { diagnostics["unlike\(k)"] = u }
            diagnostics["pathCost"] = e.pathCost
            diagnostics["orderFreeCost"] = e.orderFreeCost
            diagnostics["secondBestRatio"] = e.secondBestRatio
            diagnostics["movedToSecondBest"] = e.movedToSecondBest ? 1 : 0
        }
        if let p = r.evidence?.pitch {
            diagnostics["templateMatch"] = p.templateMatch
            diagnostics["fittedMatch"] = p.fittedMatch
            diagnostics["onsetHits"] = p.onsetHits
            diagnostics["riseMatch"] = p.riseMatch
            diagnostics["pitchNotes"] = Double(p.notes)
            diagnostics["localOwn"] = p.localOwn
            diagnostics["localShifted"] = p.localShifted
            diagnostics["localWorstGain"] = p.localWorstGain
            for (k, w) in p.partialWeights.enumerated() { diagnostics["w\(k)"] = Double(w) }
        }
        if r.confidence >= ScoreFollower.refusalThreshold || keepRefused { result = r }
    } catch {
        print("\(item.take): \(error)")
    }
    let elapsed = Date().timeIntervalSince(clock)
    seconds += elapsed
    audioSeconds += item.duration
    if let pathOut, let result {
        let csv = result.path.map { "\($0.score),\($0.audio)" }.joined(separator: "\n")
        try csv.write(toFile: pathOut, atomically: true, encoding: .utf8)
        // The coarse cost matrix beside it, for the picture in docs/follow.md.
        let matrix = try follower.coarseCostMatrix(score: ScoreFile.read(directory + "/" + item.score),
                                                   audio: AudioSignal.read(directory + "/" + item.take), tempoScale: result.tempoScale)
        try matrix.map { $0.map { String(format: "%.3f", $0) }.joined(separator: ",") }.joined(separator: "\n")
            .write(toFile: pathOut + ".matrix", atomically: true, encoding: .utf8)
        // Both sides' features at 50 frames a second (chroma 12, onset 12, silent) for error analysis.
        let audioFeatures = try follower.features(of: AudioSignal.read(directory + "/" + item.take))
        let scoreFeatures = follower.laidOut(try ScoreFile.read(directory + "/" + item.score), scale: result.tempoScale).features
        for (name, f) in [("audio", audioFeatures.features), ("score", scoreFeatures)] {
            try (0..<f.count).map { t in (f.chroma[(t * 12)..<(t * 12 + 12)] + f.onset[(t * 12)..<(t * 12 + 12)]).map { String(format: "%.3f", $0) }
                .joined(separator: ",") + (f.silent[t] ? ",1" : ",0") }.joined(separator: "\n")
                .write(toFile: pathOut + "." + name, atomically: true, encoding: .utf8)
        }
        let truthText = item.truth.map { "\($0.index),\($0.time)" }.joined(separator: "\n")
        try truthText.write(toFile: pathOut + ".truth", atomically: true, encoding: .utf8)
        print("tempo scale \(result.tempoScale), confidence \(result.confidence)")
        let timeline = ScoreTimeline(score: try ScoreFile.read(directory + "/" + item.score), fermataStretch: options.fermataStretch,
                                     fermataLead: options.elasticFermatas ? options.fermataLead : 0)
        if let a = result.path.first, let b = result.path.last {
            print(String(format: "path from score %.2f audio %.2f to score %.2f audio %.2f", a.score, a.audio, b.score, b.audio))
        }
        for t in item.truth where t.index < timeline.downbeats.count {
            let s = timeline.downbeats[t.index]
            let p = result.path.first { $0.score >= s - 1e-9 }
            print(String(format: "downbeat %d score %.2f truth %.3f path reaches it at %@", t.index, s, t.time,
                         p.map { String(format: "%.3f", $0.audio) } ?? "-"))
        }
        for m in result.measures {
            let t = item.truth.first { $0.index == m.index }
            print(m.index, m.number, m.pass, String(format: "%.3f", m.time), t.map { String(format: "truth %@ %.3f", $0.number, $0.time) } ?? "-")
        }
    }
    if item.kind == "wrong-piece" {
        wrong += 1
        if result == nil { refused += 1 }
        rows.append(["take": item.take, "score": item.score, "kind": item.kind, "confidence": confidence, "refused": result == nil, "diag": diagnostics])
        continue
    }
    if result == nil { falseRefusals += 1 }
    let found = Dictionary((result?.measures ?? []).map { ($0.index, $0.time) }, uniquingKeysWith: { a, _ in a })
    let foundRise = Dictionary((result?.measures ?? []).map { ($0.index, $0.rise ?? -1) }, uniquingKeysWith: { a, _ in a })
    let truthIndices = Set(item.truth.map(\.index))
    var takeErrors: [Double] = []
    var downbeatErrors: [[String: Any]] = []
    for t in item.truth {
        truthCount += 1
        guard let time = found[t.index] else { fn += 1; downbeatErrors.append(["index": t.index, "missed": true]); continue }
        tp += 1
        let e = time - t.time
        takeErrors.append(e)
        downbeatErrors.append(["index": t.index, "error": (e * 1000).rounded() / 1000, "rise": foundRise[t.index] ?? -1])
        errors.append(e)
        if abs(e) <= 0.1 { within10 += 1 }
        if abs(e) <= 0.25 { within25 += 1 }
    }
    let extra = found.keys.filter { !truthIndices.contains($0) }.count
    fp += extra
    let worst = takeErrors.map(abs).max() ?? 0
    rows.append(["take": item.take, "kind": item.kind, "confidence": confidence, "diag": diagnostics, "truth": item.truth.count,
                 "found": found.count, "extra": extra, "worst": worst, "seconds": elapsed, "piece": item.piece,
                 "ensemble": item.ensemble ?? "", "soundfont": item.soundfont ?? "", "errors": downbeatErrors])
    if worst > 0.25 || extra > 0 || found.count < item.truth.count {
        print(String(format: "%@ %@: %d/%d found, %d extra, worst %.3f s, conf %.2f", item.take, item.kind, found.count - extra,
                     item.truth.count, extra, worst, confidence))
    }
}
let precision = Double(tp) / Double(max(1, tp + fp)), recall = Double(tp) / Double(max(1, tp + fn))
let f1 = 2 * precision * recall / max(1e-9, precision + recall)
let sortedErrors = errors.sorted()
let meanBias = errors.reduce(0, +) / Double(max(1, errors.count))
let summary: [String: Any] = [
    "split": split, "downbeats": truthCount, "within_0.1": Double(within10) / Double(max(1, truthCount)),
    "within_0.25": Double(within25) / Double(max(1, truthCount)), "f1": f1, "wrong_piece_takes": wrong,
    "wrong_piece_refused": refused, "right_piece_refused": falseRefusals, "seconds_per_audio_second": seconds / max(1e-9, audioSeconds),
    "mean_signed_error": meanBias, "signed_error_percentiles_10_25_50_75_90": [0.1, 0.25, 0.5, 0.75, 0.9].map {
        sortedErrors.isEmpty ? 0 : (sortedErrors[Int(Double(sortedErrors.count - 1) * $0)] * 1000).rounded() / 1000 }, "median_abs_error": sortedErrors.isEmpty ? 0 : sortedErrors.map(abs).sorted()[sortedErrors.count / 2],
]
print(summary.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n"))
if let jsonOut {
    let data = try JSONSerialization.data(withJSONObject: ["summary": summary, "takes": rows], options: [.prettyPrinted, .sortedKeys])
    try data.write(to: URL(fileURLWithPath: jsonOut))
}
