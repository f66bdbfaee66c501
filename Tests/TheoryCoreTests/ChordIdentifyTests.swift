import Testing
@testable import TheoryCore

/// Tests of chord identification from notes: ranking, inversions, slash basses, respelling, round trips.
@Suite struct ChordIdentifyTests {
    func pcs(_ s: String) throws -> [PitchClass] { try s.split(separator: " ").map { try PitchClass(String($0)) } }
    func pitches(_ s: String) throws -> [Pitch] { try s.split(separator: " ").map { try Pitch(String($0)) } }

    @Test func plainReadingsComeFirst() throws {
        #expect(Chord.identify(try pitches("E4 G4 C5")).first?.symbol == "C/E")
        #expect(Chord.identify(try pitches("C4 E4 G4 Bb4")).first?.symbol == "C7")
        #expect(Chord.identify(try pitches("A3 C4 E4 G4")).first?.symbol == "Am7")
        #expect(Chord.identify(try pitches("C4 E4 G4 A4")).first?.symbol == "C6")
        #expect(Chord.identify(try pitches("G3 C4 E4")).first?.symbol == "C/G")
        #expect(Chord.identify(try pitches("F#3 D4 A4")).first?.symbol == "D/F#")
        #expect(Chord.identify(try pitches("C4 Eb4 Gb4 Bb4")).first?.symbol == "Cm7b5")
        #expect(Chord.identify(try pitches("C4 F4 G4")).first?.symbol == "Csus4")
        #expect(Chord.identify(try pitches("G2 A3 C4 E4")).prefix(2).contains { $0.symbol == "Am7/G" })
    }

    @Test func inversionAndBass() throws {
        let first = try #require(Chord.identify(try pitches("E4 G4 C5")).first)
        #expect(first.inversion == 1)
        #expect(first.chord.bass == PitchClass(.E))
        #expect(first.exactSpelling)
        #expect(first.missing.isEmpty)
        let second = try #require(Chord.identify(try pitches("G3 C4 E4")).first)
        #expect(second.inversion == 2)
        let em = Chord.identify(try pitches("E4 G4 C5"))
        let emIndex = try #require(em.firstIndex { $0.chord.root == PitchClass(.E) })
        #expect(emIndex > 0)
    }

    @Test func diminishedSeventhPrefersMatchingSpelling() throws {
        let c = Chord.identify(try pcs("C Eb Gb A"))
        let first = try #require(c.first)
        #expect(first.chord.type.id == "diminished-seventh")
        #expect(first.chord.root == PitchClass(.A))
        #expect(first.exactSpelling)
        #expect(c.contains { $0.symbol == "Cdim7" && !$0.exactSpelling })
        #expect(Chord.identify(try pcs("C Eb Gb Bbb")).first?.symbol == "Cdim7")
    }

    @Test func respelledInputStillIdentifies() throws {
        let c = Chord.identify(try pcs("C E Ab"))
        let aug = try #require(c.first { $0.symbol == "C+" })
        #expect(!aug.exactSpelling)
        #expect(aug.description.contains("respelled"))
        #expect(c.contains { $0.symbol == "Ab+/C" && $0.exactSpelling })
        let seventh = Chord.identify(try pcs("C E G A#"))
        #expect(seventh.first?.chord.type.id == "dominant-seventh")
        #expect(seventh.first?.exactSpelling == false)
    }

    @Test func missingFifthAndForeignBass() throws {
        let c = Chord.identify(try pcs("C E Bb"))
        #expect(c.first?.chord.type.id == "dominant-seventh-no-fifth")
        let withMissing = try #require(c.first { $0.chord.type.id == "dominant-seventh" })
        #expect(withMissing.missing == [.P5])
        let slash = Chord.identify(try pcs("D C E G"))
        #expect(slash.contains { $0.symbol == "C/D" && $0.inversion == -1 })
        #expect(Chord.identify([PitchClass(.C)]).isEmpty)
        #expect(Chord.identify([PitchClass]()).isEmpty)
    }

    /// Every type in several roots, notes shuffled with a seeded generator: the type is found on its root, and is the
    /// first candidate unless another catalogue type has the same pitch-class set on another root (C6 and Am7).
    @Test func everyTypeIsIdentifiedFromShuffledNotes() {
        var rng = SplitMix64(seed: 2024)
        let roots = [PitchClass(.C), PitchClass(.E, -1), PitchClass(.F, 1), PitchClass(.A, -1), PitchClass(.B)]
        let types = ChordType.all
        for t in types {
            for root in roots {
                let chord = Chord(root: root, type: t)
                var notes = chord.notes
                notes.shuffle(using: &rng)
                let candidates = Chord.identify(notes)
                guard let found = candidates.firstIndex(where: { $0.chord.root == root && $0.chord.type == t }) else {
                    Issue.record("\(chord.symbol) from \(notes) not identified")
                    continue
                }
                #expect(candidates[found].exactSpelling)
                #expect(candidates[found].missing.isEmpty)
                // Ambiguous when another (type, root among the notes) has exactly this pitch-class set.
                let mask = chord.pitchClassMask
                let ambiguous = types.contains { other in
                    notes.contains { r in
                        (other != t || r.semitone != root.semitone)
                            && Chord(root: r, type: other).pitchClassMask == mask
                    }
                }
                if !ambiguous {
                    #expect(found == 0, "\(chord.symbol) from \(notes): first is \(candidates[0].symbol)")
                } else {
                    #expect(candidates[0].missing.isEmpty, "\(chord.symbol): first is \(candidates[0])")
                }
            }
        }
    }

    /// Identifying the notes of a voiced chord in every inversion finds the chord.
    @Test func inversionsOfSeventhChords() throws {
        for symbol in ["Cmaj7", "Dm7", "G7", "Bm7b5", "F#dim7", "Ebm(maj7)", "Ab+7"] {
            let chord = try Chord(symbol)
            var voiced = chord.pitches(rootOctave: 4)
            for inversion in 0..<4 {
                let c = Chord.identify(voiced)
                #expect(c.contains { $0.chord.root == chord.root && $0.chord.type == chord.type && $0.inversion == inversion },
                        "\(symbol) inversion \(inversion)")
                let lowest = voiced.removeFirst()
                voiced.append(Pitch(lowest.letter, lowest.accidental, octave: lowest.octave + 1))
            }
        }
    }
}
