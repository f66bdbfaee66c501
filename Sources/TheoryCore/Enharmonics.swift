/// Enharmonic spellings: every way to write a sounding pitch, the simplest one, and respelling for a context.
extension Pitch {
    /// All spellings of this sounding pitch with at most `maxAccidentals` sharps or flats:
    /// this spelling first, then by fewest accidentals, sharps before flats (`C#4` → `C#4`, `Db4`, `B##3`).
    public func enharmonics(maxAccidentals: Int = 2) -> [Pitch] {
        var result: [Pitch] = []
        for letter in Letter.allCases {
            for octaveShift in -1...1 {
                let natural = Pitch(letter, 0, octave: octave + octaveShift)
                let alteration = midi - natural.midi
                if abs(alteration) <= maxAccidentals {
                    result.append(Pitch(letter, alteration, octave: natural.octave))
                }
            }
        }
        return Self.ordered(result, first: self)
    }

    /// The spelling with the fewest accidentals; on a tie, the one whose accidental goes the same way
    /// as this one (`B##3` → `C#4`, `Ebb4` → `D4`, `Fb4` → `E4`).
    public var simplestSpelling: Pitch {
        enharmonics(maxAccidentals: 2).min { a, b in
            (abs(a.accidental), sameWayPenalty(a)) < (abs(b.accidental), sameWayPenalty(b))
        } ?? self
    }

    /// The spelling closest on the line of fifths to a window of fifths (a key's diatonic set);
    /// ties go to fewer accidentals. In G# major (window 7…13) MIDI 67 is spelled F##, not G.
    public func respelled(nearFifths window: ClosedRange<Int>) -> Pitch {
        func distance(_ p: Pitch) -> Int {
            let f = p.pitchClass.fifths
            return f < window.lowerBound ? window.lowerBound - f : f > window.upperBound ? f - window.upperBound : 0
        }
        let candidates = enharmonics(maxAccidentals: 2)
        return candidates.min { a, b in
            (distance(a), abs(a.accidental)) < (distance(b), abs(b.accidental))
        } ?? self
    }

    private func sameWayPenalty(_ p: Pitch) -> Int {
        (p.accidental > 0) == (accidental > 0) ? 0 : 1
    }

    private static func ordered(_ spellings: [Pitch], first: Pitch) -> [Pitch] {
        var rest = spellings.filter { $0 != first }
        rest.sort { a, b in
            (abs(a.accidental), a.accidental < 0 ? 1 : 0, a.letter.rawValue)
                < (abs(b.accidental), b.accidental < 0 ? 1 : 0, b.letter.rawValue)
        }
        return [first] + rest
    }
}

extension PitchClass {
    /// All spellings of this pitch class with at most `maxAccidentals` sharps or flats, this one first.
    public func enharmonics(maxAccidentals: Int = 2) -> [PitchClass] {
        pitch(octave: 4).enharmonics(maxAccidentals: maxAccidentals).map(\.pitchClass)
    }

    /// The spelling with the fewest accidentals (see ``Pitch/simplestSpelling``).
    public var simplestSpelling: PitchClass { pitch(octave: 4).simplestSpelling.pitchClass }

    /// The spelling closest on the line of fifths to a window of fifths (see ``Pitch/respelled(nearFifths:)``).
    public func respelled(nearFifths window: ClosedRange<Int>) -> PitchClass {
        pitch(octave: 4).respelled(nearFifths: window).pitchClass
    }
}

extension Key {
    /// The window of the line of fifths that sounds "in the key": the seven diatonic notes, widened for
    /// minor keys by the raised sixth and seventh and the raised fourth of the dominant's dominant.
    public var fifthsWindow: ClosedRange<Int> {
        let s = signature
        return mode == .major ? (s - 1)...(s + 5) : (s - 1)...(s + 8)
    }
}

extension Pitch {
    /// The spelling that fits the key (in G# major the leading tone is F##; in Db major F# is Gb).
    public func respelled(in key: Key) -> Pitch { respelled(nearFifths: key.fifthsWindow) }
}

extension PitchClass {
    /// The spelling that fits the key (see ``Pitch/respelled(in:)``).
    public func respelled(in key: Key) -> PitchClass { respelled(nearFifths: key.fifthsWindow) }
}
