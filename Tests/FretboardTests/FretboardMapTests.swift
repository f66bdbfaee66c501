import Fretboard
import TheoryCore
import Testing

@Suite("Fretboard map and patterns")
struct FretboardMapTests {
    let guitar = try! Neck(try! Tuning.named("guitar-standard"))

    static let pitches: [(Int, Int, String)] = [
        (1, 0, "E2"), (1, 5, "A2"), (2, 3, "C3"), (3, 7, "A3"), (4, 4, "B3"), (5, 1, "C4"), (6, 12, "E5"), (1, 1, "F2"),
        (2, 1, "A#2"),
    ]

    @Test("pitch at string and fret", arguments: pitches)
    func pitchAt(_ string: Int, _ fret: Int, _ expected: String) throws {
        #expect(try guitar.pitch(at: FretCell(string: string, fret: fret)).description == expected)
    }

    @Test func spellingOnRequest() throws {
        #expect(try guitar.pitch(at: FretCell(string: 2, fret: 1), spelledAs: PitchClass("Bb")).description == "Bb2")
        #expect(try guitar.pitch(at: FretCell(string: 5, fret: 1), spelledAs: PitchClass("B#")).description == "B#3")
    }

    @Test func everyPlaceOfAPitch() throws {
        #expect(guitar.cells(of: try Pitch("C4"), in: 0...12) == [FretCell(string: 3, fret: 10), FretCell(string: 4, fret: 5), FretCell(string: 5, fret: 1)])
        let allA = guitar.cells(of: try PitchClass("A"), in: 0...5)
        // A2 on string 1 fret 5 and string 2 open, A3 on string 4 fret 2, A4 on string 6 fret 5.
        #expect(allA == [FretCell(string: 1, fret: 5), FretCell(string: 2, fret: 0), FretCell(string: 4, fret: 2), FretCell(string: 6, fret: 5)])
        #expect(guitar.cells(of: try PitchClass("Bbb"), in: 0...0) == [FretCell(string: 2, fret: 0)])
    }

    @Test func banjoShortStringAndCapo() throws {
        let banjo = try Neck(try Tuning.named("banjo-open-g"))
        #expect(!banjo.isPlayable(FretCell(string: 1, fret: 3)))
        #expect(try banjo.pitch(at: FretCell(string: 1, fret: 7)).description == "A4")
        #expect(try banjo.pitch(at: FretCell(string: 1, fret: 0)).description == "G4")
        let capo = try Neck(try Tuning.named("guitar-standard"), capo: 2)
        #expect(!capo.isPlayable(FretCell(string: 1, fret: 0)))
        #expect(!capo.isPlayable(FretCell(string: 1, fret: 1)))
        #expect(try capo.pitch(at: FretCell(string: 1, fret: 2)).description == "F#2")
        #expect(throws: FretboardError.self) { try Neck(try Tuning.named("guitar-standard"), capo: 40) }
    }

    @Test func diminishedSeventhArpeggioShowsDoubleFlatSeven() throws {
        let p = FretPattern.arpeggio(try Chord("Cdim7"), on: guitar, frets: 0...12)
        let open = try #require(p.cells.first { $0.cell == FretCell(string: 2, fret: 0) })
        #expect(open.pitch.description == "Bbb2")
        #expect(open.interval.name == "d7")
        #expect(open.degree == "bb7")
        #expect(!p.cells.contains { $0.degree == "6" })
        #expect(Set(p.cells.map(\.degree)) == ["1", "b3", "b5", "bb7"])
    }

    @Test func alteredScaleFollowsItsFormula() throws {
        let scale = Scale(try PitchClass("C"), try ScaleType.named("altered"))
        let p = FretPattern.scale(scale, on: guitar, frets: 0...12)
        #expect(Set(p.cells.map(\.degree)) == Set(scale.type.formula.map(\.degreeLabel)))
        let e = try #require(p.cells.first { $0.cell == FretCell(string: 1, fret: 0) })
        #expect(e.pitch.description == "Fb2")
        #expect(e.degree == "b4")
    }

    @Test func majorScaleOnTheLowString() throws {
        let p = FretPattern.scale(Scale(try PitchClass("C"), .major), on: guitar, frets: 0...3)
        let low = p.cells.filter { $0.string == 1 }.map { "\($0.fret):\($0.pitch):\($0.degree)" }
        #expect(low == ["0:E2:3", "1:F2:4", "3:G2:5"])
        #expect(p.cells.filter(\.isRoot).map(\.cell) == [FretCell(string: 2, fret: 3), FretCell(string: 5, fret: 1)])
    }

    @Test func ninthChordTonesKeepCompoundLabels() throws {
        let p = FretPattern.chord(try Chord("C7b9"), on: guitar, frets: 0...4)
        #expect(p.cells.contains { $0.degree == "b9" && $0.pitch.pitchClass.description == "Db" })
    }
}
