/// Subsequence dynamic time warping of a take (audio frames) against a score (score frames).
///
/// The path may begin and end anywhere in the score; audio before its start and after its end is "not the
/// piece" (talk, tuning, a false start) at a fixed cost per frame, so a take need not be aligned whole. Steps
/// (score, audio) of (1,1), (2,1), (1,2) — and optionally (3,1), (1,3) — keep the local tempo within a factor
/// of 2 (or 3) of the score's. Costs are counted per audio frame, so paths of different lengths compare.
struct SubsequenceDTW {
    /// One cell of an alignment path: score frame, audio frame.
    struct Point: Equatable { var score: Int; var audio: Int }

    struct Result {
        var path: [Point]
        /// Sum of local costs along the path (per audio frame).
        var pathCost: Double
        /// Total including the cost of unaligned audio.
        var total: Double
        /// Mean cost per aligned audio frame.
        var meanCost: Double
    }

    let score: FeatureSequence
    let audio: FeatureSequence
    /// Weight of the onset (DLNCO) distance beside the chroma distance.
    var onsetWeight: Float = 1
    /// Cost of an audio frame left outside the alignment.
    var skipCost: Float = 0
    /// Allow the (3,1) and (1,3) steps.
    var wideSteps = false
    /// Silence against sound costs as much as no match at all (1), silence against silence nothing; else
    /// silence is the flat chroma and matches any chord half well.
    var silenceAware = false
    /// When ≥ 0 (and `silenceAware`), silence against sound costs `1 + onsetWeight · silentMismatch` whatever the
    /// onsets: with floored onset normalization a pause's onsets are near zero and would otherwise match a held chord.
    var silentMismatch: Float = -1
    /// Added to the cost of every step other than (1,1): a preference for the score's own tempo.
    var stepPenalty: Float = 0
    /// In the score's elastic frames (under a fermata, `score.elastic`) steps that slow down cost no penalty and
    /// the score may stand still (step (0,1)) while the audio goes on.
    var elasticFermatas = false
    /// Added to a step that stands still in the score (elastic frames only).
    var holdPenalty: Float = 0
    /// Added to a step that speeds up (more score frames than audio frames) into an elastic frame: a held fermata is
    /// not rushed, so the path does not race through it and crawl through the bars after it.
    var rushPenalty: Float = 0
    /// The path may begin only at score frames up to `startLimit` and end only at `endMinimum` or later.
    var startLimit = Int.max
    var endMinimum = 0
    /// The path may begin only at audio frames from this one on (the frames before are left out: a false start).
    var audioStartMinimum = 0
    /// Score frames the path may not pass through (a place already found, when looking for the second best).
    var excluded: Range<Int> = 0..<0
    /// When set (and `silenceAware`), the take's silence before its first sounding frame costs as much as silence
    /// against sound against any score frame but the score's own silence before its first note, and the take's
    /// silence after its last sounding frame the same but against the score's silence after its last note: a take's
    /// edges are not one of the score's pauses. Without it a path could begin in the silence before the music,
    /// matched free to a rest a bar into the score, with the notes before the rest crowded into a few silent frames
    /// (ASAP's Beethoven op. 22/i: its first three downbeats 1.4–2.6 s early).
    var edgeSilence = false
    /// When set (and `silenceAware`), the take's silence against the score's silence before its first note or after its
    /// last costs as much as leaving the frame out (`skipCost`), not nothing as silence against a rest inside the score:
    /// a pause between the take and the talk after it is not held as the piece's closing silence, which drew the path
    /// across bars the take never played to the piece's end (and the same before a take).
    var scoreEdgeSilenceSkips = false
    /// When not empty (and `silenceAware`), the take's frames marked here (a pause: a run of silent frames too long for
    /// a rest played, ``pauses(in:atLeast:)``) cost as much as leaving them out (`skipCost`) against the score's silence
    /// too, not nothing: a short rest held by the slow steps for the pause between a false start and its take drew the
    /// path to a place in the score with a rest just before the take's bars (the end of a repeated section, its next
    /// pass) and the false start with it.
    var pause: [Bool] = []
    /// The take's first and last sounding frames (`audio.silent` false), and the score's.
    let firstSounding: Int, lastSounding: Int, scoreFirstSounding: Int, scoreLastSounding: Int

    init(score: FeatureSequence, audio: FeatureSequence) {
        self.score = score
        self.audio = audio
        firstSounding = audio.silent.firstIndex(of: false) ?? audio.count
        lastSounding = audio.silent.lastIndex(of: false) ?? -1
        scoreFirstSounding = score.silent.firstIndex(of: false) ?? score.count
        scoreLastSounding = score.silent.lastIndex(of: false) ?? -1
    }

    @inline(__always) func cost(_ i: Int, _ j: Int) -> Float {
        var dot: Float = 0
        var distance: Float = 0
        score.chroma.withUnsafeBufferPointer { sc in
            audio.chroma.withUnsafeBufferPointer { ac in
                score.onset.withUnsafeBufferPointer { so in
                    audio.onset.withUnsafeBufferPointer { ao in
                        let a = i * 12, b = j * 12
                        for k in 0..<12 {
                            dot += sc[a + k] * ac[b + k]
                            let d = so[a + k] - ao[b + k]
                            distance += d * d
                        }
                    }
                }
            }
        }
        if silenceAware {
            let quietScore = score.silent[i], quietAudio = audio.silent[j]
            if quietAudio, edgeSilence, j < firstSounding && i >= scoreFirstSounding || j > lastSounding && i <= scoreLastSounding {
                return 1 + onsetWeight * max(0, silentMismatch)
            }
            if quietScore, quietAudio, scoreEdgeSilenceSkips, i < scoreFirstSounding || i > scoreLastSounding { return skipCost }
            if quietScore, quietAudio, !pause.isEmpty, pause[j] { return skipCost }
            if quietScore || quietAudio { dot = quietScore && quietAudio ? 1 : 0 }
            if quietScore != quietAudio, silentMismatch >= 0 { return 1 + onsetWeight * silentMismatch }
        }
        return (1 - dot) + onsetWeight * distance.squareRoot()
    }

