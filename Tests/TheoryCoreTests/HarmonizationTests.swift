import Testing
@testable import TheoryCore

/// Diatonic triads and seventh chords with roman numerals and symbols.
@Suite("Harmonization")
struct HarmonizationTests {
    func table(_ chords: [DiatonicChord]) -> (roman: String, symbols: String) {
        (chords.map(\.roman).joined(separator: " "), chords.map(\.symbol).joined(separator: " "))
    }

    @Test func cMajor() throws {
        let key = try Key("C major")
        let triads = table(key.harmonize())
        #expect(triads.roman == "I ii iii IV V vi vii°")
        #expect(triads.symbols == "C Dm Em F G Am Bdim")
        let sevenths = table(key.harmonize(sevenths: true))
        #expect(sevenths.roman == "Imaj7 ii7 iii7 IVmaj7 V7 vi7 viiø7")
        #expect(sevenths.symbols == "Cmaj7 Dm7 Em7 Fmaj7 G7 Am7 Bm7b5")
        let v7 = key.harmonize(sevenths: true)[4]
        #expect(v7.degree == 5)
        #expect(v7.root == PitchClass(.G))
        #expect(v7.notes.map(\.description) == ["G", "B", "D", "F"])
        #expect(v7.intervals == [.P1, .M3, .P5, .m7])
        #expect(v7.quality == .dominant7)
        #expect(v7.description == "V7 G7 (G B D F)")
        #expect(key.harmonize().map(\.quality) == [.major, .minor, .minor, .major, .major, .minor, .diminished])
    }

    @Test func aMinorNaturalHarmonicMelodic() throws {
        let key = try Key("A minor")
        let natural = table(key.harmonize())
        #expect(natural.roman == "i ii° III iv v VI VII")
        #expect(natural.symbols == "Am Bdim C Dm Em F G")
        #expect(table(key.harmonize(minorForm: .natural)) == natural)
        let harmonic = table(key.harmonize(minorForm: .harmonic))
        #expect(harmonic.roman == "i ii° III+ iv V VI vii°")
        #expect(harmonic.symbols == "Am Bdim C+ Dm E F G#dim")
        let harmonic7 = table(key.harmonize(sevenths: true, minorForm: .harmonic))
        #expect(harmonic7.roman == "i(maj7) iiø7 III+maj7 iv7 V7 VImaj7 vii°7")
        #expect(harmonic7.symbols == "Am(maj7) Bm7b5 C+maj7 Dm7 E7 Fmaj7 G#dim7")
        let melodic = table(key.harmonize(minorForm: .melodic))
        #expect(melodic.roman == "i ii III+ IV V vi° vii°")
        #expect(melodic.symbols == "Am Bm C+ D E F#dim G#dim")
        let natural7 = table(key.harmonize(sevenths: true))
        #expect(natural7.symbols == "Am7 Bm7b5 Cmaj7 Dm7 Em7 Fmaj7 G7")
    }

    @Test func bFlatMajorSevenths() throws {
        let chords = table(try Key("Bb major").harmonize(sevenths: true))
        #expect(chords.symbols == "Bbmaj7 Cm7 Dm7 Ebmaj7 F7 Gm7 Am7b5")
        #expect(chords.roman == "Imaj7 ii7 iii7 IVmaj7 V7 vi7 viiø7")
    }

    @Test func fSharpMajorSpellsTheESharpChord() throws {
        let chords = try Key("F# major").harmonize()
        #expect(table(chords).symbols == "F# G#m A#m B C# D#m E#dim")
        #expect(chords[6].notes.map(\.description) == ["E#", "G#", "B"])
        #expect(chords[4].notes.map(\.description) == ["C#", "E#", "G#"])
        let gSharp7 = try Key("G# major").harmonize(sevenths: true)
        #expect(gSharp7[4].notes.map(\.description) == ["D#", "F##", "A#", "C#"])
        #expect(gSharp7[6].symbol == "F##m7b5")
        #expect(try Key("C minor").harmonize(sevenths: true, minorForm: .harmonic)[2].symbol == "Eb+maj7")
        #expect(try Key("Fb major").harmonize()[0].notes.map(\.description) == ["Fb", "Ab", "Cb"])
    }

    @Test func otherScales() throws {
        #expect(table(try Scale("D dorian").harmonize()).symbols == "Dm Em F G Am Bdim C")
        #expect(table(try Scale("D dorian").harmonize()).roman == "i ii III IV v vi° VII")
        let altered = try Scale("C altered").harmonize(sevenths: true)
        #expect(altered[0].quality == .halfDiminished7)
        #expect(altered[1].quality == .minorMajor7)   // Db Fb Ab C
        #expect(altered[2].quality == .minor7)        // Eb Gb Bb Db
        #expect(try Scale("C whole-tone").chord(onDegree: 1).quality == .augmented)
        let hungarian = try Scale("C hungarian minor").harmonize()
        #expect(hungarian[3].quality == .other)   // F# A♭ C: a diminished third
        #expect(hungarian[3].symbol == "F#(bb3 b5)")
        #expect(hungarian[3].roman == "iv(bb3 b5)")
        #expect(try Scale("C major").chord(onDegree: 12).degree == 5)
        #expect(try Scale("C lydian dominant").chord(onDegree: 2, sevenths: true).symbol == "D7")
        // Six notes: the fourth "third" above the root wraps to the octave.
        #expect(try Scale("C whole-tone").chord(onDegree: 1, sevenths: true).quality == .other)
    }

    @Test func qualityFromIntervals() {
        #expect(DiatonicChord.Quality(third: .M3, fifth: .d5) == .majorFlat5)
        #expect(DiatonicChord.Quality(third: .M3, fifth: .d5, seventh: .m7) == .dominant7Flat5)
        #expect(DiatonicChord.Quality(third: .m3, fifth: .d5, seventh: .M7) == .diminishedMajor7)
        #expect(DiatonicChord.Quality(third: .M2, fifth: .P5) == .other)
        #expect(DiatonicChord.Quality(third: .m3, fifth: .P5, seventh: .M6) == .other)
        #expect(DiatonicChord.Quality.dominant7.isSeventh)
        #expect(!DiatonicChord.Quality.augmented.isSeventh)
        for quality in DiatonicChord.Quality.allCases where quality != .major && quality != .other {
            #expect(!quality.symbolSuffix.isEmpty)
        }
    }
}
