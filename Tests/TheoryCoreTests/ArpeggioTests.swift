import Testing
@testable import TheoryCore

/// Tests of arpeggios: range, order, spelling and degree labels.
@Suite struct ArpeggioTests {
    @Test func ascendingOverTwoOctaves() throws {
        let c = try Chord("C7")
        let p = c.arpeggio(from: try Pitch("C4"), to: try Pitch("C6"))
        #expect(p.map(\.description) == ["C4", "E4", "G4", "Bb4", "C5", "E5", "G5", "Bb5", "C6"])
    }

    @Test func descendingAndUnalignedRange() throws {
        let c = try Chord("Am")
        let p = c.arpeggio(from: try Pitch("D4"), to: try Pitch("B4"), descending: true)
        #expect(p.map(\.description) == ["A4", "E4"])
        let q = c.arpeggio(from: try Pitch("B4"), to: try Pitch("D4"))
        #expect(q.map(\.description) == ["E4", "A4"])
    }

    @Test func spellingAndLabelsKept() throws {
        let c = try Chord("Eb7#9b13")
        let a = Arpeggio(c, from: try Pitch("C4"), to: try Pitch("C5"))
        #expect(a.pitches.map(\.description) == ["Db4", "Eb4", "F#4", "G4", "Bb4", "Cb5"])
        #expect(a.tones.map(\.degreeLabel) == ["b7", "1", "#9", "3", "5", "b13"])
        let b9 = Arpeggio(try Chord("C7b9"), from: try Pitch("C3"), to: try Pitch("E3"))
        #expect(b9.tones.map(\.description) == ["C3 (1)", "Db3 (b9)", "E3 (3)"])
    }

    @Test func everyTypeStaysInRangeAndAscends() throws {
        let low = try Pitch("E2"), high = try Pitch("B5")
        for t in ChordType.all {
            let chord = Chord(root: PitchClass(.G, 1), type: t)
            let a = Arpeggio(chord, from: low, to: high)
            #expect(a.pitches.allSatisfy { $0.midi >= low.midi && $0.midi <= high.midi })
            #expect(zip(a.pitches, a.pitches.dropFirst()).allSatisfy { $0.0 < $0.1 })
            #expect(Set(a.pitches.map(\.pitchClass)) == Set(chord.notes), "\(chord.symbol)")
            let down = Arpeggio(chord, from: low, to: high, descending: true)
            #expect(down.pitches == a.pitches.reversed())
        }
    }

    @Test func voicingWithSlashBass() throws {
        #expect(try Chord("D/F#").pitches(rootOctave: 4).map(\.description) == ["F#3", "D4", "A4"])
        #expect(try Chord("Bbsus4/F").pitches(rootOctave: 3).map(\.description) == ["F3", "Bb3", "Eb4"])
        #expect(try Chord("C/D").pitches().map(\.description) == ["D3", "C4", "E4", "G4"])
        #expect(try Chord("C9").pitches().map(\.description) == ["C4", "E4", "G4", "Bb4", "D5"])
        #expect(try Chord("C/E").inversion == 1)
        #expect(try Chord("C/D").inversion == -1)
    }
}
