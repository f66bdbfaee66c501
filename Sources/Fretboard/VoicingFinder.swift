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
    public static func voicings(for chord: Chord, on neck: Neck, constraints: VoicingConstraints = VoicingConstraints(),
                                weights: PlayabilityScore.Weights = .standard) throws -> [Voicing] {
        try constraints.validate()
        var search = VoicingSearch(chord: chord, neck: neck, constraints: constraints, weights: weights)
        search.run()
        return search.results.sorted { a, b in
            if a.score != b.score { return a.score < b.score }
            let la = a.lowestFret ?? 0, lb = b.lowestFret ?? 0
            if la != lb { return la < lb }
            return a.shape < b.shape
        }
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
    /// Per string, the fretted frets (above the nut) whose note is a tone.
    let fretted: [[Int]]
    var results: [Voicing] = []

    // Search state.
    var frets: [Int?]
    var windowLow = 0
    var windowHigh = 0

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
        visit(string: 0, covered: 0, phase: 0, usedLow: true)
        let starts = Set(fretted.flatMap { $0 }).sorted()
        for low in starts {
            windowLow = low
            windowHigh = low + constraints.maxSpan - 1
            visit(string: 0, covered: 0, phase: 0, usedLow: false)
        }
    }

    /// `phase`: 0 before the first sounding string, 1 while sounding, 2 after a mute that follows sounding strings.
    private mutating func visit(string s: Int, covered: Int, phase: Int, usedLow: Bool) {
        if s == n {
            if usedLow { evaluate(covered: covered) }
            return
        }
        let missing = (requiredMask & ~covered).nonzeroBitCount
        if missing > n - s { return }
        // Mute.
        frets[s] = nil
        visit(string: s + 1, covered: covered, phase: phase == 0 ? 0 : (constraints.allowMutedInner ? 1 : 2), usedLow: usedLow)
        if phase == 2 { return }
        // Open.
        let open = toneAt[floorMod(neck.tuning.strings[s].midi(atFret: nuts[s]), 12)]
        if open >= 0 {
            frets[s] = nuts[s]
            visit(string: s + 1, covered: covered | (1 << open), phase: 1, usedLow: usedLow)
        }
        // Fretted inside the window.
        for f in fretted[s] where f >= windowLow {
            if f > windowHigh { break }
            let tone = toneAt[floorMod(neck.tuning.strings[s].midi(atFret: f), 12)]
            frets[s] = f
            visit(string: s + 1, covered: covered | (1 << tone), phase: 1, usedLow: usedLow || f == windowLow)
        }
        frets[s] = nil
    }

    private mutating func evaluate(covered: Int) {
        guard covered & requiredMask == requiredMask else { return }
        var sounding = 0, lowestMIDI = Int.max, lowestString = -1
        for s in 0..<n {
            guard let f = frets[s] else { continue }
            sounding += 1
            let m = neck.tuning.strings[s].midi(atFret: f)
            if m < lowestMIDI { lowestMIDI = m; lowestString = s }
        }
        guard sounding >= minimumSounding, lowestString >= 0 else { return }
        let lowestSemitone = floorMod(lowestMIDI, 12)
        if let strictBass, lowestSemitone != strictBass { return }
        guard let fingering = Fingering.find(frets: frets, nuts: nuts, maxFingers: constraints.maxFingers) else { return }
        results.append(makeVoicing(fingering: fingering, covered: covered, lowestSemitone: lowestSemitone))
    }

    private func makeVoicing(fingering: Fingering, covered: Int, lowestSemitone: Int) -> Voicing {
        var pitches = [Pitch?](repeating: nil, count: n)
        var intervals = [Interval?](repeating: nil, count: n)
        var score = PlayabilityScore()
        var low = Int.max, high = Int.min, opens = 0
        let first = frets.firstIndex { $0 != nil } ?? 0
        let last = frets.lastIndex { $0 != nil } ?? n - 1
        var inner = 0
        for s in 0..<n {
            guard let f = frets[s] else {
                if s > first && s < last { inner += 1 }
                continue
            }
            let midi = neck.tuning.strings[s].midi(atFret: f)
            let tone = tones[toneAt[floorMod(midi, 12)]]
            pitches[s] = Neck.pitch(midi: midi, as: tone.0)
            intervals[s] = tone.1
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
        var unisons = 0
        let sounding = pitches.compactMap { $0?.midi }.sorted()
        for (a, b) in zip(sounding, sounding.dropFirst()) where a == b { unisons += 1 }
        score.doublings = weights.perUnisonDoubling * Double(unisons)
        score.mutedEdges = perSix * (weights.perMutedBassEdge * Double(first) + weights.perMutedTrebleEdge * Double(n - 1 - last))
        score.mutedInner = weights.perMutedInner * Double(inner)
        score.fingers = weights.perFinger * Double(fingering.count)
        for barre in fingering.barres { score.barre += barre.width >= 4 ? weights.fullBarre : weights.partialBarre }
        var omitted = 0
        for i in 0..<tones.count where requiredMask & (1 << i) == 0 && covered & (1 << i) == 0
            && toneAt[tones[i].0.semitone] == i { omitted += 1 }
        score.omitted = weights.perOmittedTone * Double(omitted)
        if strictBass == nil && lowestSemitone != chord.root.semitone { score.inversion = weights.inversion }
        return Voicing(chord: chord, frets: frets, fingers: fingering.fingers, barres: fingering.barres,
                       pitches: pitches, intervals: intervals, playability: score)
    }

    /// The width of fret `f` relative to the first fret (each fret is 2^(-1/12) of the one before).
    static func fretWidth(_ f: Int) -> Double { widths[min(max(f - 1, 0), widths.count - 1)] }

    private static let widths: [Double] = {
        var w: [Double] = [], x = 1.0
        for _ in 0..<48 { w.append(x); x *= 0.9438743126816935 }
        return w
    }()
}
