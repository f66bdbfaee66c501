import Testing
@testable import TheoryCore

@Suite("Pitches and pitch classes")
struct PitchTests {
    /// Text, letter, alteration, octave, MIDI number.
    static let notations: [(String, Letter, Int, Int, Int)] = [
        ("C#4", .C, 1, 4, 61), ("Bb3", .B, -1, 3, 58), ("B##4", .B, 2, 4, 73), ("Fbb3", .F, -2, 3, 51),
        ("Cx4", .C, 2, 4, 62), ("E♭5", .E, -1, 5, 75), ("F♯2", .F, 1, 2, 42), ("D𝄪4", .D, 2, 4, 64),
        ("G𝄫3", .G, -2, 3, 53), ("C-1", .C, 0, -1, 0), ("G9", .G, 0, 9, 127), ("B#3", .B, 1, 3, 60),
        ("Cb4", .C, -1, 4, 59), ("c4", .C, 0, 4, 60), ("A###4", .A, 3, 4, 72), ("Dbbb2", .D, -3, 2, 35),
        ("A4", .A, 0, 4, 69), ("a0", .A, 0, 0, 21), ("C8", .C, 0, 8, 108), (" Eb4 ", .E, -1, 4, 63),
        ("F♮4", .F, 0, 4, 65), ("Cx#4", .C, 3, 4, 63),
    ]

    @Test("notations", arguments: notations)
    func notation(_ row: (String, Letter, Int, Int, Int)) throws {
        let p = try Pitch(row.0)
        #expect(p.letter == row.1)
        #expect(p.accidental == row.2)
        #expect(p.octave == row.3)
        #expect(p.midi == row.4)
        #expect(try Pitch(p.description) == p)
        #expect(try Pitch(p.name(.unicode)) == p)
    }

    @Test func printing() throws {
        #expect(try Pitch("Cx4").description == "C##4")
        #expect(try Pitch("G𝄫3").name(.unicode) == "G𝄫3")
        #expect(try Pitch("A###4").name(.unicode) == "A𝄪♯4")
        #expect(try Pitch("Bb3").name(.unicode) == "B♭3")
        #expect(Pitch(.E, 5, octave: 2).description == "E#####2", "any alteration prints")
        #expect(try PitchClass("Dbb").description == "Dbb")
    }

    @Test func frequencies() throws {
        #expect(try Pitch("A4").frequency() == 440)
        #expect(abs(try Pitch("C4").frequency() - 261.6255653) < 1e-6)
        #expect(abs(try Pitch("A5").frequency() - 880) < 1e-9)
        #expect(try Pitch("Bbb4").frequency(a4: 442) == 442, "Bbb4 sounds as A4")
        #expect(abs(try Pitch("G4").frequency(a4: 442) - 442 * 0.8908987181) < 1e-6)
        #expect(try Pitch("B#3").frequency() == (try Pitch("C4").frequency()))
    }

    static let malformed = ["", "  ", "H#4", "C#", "C", "C4x", "C#b4", "C####4", "4C", "C99", "C4.5", "Q4", "C#4#",
                            "C+4", "Cb-", "C--1", "C 4", "ß4", "C٤", String(repeating: "C", count: 10_000),
                            String(repeating: "#", count: 10_000)]

    @Test("malformed pitches are errors", arguments: malformed)
    func malformedPitch(_ text: String) {
        #expect(throws: TheoryError.self) { try Pitch(text) }
    }

    @Test func errorMessagesNameTheProblem() {
        #expect(throws: TheoryError.invalidPitch(input: "H#4", reason: "'H' is not a note letter (the German H is B)", suggestion: "B#4")) {
            try Pitch("H#4")
        }
        #expect(throws: TheoryError.invalidPitch(input: "C#", reason: "missing octave number", suggestion: "C#4")) {
            try Pitch("C#")
        }
        #expect(throws: TheoryError.tooLong(what: "a pitch", length: 10_000, limit: 24)) {
            try Pitch(String(repeating: "C", count: 10_000))
        }
        #expect(TheoryError.invalidPitch(input: String(repeating: "x", count: 500), reason: "r").description.count < 120,
                "long inputs are shortened in messages")
    }

    @Test func pitchClasses() throws {
        #expect(try PitchClass("F#").semitone == 6)
        #expect(try PitchClass("Cb").semitone == 11)
        #expect(try PitchClass("B#").semitone == 0)
        #expect(try PitchClass("F#").fifths == 6)
        #expect(try PitchClass("Bb").fifths == -2)
        for f in -25...25 { #expect(PitchClass(fifths: f).fifths == f) }
        #expect(throws: TheoryError.self) { try PitchClass("C#4") }
        #expect(try PitchClass("E").interval(upTo: PitchClass("C")) == .m6)
        #expect(try PitchClass("B#").interval(upTo: PitchClass("C")) == .d2)
    }

    @Test func ordering() throws {
        let sorted = try ["Dbb4", "C4", "B#3", "Cb4"].map(Pitch.init).sorted().map(\.description)
        #expect(sorted == ["Cb4", "B#3", "C4", "Dbb4"])
    }
}

@Suite("Enharmonics")
struct EnharmonicTests {
    static let spellingTable: [(String, [String])] = [
        ("C#4", ["C#4", "Db4", "B##3"]), ("D4", ["D4", "C##4", "Ebb4"]), ("G#4", ["G#4", "Ab4"]),
        ("C4", ["C4", "B#3", "Dbb4"]), ("B##3", ["B##3", "C#4", "Db4"]), ("Fb4", ["Fb4", "E4", "D##4"]),
        ("A#2", ["A#2", "Bb2", "Cbb3"]),
    ]

    @Test("all spellings within two accidentals", arguments: spellingTable)
    func spellings(_ row: (String, [String])) throws {
        let p = try Pitch(row.0)
        let all = p.enharmonics()
        #expect(all.map(\.description) == row.1)
        #expect(all.allSatisfy { $0.midi == p.midi })
    }

    @Test func simplestSpelling() throws {
        let cases = [("B##3", "C#4"), ("Ebb4", "D4"), ("Fb4", "E4"), ("E#4", "F4"), ("Db4", "Db4"), ("Cbb4", "Bb3"),
                     ("A###4", "C5"), ("Gbbb4", "E4")]
        for (from, to) in cases {
            #expect(try Pitch(from).simplestSpelling.description == to)
        }
    }

    @Test func respellingForAKeyWindow() throws {
        // G# major: its diatonic set spans fifths 7 (G#) … 13 (F##).
        #expect(try Pitch("G4").respelled(nearFifths: 7...13).description == "F##4")
        #expect(try Pitch("Bb4").respelled(nearFifths: 7...13).description == "A#4")
        // Db major: fifths -6 (Gb) … 0 (C).
        #expect(try Pitch("F#4").respelled(nearFifths: -6...0).description == "Gb4")
        #expect(try Pitch("B4").respelled(nearFifths: -6...0).description == "Cb5")
        #expect(try PitchClass("D#").respelled(nearFifths: -6...0).description == "Eb")
    }
}
