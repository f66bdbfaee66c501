import Testing
@testable import TheoryCore

/// Spelled scales on roots, hand-verified; pitches, degrees and parsing of "root + name".
@Suite("Scales")
struct ScaleTests {
    /// Hand-verified spellings (scale written as "root type", expected notes).
    static let spelledScales: [(String, String)] = [
        ("Fb melodic-minor", "Fb Gb Abb Bbb Cb Db Eb"),
        ("G# major", "G# A# B# C# D# E# F##"),
        ("Gb major", "Gb Ab Bb Cb Db Eb F"),
        ("F# major", "F# G# A# B C# D# E#"),
        ("Cb major", "Cb Db Eb Fb Gb Ab Bb"),
        ("D dorian", "D E F G A B C"),
        ("E phrygian", "E F G A B C D"),
        ("F lydian", "F G A B C D E"),
        ("G mixolydian", "G A B C D E F"),
        ("Eb natural minor", "Eb F Gb Ab Bb Cb Db"),
        ("B locrian", "B C D E F G A"),
        ("C altered", "C Db Eb Fb Gb Ab Bb"),
        ("C ultralocrian", "C Db Eb Fb Gb Ab Bbb"),
        ("A harmonic minor", "A B C D E F G#"),
        ("D# harmonic minor", "D# E# F# G# A# B C##"),
        ("C# melodic minor", "C# D# E F# G# A# B#"),
        ("Db lydian dominant", "Db Eb F G Ab Bb Cb"),
        ("E phrygian dominant", "E F G# A B C D"),
        ("Bb harmonic major", "Bb C D Eb F Gb A"),
        ("D double harmonic", "D Eb F# G A Bb C#"),
        ("A hungarian minor", "A B C D# E F G#"),
        ("C neapolitan minor", "C Db Eb F G Ab B"),
        ("C enigmatic", "C Db E F# G# A# B"),
        ("A persian", "A Bb C# D Eb F G#"),
        ("C whole-tone", "C D E F# G# Bb"),
        ("C diminished half-whole", "C Db D# E F# G A Bb"),
        ("C diminished whole-half", "C D Eb F Gb G# A B"),
        ("C chromatic", "C C# D D# E F F# G G# A A# B"),
        ("C major pentatonic", "C D E G A"),
        ("A minor pentatonic", "A C D E G"),
        ("A blues", "A C D Eb E G"),
        ("C major blues", "C D Eb E G A"),
        ("E hirajoshi", "E F# G B C"),
        ("C in-sen", "C Db F G Bb"),
        ("C augmented", "C D# E G G# B"),
        ("C prometheus", "C D E F# A Bb"),
        ("C bebop dominant", "C D E F G A Bb B"),
        ("C bebop major", "C D E F G G# A B"),
        ("D ukrainian dorian", "D E F G# A B C"),
        ("E flamenco", "E F G G# A B C D"),
    ]

    @Test(arguments: spelledScales)
    func handVerifiedSpelling(_ scaleText: String, _ expected: String) throws {
        let scale = try Scale(scaleText)
        #expect(scale.pitchClasses.map(\.description).joined(separator: " ") == expected)
    }

    @Test func spellingKeepsTheLetterNotTheSound() throws {
        let fSharpMajor = try Scale("F# major")
        #expect(fSharpMajor.contains(try PitchClass("E#")))
        #expect(!fSharpMajor.contains(try PitchClass("F")))
        #expect(fSharpMajor.containsEnharmonic(try PitchClass("F")))
        #expect(try Scale("Gb major").contains(PitchClass("Cb")))
        #expect(fSharpMajor.degree(of: try PitchClass("E#")) == 7)
        #expect(fSharpMajor.degree(of: try PitchClass("F")) == nil)
    }

    @Test func respellingInContext() throws {
        let gSharp = try Scale("G# major")
        #expect(gSharp.respelled(PitchClass(.G)) == PitchClass(.F, 2))
        #expect(gSharp.respelled(PitchClass(.C)) == PitchClass(.B, 1))
        #expect(gSharp.respelled(PitchClass(.A, 1)) == PitchClass(.A, 1))
        #expect(gSharp.respelled(PitchClass(.A)) == nil)
        #expect(try Scale("Gb major").respelled(PitchClass(.B)) == PitchClass(.C, -1))
    }