    /// The score's longest run of silent frames between its first sounding frame and its last: its longest rest.
    var longestScoreRest: Int {
        guard scoreFirstSounding < scoreLastSounding else { return 0 }
        return score.silent[scoreFirstSounding...scoreLastSounding].silentRuns(atLeast: 1).map(\.count).max() ?? 0
    }

    /// The frames of `silent` inside a run of at least `frames` silent frames (`frames` ≤ 0: none).
    static func pauses(in silent: [Bool], atLeast frames: Int) -> [Bool] {
        var marked = [Bool](repeating: false, count: silent.count)
        guard frames > 0 else { return marked }
        for run in silent.silentRuns(atLeast: frames) { for k in run { marked[k] = true } }
        return marked
    }

    /// The mean cost of `samples` score/audio frame pairs drawn evenly: the cost of matching at random.
    func chanceCost(samples: Int = 4000) -> Float {
        var sum: Float = 0
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<samples {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let i = Int((state >> 33) % UInt64(score.count))
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let j = Int((state >> 33) % UInt64(audio.count))
            sum += cost(i, j)
        }
        return sum / Float(samples)
    }

    /// The best path with score frames limited, for each audio frame j, to `band[j]` (all when nil).
    ///
    /// Only the step taken is kept for every cell (one byte); the accumulated and local costs are kept for the last
    /// few audio frames a step reaches back over, so a long take against a long score needs a ninth of the memory.
    func align(band: [Range<Int>]? = nil) -> Result? {
        let n = score.count, m = audio.count
        guard n > 1, m > 1 else { return nil }
        let ranges = band ?? Array(repeating: 0..<n, count: m)
        var offsets = [Int](repeating: 0, count: m + 1)
        for j in 0..<m { offsets[j + 1] = offsets[j] + ranges[j].count }
        let cells = offsets[m]
        // 0 start, else 1 + the index of the step taken
        var step = [UInt8](repeating: 0, count: cells)
        var steps: [(di: Int, dj: Int)] = [(1, 1), (2, 1), (1, 2)]
        if wideSteps { steps += [(3, 1), (1, 3), (1, 4)] }
        let hold = steps.count
        if elasticFermatas, !score.elastic.isEmpty { steps.append((0, 1)) }
        let elastic = elasticFermatas && !score.elastic.isEmpty ? score.elastic : [Bool](repeating: false, count: n)
        // The accumulated and local costs of the last `kept` audio frames, each frame's in a slot of `width` values.
        let kept = (steps.map(\.dj).max() ?? 1) + 1
        let width = ranges.reduce(1) { max($0, $1.count) }
        var accumulated = [Float](repeating: .infinity, count: kept * width)
        var local = [Float](repeating: 0, count: kept * width)
        var best: (value: Float, cell: Int, j: Int) = (.infinity, -1, -1)
        for j in 0..<m {
            let r = ranges[j]
            let startCost = Float(j) * skipCost
            let slot = (j % kept) * width
            for k in 0..<r.count { accumulated[slot + k] = .infinity; local[slot + k] = 0 }
            for i in r {
                if excluded.contains(i) { continue }
                let c = cost(i, j)
                let cell = offsets[j] + i - r.lowerBound
                local[slot + i - r.lowerBound] = c
                var value = i <= startLimit && j >= audioStartMinimum ? startCost + c : Float.infinity
                var choice: UInt8 = 0
                let free = elastic[i]
                for (s, st) in steps.enumerated() {
                    if s == hold, !free { break }
                    let pj = j - st.dj, pi = i - st.di
                    guard pj >= 0, ranges[pj].contains(pi) else { continue }
                    var add = s == 0 || (free && st.dj > st.di) ? c : c + stepPenalty
                    if s == hold { add += holdPenalty }
                    if free, st.di > st.dj { add += rushPenalty }
                    if st.dj > 1 {
                        // The audio frames the step passes over are matched to this score frame too.
                        for skipped in 1..<st.dj {
                            let sj = j - skipped
                            add += ranges[sj].contains(i) ? local[(sj % kept) * width + i - ranges[sj].lowerBound] : cost(i, sj)
                        }
                    }
                    let candidate = accumulated[(pj % kept) * width + pi - ranges[pj].lowerBound] + add
                    if candidate < value { value = candidate; choice = UInt8(s + 1) }
                }
                accumulated[slot + i - r.lowerBound] = value
                step[cell] = choice
                let finish = value + Float(m - 1 - j) * skipCost
                if finish < best.value, i >= endMinimum { best = (finish, cell, j) }
            }
        }
        guard best.cell >= 0 else { return nil }
        var path: [Point] = []
        var j = best.j
        var i = best.cell - offsets[j] + ranges[j].lowerBound
        var pathCost: Double = 0
        while true {
            let cell = offsets[j] + i - ranges[j].lowerBound
            path.append(Point(score: i, audio: j))
            pathCost += Double(cost(i, j))
            let choice = Int(step[cell])
            if choice == 0 { break }
            let st = steps[choice - 1]
            i -= st.di
            j -= st.dj
        }
        path.reverse()
        let matched = path[path.count - 1].audio - path[0].audio + 1
        let mean = (Double(best.value) - Double(m - matched) * Double(skipCost)) / Double(matched)
        return Result(path: path, pathCost: pathCost, total: Double(best.value), meanCost: mean)
    }
}
