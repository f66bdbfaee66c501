import TheoryCore

/// Enumerates every playable voicing of a chord on a neck and ranks them by ``PlayabilityScore``.
///
/// The search tries each hand position: with the lowest fretted note at fret `b`, every string is muted,
/// open (if its open note is a chord tone) or stopped at a chord tone between `b` and `b + maxSpan - 1`.
/// A voicing is kept when it sounds every required tone (all chord tones except the optional ones: the
/// fifth of a chord with four or more tones, and the 9th and 11th under a 13th), puts the required bass
/// lowest, sounds enough strings, mutes only edge strings (unless inner mutes are allowed) and has a
/// fingering (``Fingering``) within the finger limit.
public enum VoicingFinder {
    /// The voicings of `chord` on `neck`, easiest first (ties broken by position, then by shape).
    ///
    /// Every voicing is enumerated and ranked; `limit` only says how many of the best are returned.
    public static func voicings(for chord: Chord, on neck: Neck, constraints: VoicingConstraints = VoicingConstraints(),
                                weights: PlayabilityScore.Weights = .standard, limit: Int? = nil) throws -> [Voicing] {
        try ranking(for: chord, on: neck, constraints: constraints, weights: weights, limit: limit).voicings
    }

    /// The best `limit` voicings (all when `nil`) together with the number of voicings found within the constraints.
    public static func ranking(for chord: Chord, on neck: Neck, constraints: VoicingConstraints = VoicingConstraints(),
                               weights: PlayabilityScore.Weights = .standard, limit: Int? = nil) throws -> (voicings: [Voicing], total: Int) {
        try constraints.validate()
        var search = VoicingSearch(chord: chord, neck: neck, constraints: constraints, weights: weights)
        search.run()
        let ranked = search.ranked()
        return (ranked.prefix(limit ?? ranked.count).map { search.voicing(search.results[$0]) }, ranked.count)
    }

    /// Indices (into `tones`) of the tones a voicing must sound; the others may be left out.
    package static func requiredTones(of chord: Chord, tones: [(PitchClass, Interval)]) -> [Bool] {
        let formula = chord.type.formula
        let hasThirteenth = formula.contains { $0.steps == 12 }
        let hasEleventh = formula.contains { $0.steps == 10 }
        return tones.enumerated().map { index, tone in
            guard index < formula.count else { return true }   // a slash bass outside the chord
            let i = tone.1
            if i.steps == 4 && i.semitones == 7 && formula.count >= 4 { return false }
            if formula.count >= 6 {
                if i.steps == 8 && i.semitones == 14 && (hasThirteenth || hasEleventh) { return false }
                if i.steps == 10 && i.semitones == 17 && hasThirteenth { return false }
            }
            return true
        }
    }
}

/// The depth-first search behind ``VoicingFinder``; one instance per chord.
struct VoicingSearch {
    let chord: Chord
    let neck: Neck
    let constraints: VoicingConstraints
    let weights: PlayabilityScore.Weights
    let n: Int
    let tones: [(PitchClass, Interval)]
    /// Tone index for each semitone above C, or -1.
    let toneAt: [Int]
    let requiredMask: Int
    let optionalCount: Int
    /// The semitone that must sound lowest, if the bass is fixed.
    let strictBass: Int?
    let minimumSounding: Int
    let nuts: [Int]
    /// The lowest MIDI number strings `s…` (0-based) can sound: their lowest open (or capoed) note; `Int.max` at `n`.
    let lowestFrom: [Int]
    /// MIDI number per string and fret: `midiTable[s * midiStride + f]`.
    let midiTable: [Int]
    let midiStride: Int
    /// Per string, the fretted frets (above the nut) whose note is a tone.
    let fretted: [[Int]]
    /// A voicing found: its frets, fingering and score (a ``Voicing`` is built only for those returned).
    struct Candidate {
        /// Where its frets start in ``fretStore``.
        let offset: Int
        let fingering: Fingering.Plan
        let score: PlayabilityScore
        let total: Double
        let lowestFret: Int
    }
    var results: [Candidate] = []
    /// The frets of every candidate, one per string (-1 for a muted string), so that a candidate costs no array.
    var fretStore: [Int16] = []

    // Search state.
    var frets: [Int?]
    var windowLow = 0
    var windowHigh = 0
    /// For the current window: whether string `s…` can still put a note on its lowest fret.
    var lowReachable: [Bool] = []

