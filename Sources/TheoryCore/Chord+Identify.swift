/// Chord identification: every catalogue type on every root among the notes, matched by pitch-class sets.
extension Chord {
    /// Identifies a chord from sounding pitches; the lowest pitch is the bass. Best reading first.
    ///
    /// Matching is by semitone pitch-class sets, so respelled input still identifies (`C E Ab` gives `C+`
    /// marked as not exactly spelled, and `Ab+/C` spelled exactly). Scoring, from a base of 100:
    /// - +20 when every given note is spelled as the chord spells it (``ChordCandidate/exactSpelling``);
    /// - +15 for root position (the bass is the root);
    /// - +20 / +10 / +4 / 0 for everyday / common / less common / rare types (``ChordType/commonness``);
    /// - -2 per distinct tone beyond three (simpler readings first);
    /// - -40 for a missing fifth, -50 for any other missing tone (at most one tone may be missing);
    /// - -30 when the bass is not a chord tone (`C/D`: the notes above the bass form the chord exactly).
    ///
    /// Ties go to the type with fewer tones, then to the earlier catalogue entry. So `E G C` is `C/E` before
    /// `Em#5`, `A C E G` is `Am7` before `C6/A`, and `C Eb Gb A` is `Adim7/C` (exact spelling) before `Cdim7`.
    public static func identify(_ pitches: [Pitch]) -> [ChordCandidate] {
        identify(pitches.sorted().map(\.pitchClass))
    }

    /// Identifies a chord from pitch classes listed lowest first (the first is the bass). Best reading first.
    public static func identify(_ pitchClasses: [PitchClass]) -> [ChordCandidate] {
        guard let bass = pitchClasses.first else { return [] }
        var spelled: [PitchClass] = []
        var inputMask: UInt16 = 0
        for pc in pitchClasses {
            if !spelled.contains(pc) { spelled.append(pc) }
            inputMask |= 1 << UInt16(pc.semitone)
        }
        guard inputMask.nonzeroBitCount >= 2 else { return [] }
        let bassBit: UInt16 = 1 << UInt16(bass.semitone)
        let upperMask = inputMask & ~bassBit
        var ranked: [(candidate: ChordCandidate, tones: Int, order: Int)] = []
        let types = ChordCatalog.all
        for root in spelled {
            let r = root.semitone
            for (index, t) in types.enumerated() {
                let rotated = rotate(t.mask, by: r)
                var foreignBass = false
                let eleventh: UInt16 = 1 << UInt16((r + 5) % 12)
                if inputMask & ~rotated == eleventh, rotated & ~inputMask == 0, rotated & bassBit != 0, t.isThirteenthWithoutEleventh {
                    // A thirteenth chord stacked in thirds: its symbol does not write the 11 it sounds.
                    let candidate = makeCandidate(root: root, type: t, bass: bass, spelled: spelled, missingMask: 0,
                                                  foreignBass: false, added: [.P11])
                    ranked.append((candidate, t.pitchClassCount + 1, index * 16 + ranked.count % 16))
                    continue
                }
                if inputMask & ~rotated != 0 {
                    // Perhaps a slash chord over a foreign bass: the notes above the bass are exactly the type.
                    guard rotated == upperMask, rotated & bassBit == 0, t.pitchClassCount >= 3 else { continue }
                    foreignBass = true
                }
                let missingMask = rotated & ~inputMask
                let missingCount = missingMask.nonzeroBitCount
                guard missingCount <= 1, !(missingCount == 1 && t.pitchClassCount < 3) else { continue }
                let candidate = makeCandidate(root: root, type: t, bass: bass, spelled: spelled,
                                              missingMask: missingMask, foreignBass: foreignBass)
                ranked.append((candidate, t.pitchClassCount, index * 16 + ranked.count % 16))
            }
        }
        ranked.sort { a, b in
            if a.candidate.score != b.candidate.score { return a.candidate.score > b.candidate.score }
            if a.tones != b.tones { return a.tones < b.tones }
            return a.order < b.order
        }
        return ranked.map(\.candidate)
    }

    fileprivate static func rotate(_ mask: UInt16, by r: Int) -> UInt16 {
        r == 0 ? mask : ((mask << UInt16(r)) | (mask >> UInt16(12 - r))) & 0x0FFF
    }

    private static func makeCandidate(root: PitchClass, type t: ChordType, bass: PitchClass, spelled: [PitchClass],
                                      missingMask: UInt16, foreignBass: Bool, added: [Interval] = []) -> ChordCandidate {
        let r = root.semitone
        let notes = (t.formula + added).map { root.transposed(by: $0) }
        var exact = true
        for pc in spelled where !notes.contains(pc) {
            if foreignBass && pc == bass { continue }
            exact = false
            break
        }
        var missing: [Interval] = []
        var inversion = foreignBass ? -1 : 0
        for (k, x) in t.formula.enumerated() {
            let s = floorMod(r + x.semitones, 12)
            if missingMask & (1 << UInt16(s)) != 0 { missing.append(x) }
            if !foreignBass, s == bass.semitone, inversion == 0, bass.semitone != r { inversion = k }
        }
        var score = 100.0
        if exact { score += 20 }
        if bass.semitone == r { score += 15 }
        score += [20, 10, 4, 0][Swift.min(Swift.max(t.commonness, 0), 3)]
        score -= 2 * Double(Swift.max(0, t.pitchClassCount - 3))
        for m in missing { score -= m.steps == 4 ? 40 : 50 }
        if foreignBass { score -= 30 }
        score -= 3 * Double(added.count)
        let chord = Chord(root: root, type: t, bass: bass.semitone == r ? nil : bass)
        return ChordCandidate(chord: chord, score: score, inversion: inversion, missing: missing, exactSpelling: exact, added: added)
    }
}

extension ChordType {
    /// The plain thirteenth chords whose symbol leaves out the eleventh they sound when stacked in thirds (`13`, `maj13`).
    fileprivate var isThirteenthWithoutEleventh: Bool {
        id == "dominant-thirteenth" || id == "major-thirteenth"
    }
}
