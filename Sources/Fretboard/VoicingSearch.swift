import TheoryCore

/// The depth-first search behind ``VoicingFinder``; one instance per chord.
///
/// For each hand position (the lowest fretted fret `low`, and first the position with no fretted note) every string
/// is muted, open (when its open note is a chord tone) or stopped at a chord tone in `low…low + maxSpan - 1`. The
/// frets a string can stop there are a bit mask computed once per position from the chord's pitch classes (no
/// per-fret table), and the tones sounded are a 12-bit semitone mask; a branch is cut as soon as the strings left
/// cannot sound the missing required tones (as a mask and as a count), enough strings, the fret `low` or the
/// required bass. Muted strings are `Fingering.muted` in the fret buffer, and every candidate keeps its frets in one
/// shared store, so a candidate allocates nothing.
struct VoicingSearch {
    /// One string as the search sees it.
    struct StringTable {
        /// The nut (0, or the capo where it covers the string) and the MIDI number sounding there.
        let nut: Int, openMIDI: Int
        /// The MIDI number at a neck fret above the nut is `base + fret`; `pitchClassBase` is `base` mod 12.
        let base: Int, pitchClassBase: Int
        /// The open string's semitone bit (`1 << semitone above C`), 0 when it is no chord tone.
        let openBit: Int
        /// The lowest and highest fret that can be stopped (above the nut, playable, inside the searched range).
        let lowest: Int, highest: Int
    }

    /// A voicing found: its fingering and score (its frets are in ``fretStore``; a ``Voicing`` is built only for
    /// those returned).
    struct Candidate {
        let fingering: Fingering.Plan
        let score: PlayabilityScore
    }

    /// A tone as the voicings spell it: the pitch of class `letter`+`accidental` with MIDI number m is in octave
    /// `floorDiv(m - semitoneAboveC, 12) - 1` (B#3 is MIDI 60).
    struct Spelling {
        let letter: Letter, accidental: Int, semitoneAboveC: Int
        let interval: Interval
    }

    /// What ``rank()`` sorts by: the total score, then the hand position, then the frets (``fretStore``).
    struct RankKey {
        let total: Double, lowestFret: Int, index: Int
    }

    let chord: Chord
    let constraints: VoicingConstraints
    let weights: PlayabilityScore.Weights
    let n: Int
    let capo: Int
    /// The instrument's scale length relative to the reference guitar's.
    let reach: Double
    /// The chord's tones (a required bass outside the chord last), spelled, by tone index.
    let spellings: [Spelling]
    /// Tone index for each semitone above C, or -1.
    let toneAt: [Int]
    /// The chord's semitones as a 12-bit mask, repeated once above (24 bits), to read 12 frets from any offset.
    let pitchClasses: Int
    /// The tones a voicing must sound, and the optional ones whose absence costs points, as semitone masks (bit p
    /// for p semitones above C): the search tracks the semitones sounded, each chord tone being the first of its
    /// semitone.
    let requiredMask: Int, optionalMask: Int
    /// The semitone that must sound lowest, or -1 when the bass is free.
    let strictBass: Int
    let minimumSounding: Int
    let strings: [StringTable]

    /// The voicings found, and their rank keys (in the order found until ``rank()`` sorts them).
    var results: [Candidate] = []
    var keys: [RankKey] = []
    /// The frets of every candidate, one per string (-1 for a muted string), so that a candidate costs no array.
    var fretStore: [Int16] = []

    /// What strings `s…` can still do in the current hand position (entry `n` is empty).
    struct Reach {
        /// String `s`'s stopped frets in the position, bit k for fret `windowLow + k`.
        var options = 0
        /// The semitones strings `s…` can add and how many of them can sound; the same for the strings that can all
        /// sound from `s` on without a gap (after a sounding string, a mute ends the voicing unless inner mutes
        /// are allowed), and the longest such run starting at `s` or above.
        var tones = 0, soundable = 0, runTones = 0, run = 0, longestRun = 0
        /// The lowest MIDI number strings `s…` can sound in the position (`Int.max` when none).
        var lowest = Int.max
    }

    // Search state, valid during `run()`: the scratch buffers and the hand position.
    /// The fret per string of the voicing being built (`Fingering.muted` for a muted string), and each string's nut.
    var frets = UnsafeMutableBufferPointer<Int>(start: nil, count: 0)
    var nuts = UnsafeMutableBufferPointer<Int>(start: nil, count: 0)
    var reachFrom = UnsafeMutableBufferPointer<Reach>(start: nil, count: 0)
    /// The strings that can stop the fret `windowLow` (bit s for string s + 1).
    var lowStrings = 0
    var windowLow = 0