    init(chord: Chord, neck: Neck, constraints: VoicingConstraints, weights: PlayabilityScore.Weights) {
        self.chord = chord
        self.neck = neck
        self.constraints = constraints
        self.weights = weights
        n = neck.stringCount
        var tones = FretPattern.chordTones(chord)
        if let bass = constraints.bass, !tones.contains(where: { $0.0.semitone == bass.semitone }) {
            tones.append((bass, chord.root.interval(upTo: bass)))
        }
        self.tones = tones
        var toneAt = [Int](repeating: -1, count: 12)
        for (i, t) in tones.enumerated() where toneAt[t.0.semitone] < 0 { toneAt[t.0.semitone] = i }
        self.toneAt = toneAt
        let required = VoicingFinder.requiredTones(of: chord, tones: tones)
        var mask = 0
        for (i, r) in required.enumerated() where r && toneAt[tones[i].0.semitone] == i { mask |= 1 << i }
        requiredMask = mask
        optionalCount = required.filter { !$0 }.count
        if let bass = constraints.bass ?? chord.bass {
            strictBass = bass.semitone
        } else if n >= 5 && !neck.tuning.isReentrant {
            strictBass = chord.root.semitone
        } else {
            strictBass = nil
        }
        minimumSounding = min(n, constraints.minimumSoundingStrings ?? (n <= 3 ? n : 3))
        nuts = (1...n).map { neck.nut(string: $0) }
        let nutMIDI = (0..<n).map { neck.tuning.strings[$0].midi(atFret: neck.nut(string: $0 + 1)) }
        lowestFrom = (0...n).map { s in nutMIDI[s...].min() ?? Int.max }
        midiStride = neck.frets + 1
        midiTable = neck.tuning.strings.flatMap { string in (0...neck.frets).map { string.midi(atFret: $0) } }
        let range = constraints.frets ?? 0...neck.frets
        fretted = (1...n).map { s in
            let string = neck.tuning.strings[s - 1]
            return range.filter { f in
                f > neck.nut(string: s) && string.isPlayable(fret: f, capo: neck.capo, frets: neck.frets)
                    && toneAt[floorMod(string.midi(atFret: f), 12)] >= 0
            }
        }
        frets = [Int?](repeating: nil, count: n)
    }

    mutating func run() {
        // Only open strings and mutes.
        windowLow = Int.max
        windowHigh = Int.min
        lowReachable = [Bool](repeating: true, count: n + 1)
        visit(string: 0, covered: 0, phase: 0, usedLow: true)
        var isStart = [Bool](repeating: false, count: neck.frets + 1)
        for frets in fretted { for f in frets { isStart[f] = true } }
        for low in isStart.indices where isStart[low] {
            windowLow = low
            windowHigh = low + constraints.maxSpan - 1
            lowReachable[n] = false
            for s in stride(from: n - 1, through: 0, by: -1) { lowReachable[s] = lowReachable[s + 1] || fretted[s].contains(low) }
            visit(string: 0, covered: 0, phase: 0, usedLow: false)
        }
    }

    /// `phase`: 0 before the first sounding string, 1 while sounding, 2 after a mute that follows sounding strings.
    private mutating func visit(string s: Int, covered: Int, phase: Int, usedLow: Bool, sounding: Int = 0, lowest: Int = Int.max) {
        if s == n {
            if usedLow { evaluate(covered: covered) }
            return
        }
        let missing = (requiredMask & ~covered).nonzeroBitCount
        if missing > n - s || sounding + (n - s) < minimumSounding || (!usedLow && !lowReachable[s]) { return }
        // The lowest note so far is final when no later string can sound lower: it must be the bass.
        if let strictBass, lowest != Int.max, lowest <= lowestFrom[s], floorMod(lowest, 12) != strictBass { return }
        // Mute.
        frets[s] = nil
        visit(string: s + 1, covered: covered, phase: phase == 0 ? 0 : (constraints.allowMutedInner ? 1 : 2), usedLow: usedLow,
              sounding: sounding, lowest: lowest)
        if phase == 2 { return }
        // Open.
        let openMIDI = midiTable[s * midiStride + nuts[s]]
        let open = toneAt[floorMod(openMIDI, 12)]
        if open >= 0 {
            frets[s] = nuts[s]
            visit(string: s + 1, covered: covered | (1 << open), phase: 1, usedLow: usedLow,
                  sounding: sounding + 1, lowest: min(lowest, openMIDI))
        }
        // Fretted inside the window.
        for f in fretted[s] where f >= windowLow {
            if f > windowHigh { break }
            let midi = midiTable[s * midiStride + f]
            let tone = toneAt[floorMod(midi, 12)]
            frets[s] = f
            visit(string: s + 1, covered: covered | (1 << tone), phase: 1, usedLow: usedLow || f == windowLow,
                  sounding: sounding + 1, lowest: min(lowest, midi))
        }
        frets[s] = nil
    }

    private mutating func evaluate(covered: Int) {
        guard covered & requiredMask == requiredMask else { return }
        var sounding = 0, lowestMIDI = Int.max
        for s in 0..<n {
            guard let f = frets[s] else { continue }
            sounding += 1
            lowestMIDI = min(lowestMIDI, midiTable[s * midiStride + f])
        }
        guard sounding >= minimumSounding, lowestMIDI != Int.max else { return }
        let lowestSemitone = floorMod(lowestMIDI, 12)
        if let strictBass, lowestSemitone != strictBass { return }
        guard let fingering = Fingering.plan(frets: frets, nuts: nuts, maxFingers: constraints.maxFingers) else { return }
        let score = score(fingering: fingering, covered: covered, lowestSemitone: lowestSemitone)
        var low = Int.max
        for s in 0..<n { if let f = frets[s], f != nuts[s] { low = min(low, f) } }
        results.append(Candidate(offset: fretStore.count, fingering: fingering, score: score, total: score.total,
                                 lowestFret: low == Int.max ? 0 : low))
        for f in frets { fretStore.append(Int16(f ?? -1)) }
    }