    @Test func parsingRootAndName() throws {
        #expect(try Scale("D") == Scale(PitchClass(.D), .major))
        #expect(try Scale("  bb Harmonic-Minor ") == Scale(PitchClass(.B, -1), .harmonicMinor))
        #expect(try Scale("E♭ dorian").root == PitchClass(.E, -1))
        #expect(try Scale(PitchClass(.A), "aeolian").type == .naturalMinor)
        #expect(throws: TheoryError.self) { try Scale("X major") }
        #expect(throws: TheoryError.unknownScale(name: "dorain", suggestion: "dorian")) { try Scale("C dorain") }
        #expect(throws: TheoryError.self) { try Scale("") }
        #expect(throws: TheoryError.self) { try Scale(String(repeating: "C", count: 500)) }
        #expect(try Scale("F# harmonic minor").description == "F# harmonic minor")
        #expect(try Scale("Bb major").name(.unicode) == "B♭ major")
        #expect(try Scale("D dorian").description == "D Dorian")
        #expect(try Scale("a hungarian minor").description == "A Hungarian minor")
        #expect(try Scale("C whole tone").description == "C whole-tone")
        #expect(try Scale("Eb aeolian").description == "Eb natural minor")
        #expect(try Scale("C messiaen mode 3").description == "C Messiaen mode 3")
    }

    @Test func degreesWrap() throws {
        let c = try Scale("C major")
        #expect(c.degree(1) == PitchClass(.C))
        #expect(c.degree(5) == PitchClass(.G))
        #expect(c.degree(8) == PitchClass(.C))
        #expect(c.degree(9) == PitchClass(.D))
        #expect(c.degree(0) == PitchClass(.B))
        #expect(c.degree(-6) == PitchClass(.C))
        #expect(c.interval(toDegree: 9) == .M9)
        #expect(c.interval(toDegree: 0) == Interval(steps: -1, semitones: -1))
        #expect(c.pitch(degree: 9, rootOctave: 4) == (try Pitch("D5")))
        #expect(c.pitch(degree: 0, rootOctave: 4) == (try Pitch("B3")))
        let pent = try Scale("A minor pentatonic")
        #expect(pent.degree(6) == PitchClass(.A))
        #expect(pent.pitch(degree: 7, rootOctave: 3) == (try Pitch("C5")))
    }

    @Test func pitchesAscend() throws {
        let gSharp = try Scale("G# major")
        #expect(gSharp.pitches(from: 3).map(\.description) == ["G#3", "A#3", "B#3", "C#4", "D#4", "E#4", "F##4"])
        let cFlat = try Scale("Cb major")
        #expect(cFlat.pitches(from: 4).map(\.description) == ["Cb4", "Db4", "Eb4", "Fb4", "Gb4", "Ab4", "Bb4"])
        #expect(cFlat.pitches(from: 4).first?.midi == 59)
        let c = try Scale("C major")
        #expect(c.pitches(from: try Pitch("B3"), count: 3).map(\.description) == ["B3", "C4", "D4"])
        #expect(c.pitches(from: try Pitch("Bb3"), count: 3).map(\.description) == ["B3", "C4", "D4"])
        #expect(c.pitches(from: try Pitch("C#4"), count: 2).map(\.description) == ["D4", "E4"])
        #expect(c.pitches(from: try Pitch("C4"), count: 0).isEmpty)
        let cSharp = try Scale("C# major")
        #expect(cSharp.pitches(from: try Pitch("B#3"), count: 2).map(\.description) == ["B#3", "C#4"])
        let chromatic = try Scale("C chromatic")
        let run = chromatic.pitches(from: try Pitch("A3"), count: 15)
        #expect(run.count == 15)
        #expect(zip(run, run.dropFirst()).allSatisfy { $0.midi + 1 == $1.midi })
        let blues = try Scale("E blues")
        let twoOctaves = blues.pitches(from: try Pitch("E2"), count: 13)
        #expect(twoOctaves.map(\.description).joined(separator: " ")
                == "E2 G2 A2 Bb2 B2 D3 E3 G3 A3 Bb3 B3 D4 E4")
    }
}