    init(chord: Chord, neck: Neck, constraints: VoicingConstraints, weights: PlayabilityScore.Weights) {
        self.chord = chord
        self.constraints = constraints
        self.weights = weights
        n = neck.stringCount
        capo = neck.capo
        reach = neck.tuning.instrument.scaleLength / Instrument.referenceScaleLength
        var tones = FretPattern.chordTones(chord)
        if let bass = constraints.bass, !tones.contains(where: { $0.0.semitone == bass.semitone }) {
            tones.append((bass, chord.root.interval(upTo: bass)))
        }
        spellings = tones.map { pc, interval in
            Spelling(letter: pc.letter, accidental: pc.accidental, semitoneAboveC: pc.letter.naturalSemitone + pc.accidental,
                     interval: interval)
        }
        // The first tone of each semitone (`map`, specialised here, rather than `init(repeating:count:)`).
        var toneAt = (0..<12).map { _ in -1 }, semitones = 0
        for (i, tone) in tones.enumerated() {
            let pc = tone.0.semitone
            if toneAt[pc] < 0 { toneAt[pc] = i }
            semitones |= 1 << pc
        }
        self.toneAt = toneAt
        pitchClasses = semitones | semitones << 12
        let required = VoicingFinder.requiredTones(of: chord, tones: tones)
        var mask = 0, optional = 0
        for (i, r) in required.enumerated() where toneAt[tones[i].0.semitone] == i {
            if r { mask |= 1 << tones[i].0.semitone } else { optional |= 1 << tones[i].0.semitone }
        }
        requiredMask = mask
        optionalMask = optional
        // `Tuning.isReentrant` without its arrays.
        func isReentrant(_ strings: [InstrumentString]) -> Bool {
            for s in strings.indices.dropFirst() where strings[s - 1].openMIDI > strings[s].openMIDI { return true }
            return false
        }
        if let bass = constraints.bass ?? chord.bass {
            strictBass = bass.semitone
        } else if n >= 5 && !isReentrant(neck.tuning.strings) {
            strictBass = chord.root.semitone
        } else {
            strictBass = -1
        }
        minimumSounding = min(n, constraints.minimumSoundingStrings ?? (n <= 3 ? n : 3))
        let range = constraints.frets ?? 0...neck.frets
        let capo = neck.capo, neckFrets = neck.frets
        let strings = neck.tuning.strings.map { string in
            let nut = string.nut(capo: capo)
            let openMIDI = string.midi(atFret: nut)
            let base = string.openMIDI - string.firstFret
            // Playable above the nut: frets above both the nut and the string's first fret, up to the last fret.
            return StringTable(nut: nut, openMIDI: openMIDI, base: base, pitchClassBase: floorMod(base, 12),
                               openBit: semitones & (1 << floorMod(openMIDI, 12)),
                               lowest: max(range.lowerBound, max(nut, string.firstFret) + 1),
                               highest: min(range.upperBound, neckFrets))
        }
        self.strings = strings
    }