    /// Indices into ``results``, best first: by score, then hand position, then frets string by string (muted first).
    func ranked() -> [Int] {
        let keys = results.map { (total: $0.total, lowestFret: $0.lowestFret, offset: $0.offset) }   // not whole candidates
        return keys.indices.sorted { i, j in
            let a = keys[i], b = keys[j]
            if a.total != b.total { return a.total < b.total }
            if a.lowestFret != b.lowestFret { return a.lowestFret < b.lowestFret }
            return fretStore[a.offset..<a.offset + n].lexicographicallyPrecedes(fretStore[b.offset..<b.offset + n])
        }
    }

    /// The playability score of the current frets.
    private func score(fingering: Fingering.Plan, covered: Int, lowestSemitone: Int) -> PlayabilityScore {
        var score = PlayabilityScore()
        var low = Int.max, high = Int.min, opens = 0, first = -1, last = -1, inner = 0, mutedSinceSounding = 0
        var seen: (UInt64, UInt64) = (0, 0)
        var unisons = 0
        for s in 0..<n {
            guard let f = frets[s] else {
                if first >= 0 { mutedSinceSounding += 1 }
                continue
            }
            if first < 0 { first = s }
            inner += mutedSinceSounding
            mutedSinceSounding = 0
            last = s
            let midi = midiTable[s * midiStride + f] & 127
            let bit: UInt64 = 1 << UInt64(midi & 63)
            if midi < 64 {
                if seen.0 & bit != 0 { unisons += 1 }
                seen.0 |= bit
            } else {
                if seen.1 & bit != 0 { unisons += 1 }
                seen.1 |= bit
            }
            if f == nuts[s] { opens += 1 } else { low = min(low, f); high = max(high, f) }
        }
        let perSix = 6.0 / Double(n)
        let reach = neck.tuning.instrument.scaleLength / Instrument.referenceScaleLength
        if low <= high {
            score.span = weights.spanPerFret * reach * Double(high - low) * Self.fretWidth(low - neck.capo)
            score.position = weights.positionPerFret * Double(max(0, low - neck.capo - 1))
        }
        score.stretch = weights.stretchPerFret * reach * Double(fingering.stretch)
        let nearNut = low > high || high - neck.capo <= weights.openPositionFrets
        score.openStrings = (nearNut ? weights.perOpenString : weights.perOpenStringFarFromHand) * Double(opens)
        score.doublings = weights.perUnisonDoubling * Double(unisons)
        score.mutedEdges = perSix * (weights.perMutedBassEdge * Double(first) + weights.perMutedTrebleEdge * Double(n - 1 - last))
        score.mutedInner = weights.perMutedInner * Double(inner)
        score.fingers = weights.perFinger * Double(fingering.count)
        if let a = fingering.a { score.barre += a.width >= 4 ? weights.fullBarre : weights.partialBarre }
        if let b = fingering.b { score.barre += b.width >= 4 ? weights.fullBarre : weights.partialBarre }
        var omitted = 0
        for i in 0..<tones.count where requiredMask & (1 << i) == 0 && covered & (1 << i) == 0
            && toneAt[tones[i].0.semitone] == i { omitted += 1 }
        score.omitted = weights.perOmittedTone * Double(omitted)
        if strictBass == nil && lowestSemitone != chord.root.semitone { score.inversion = weights.inversion }
        return score
    }

    /// The full voicing of a candidate: spelled notes and formula intervals per string.
    func voicing(_ c: Candidate) -> Voicing {
        // Arrays built by `map` (specialised here) rather than `init(repeating:count:)`, whose generic allocation
        // looks the array's type up at run time on every call.
        let frets = fretStore[c.offset..<c.offset + n].map { $0 < 0 ? nil : Int($0) }
        func midi(_ s: Int) -> Int? { frets[s].map { midiTable[s * midiStride + $0] } }
        let pitches = frets.indices.map { s in midi(s).map { Neck.pitch(midi: $0, as: tones[toneAt[floorMod($0, 12)]].0) } }
        let intervals = frets.indices.map { s in midi(s).map { tones[toneAt[floorMod($0, 12)]].1 } }
        let fingering = c.fingering.fingering(frets: frets)
        return Voicing(chord: chord, frets: frets, fingers: fingering.fingers, barres: fingering.barres,
                       pitches: pitches, intervals: intervals, playability: c.score)
    }

    /// The width of fret `f` relative to the first fret (each fret is 2^(-1/12) of the one before).
    static func fretWidth(_ f: Int) -> Double { widths[min(max(f - 1, 0), widths.count - 1)] }

    private static let widths: [Double] = {
        var w: [Double] = [], x = 1.0
        for _ in 0..<48 { w.append(x); x *= 0.9438743126816935 }
        return w
    }()
}
