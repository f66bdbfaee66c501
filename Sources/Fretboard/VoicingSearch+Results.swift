import TheoryCore

extension VoicingSearch {
    /// Sorts ``keys`` best first: by score, then hand position, then frets string by string (muted first).
    mutating func rank() {
        let n = self.n, store = fretStore
        store.withUnsafeBufferPointer { store in
            keys.sort { a, b in
                if a.total != b.total { return a.total < b.total }
                if a.lowestFret != b.lowestFret { return a.lowestFret < b.lowestFret }
                // Two candidates never have the same frets.
                var i = a.index * n, j = b.index * n
                for _ in 0..<n {
                    if store[i] != store[j] { return store[i] < store[j] }
                    i += 1
                    j += 1
                }
                return false
            }
        }
    }

    /// The playability score of the frets in ``frets``.
    func score(fingering: Fingering.Plan, covered: Int, lowestSemitone: Int) -> PlayabilityScore {
        var score = PlayabilityScore()
        var low = Int.max, high = Int.min, opens = 0, first = -1, last = -1, inner = 0, mutedSinceSounding = 0
        var seen: (UInt64, UInt64) = (0, 0)
        var unisons = 0
        for s in 0..<n {
            let f = frets[s]
            guard f != Fingering.muted else {
                if first >= 0 { mutedSinceSounding += 1 }
                continue
            }
            if first < 0 { first = s }
            inner += mutedSinceSounding
            mutedSinceSounding = 0
            last = s
            let midi = midi(s, f) & 127
            let bit: UInt64 = 1 << UInt64(midi & 63)
            if midi < 64 {
                if seen.0 & bit != 0 { unisons += 1 }
                seen.0 |= bit
            } else {
                if seen.1 & bit != 0 { unisons += 1 }
                seen.1 |= bit
            }
            if f == strings[s].nut { opens += 1 } else { low = min(low, f); high = max(high, f) }
        }
        let perSix = 6.0 / Double(n)
        if low <= high {
            score.span = weights.spanPerFret * reach * Double(high - low) * Self.fretWidth(low - capo)
            score.position = weights.positionPerFret * Double(max(0, low - capo - 1))
        }
        score.stretch = weights.stretchPerFret * reach * Double(fingering.stretch)
        let nearNut = low > high || high - capo <= weights.openPositionFrets
        score.openStrings = (nearNut ? weights.perOpenString : weights.perOpenStringFarFromHand) * Double(opens)
        score.doublings = weights.perUnisonDoubling * Double(unisons)
        score.mutedEdges = perSix * (weights.perMutedBassEdge * Double(first) + weights.perMutedTrebleEdge * Double(n - 1 - last))
        score.mutedInner = weights.perMutedInner * Double(inner)
        score.fingers = weights.perFinger * Double(fingering.count)
        if let a = fingering.a { score.barre += a.width >= 4 ? weights.fullBarre : weights.partialBarre }
        if let b = fingering.b { score.barre += b.width >= 4 ? weights.fullBarre : weights.partialBarre }
        score.omitted = weights.perOmittedTone * Double((optionalMask & ~covered).nonzeroBitCount)
        if strictBass < 0 && lowestSemitone != chord.root.semitone { score.inversion = weights.inversion }
        return score
    }

    /// The full voicing of result `index`: spelled notes and formula intervals per string.
    func voicing(_ index: Int) -> Voicing {
        let (frets, fingering, pitches, intervals) = strings(index)
        return Voicing(chord: chord, frets: frets, fingers: fingering.fingers, barres: fingering.barres,
                       pitches: pitches, intervals: intervals, playability: results[index].score)
    }

    /// The per-string arrays of result `index`. Each string's fret (`Fingering.muted` for a muted string), spelled
    /// note and interval are written once into temporary buffers, which are then copied into arrays (`Array(buffer)`
    /// is specialised here, unlike `init(repeating:count:)` or `init(unsafeUninitializedCapacity:)`, whose generic
    /// allocation looks the array's type up at run time).
    private func strings(_ index: Int) -> ([Int?], Fingering, [Pitch?], [Interval?]) {
        let n = self.n, offset = index * n
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { stops in
            withUnsafeTemporaryAllocation(of: Int?.self, capacity: n) { frets in
                withUnsafeTemporaryAllocation(of: Pitch?.self, capacity: n) { pitches in
                    withUnsafeTemporaryAllocation(of: Interval?.self, capacity: n) { intervals in
                        fretStore.withUnsafeBufferPointer { store in
                            for s in 0..<n {
                                let f = Int(store[offset + s])
                                guard f >= 0 else {
                                    stops[s] = Fingering.muted
                                    frets.initializeElement(at: s, to: nil)
                                    pitches.initializeElement(at: s, to: nil)
                                    intervals.initializeElement(at: s, to: nil)
                                    continue
                                }
                                let midi = midi(s, f)
                                let tone = spellings[toneAt[floorMod(midi, 12)]]
                                stops[s] = f
                                frets.initializeElement(at: s, to: f)
                                pitches.initializeElement(at: s, to: Pitch(tone.letter, tone.accidental,
                                                                           octave: floorDiv(midi - tone.semitoneAboveC, 12) - 1))
                                intervals.initializeElement(at: s, to: tone.interval)
                            }
                        }
                        return (Array(frets), results[index].fingering.fingering(frets: UnsafeBufferPointer(stops)),
                                Array(pitches), Array(intervals))
                    }
                }
            }
        }
    }

    /// The width of fret `f` relative to the first fret (each fret is 2^(-1/12) of the one before).
    static func fretWidth(_ f: Int) -> Double { widths[min(max(f - 1, 0), widths.count - 1)] }

    private static let widths: [Double] = {
        var w: [Double] = [], x = 1.0
        for _ in 0..<48 { w.append(x); x *= 0.9438743126816935 }
        return w
    }()
}