    /// Enumerates every voicing into ``results``: first with open and muted strings only, then for each hand position.
    mutating func run() {
        results.reserveCapacity(64)
        keys.reserveCapacity(64)
        fretStore.reserveCapacity(64 * n)
        let n = self.n
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * n) { scratch in
            withUnsafeTemporaryAllocation(of: Reach.self, capacity: n + 1) { reach in
                frets = UnsafeMutableBufferPointer(rebasing: scratch[0..<n])
                nuts = UnsafeMutableBufferPointer(rebasing: scratch[n..<2 * n])
                reachFrom = reach
                reach.initialize(repeating: Reach())
                for s in 0..<n { nuts[s] = strings[s].nut }
                // Only open strings and mutes.
                windowLow = Int.max
                prepareWindow(stopping: false)
                visit(0, covered: 0, sounded: false, usedLow: true, sounding: 0, lowest: Int.max)
                guard let first = strings.map(\.lowest).min(), let last = strings.map(\.highest).max(), first <= last else { return }
                for low in first...last {
                    windowLow = low
                    prepareWindow(stopping: true)
                    if lowStrings != 0 { visit(0, covered: 0, sounded: false, usedLow: false, sounding: 0, lowest: Int.max) }
                }
            }
        }
        frets = UnsafeMutableBufferPointer(start: nil, count: 0)
        nuts = frets
        reachFrom = UnsafeMutableBufferPointer(start: nil, count: 0)
    }

    /// Fills ``reachFrom`` and ``lowStrings`` for the hand position at ``windowLow`` (no stopped frets when
    /// `stopping` is false).
    private mutating func prepareWindow(stopping: Bool) {
        let span = constraints.maxSpan
        lowStrings = 0
        for s in stride(from: n - 1, through: 0, by: -1) {
            let t = strings[s], above = reachFrom[s + 1]
            var stops = 0
            if stopping {
                let from = max(t.lowest - windowLow, 0), to = min(t.highest - windowLow, span - 1)
                if from <= to { stops = (pitchClasses >> ((t.pitchClassBase + windowLow) % 12)) & ((2 << to) - (1 << from)) }
            }
            if stops & 1 != 0 { lowStrings |= 1 << s }
            // The semitones of the stops: bit k of `stops` sounds `pitchClassBase + windowLow + k` (folded mod 12).
            let shifted = stops == 0 ? 0 : stops << ((t.pitchClassBase + windowLow) % 12)
            let tones = t.openBit | ((shifted | shifted >> 12) & 0xFFF)
            var lowest = above.lowest
            if t.openBit != 0 { lowest = min(lowest, t.openMIDI) }
            if stops != 0 { lowest = min(lowest, t.base + windowLow + stops.trailingZeroBitCount) }
            let sounds = tones != 0
            let run = sounds ? above.run + 1 : 0
            reachFrom[s] = Reach(options: stops, tones: above.tones | tones, soundable: above.soundable + (sounds ? 1 : 0),
                                 runTones: sounds ? above.runTones | tones : 0, run: run,
                                 longestRun: max(run, above.longestRun), lowest: lowest)
        }
    }

    /// Tries string `s` muted, open and stopped, then the strings above it. `covered`: the chord semitones sounded so
    /// far (bit p for p semitones above C); `sounded`: some string below sounds.
    private mutating func visit(_ s: Int, covered: Int, sounded: Bool, usedLow: Bool, sounding: Int, lowest: Int) {
        if s == n {
            if usedLow && covered & requiredMask == requiredMask { evaluate(covered: covered, sounding: sounding, lowest: lowest) }
            return
        }
        let missing = requiredMask & ~covered, reach = reachFrom[s]
        if !usedLow && lowStrings >> s == 0 { return }
        if sounded && !constraints.allowMutedInner {
            // The voicing goes on with strings that all sound, from this one on.
            if missing & ~reach.runTones != 0 || sounding + reach.run < minimumSounding
                || missing.nonzeroBitCount > reach.run { return }
        } else {
            let room = constraints.allowMutedInner ? reach.soundable : reach.longestRun
            if missing & ~reach.tones != 0 || sounding + room < minimumSounding || missing.nonzeroBitCount > room { return }
        }
        // The lowest note so far is final when no later string can sound lower: it must be the bass.
        if strictBass >= 0, lowest != Int.max, lowest <= reach.lowest, floorMod(lowest, 12) != strictBass { return }
        // Mute.
        frets[s] = Fingering.muted
        if sounded && !constraints.allowMutedInner {
            // A mute after sounding strings ends the voicing: every string above is muted too.
            if usedLow && missing == 0 {
                for t in s + 1..<n { frets[t] = Fingering.muted }
                evaluate(covered: covered, sounding: sounding, lowest: lowest)
            }
        } else {
            visit(s + 1, covered: covered, sounded: sounded, usedLow: usedLow, sounding: sounding, lowest: lowest)
        }
        // Open.
        let t = strings[s]
        if t.openBit != 0 {
            frets[s] = t.nut
            visit(s + 1, covered: covered | t.openBit, sounded: true, usedLow: usedLow, sounding: sounding + 1,
                  lowest: min(lowest, t.openMIDI))
        }
        // Stopped inside the hand position.
        var m = reach.options
        while m != 0 {
            let f = windowLow + m.trailingZeroBitCount
            m &= m - 1
            frets[s] = f
            visit(s + 1, covered: covered | 1 << ((t.pitchClassBase + f) % 12), sounded: true,
                  usedLow: usedLow || f == windowLow, sounding: sounding + 1, lowest: min(lowest, t.base + f))
        }
    }

    /// Keeps the voicing in ``frets`` when it sounds the required tones, enough strings and the bass, and has a fingering.
    private mutating func evaluate(covered: Int, sounding: Int, lowest: Int) {
        guard covered & requiredMask == requiredMask, sounding >= minimumSounding, lowest != Int.max else { return }
        let lowestSemitone = floorMod(lowest, 12)
        if strictBass >= 0 && lowestSemitone != strictBass { return }
        guard let fingering = Fingering.plan(frets: UnsafeBufferPointer(frets), nuts: UnsafeBufferPointer(nuts),
                                             maxFingers: constraints.maxFingers) else { return }
        let score = score(fingering: fingering, covered: covered, lowestSemitone: lowestSemitone)
        // The plan's lowest fret is the lowest stopped fret (0 when every sounding string is open).
        keys.append(RankKey(total: score.total, lowestFret: fingering.low, index: results.count))
        results.append(Candidate(fingering: fingering, score: score))
        for s in 0..<n { fretStore.append(frets[s] == Fingering.muted ? -1 : Int16(frets[s])) }
    }

    /// The MIDI number sounding on string `s` at fret `f` (the nut or a fret above it).
    func midi(_ s: Int, _ f: Int) -> Int { f == strings[s].nut ? strings[s].openMIDI : strings[s].base + f }
}
