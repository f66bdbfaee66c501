import Fretboard
import TheoryCore
import Testing

@Suite("Scale positions")
struct PositionTests {
    let guitar = try! Neck(try! Tuning.named("guitar-standard"))

    func frets(_ p: ScalePosition, string: Int) -> [Int] {
        p.pattern.cells.filter { $0.string == string }.map(\.fret)
    }

    @Test func cShapeOfCMajorIsTheOpenPosition() throws {
        let p = try ScalePosition.position(1, of: Scale(try PitchClass("C"), .major), on: guitar, system: .caged)
        #expect(p.name == "C shape")
        // Hand-checked: E F G / A B C / D E F / G A / B C D / E F G.
        #expect(frets(p, string: 1) == [0, 1, 3])
        #expect(frets(p, string: 2) == [0, 2, 3])
        #expect(frets(p, string: 3) == [0, 2, 3])
        #expect(frets(p, string: 4) == [0, 2])
        #expect(frets(p, string: 5) == [0, 1, 3])
        #expect(frets(p, string: 6) == [0, 1, 3])
    }

    @Test func fSharpMinorThreeNotesPerStringFromTheRoot() throws {
        let scale = Scale(try PitchClass("F#"), try ScaleType.named("natural-minor"))
        let p = try ScalePosition.position(1, of: scale, on: guitar, system: .threeNotesPerString)
        // Hand-checked: F# G# A / B C# D / E F# G# / A B C# / D E F# / G# A B from fret 2 of the low E.
        #expect(frets(p, string: 1) == [2, 4, 5])
        #expect(frets(p, string: 2) == [2, 4, 5])
        #expect(frets(p, string: 3) == [2, 4, 6])
        #expect(frets(p, string: 4) == [2, 4, 6])
        #expect(frets(p, string: 5) == [3, 5, 7])
        #expect(frets(p, string: 6) == [4, 5, 7])
        #expect(p.pattern.cells.filter { $0.string == 3 }.map(\.degree) == ["b7", "1", "2"])
    }

    @Test func eShapeOfGMajorSitsAtTheSecondFret() throws {
        let p = try ScalePosition.position(4, of: Scale(try PitchClass("G"), .major), on: guitar, system: .caged)
        #expect(p.name == "E shape")
        #expect(p.frets == 2...5)
        #expect(frets(p, string: 1) == [2, 3, 5])
        #expect(p.pattern.cells.filter { $0.string == 1 }.map(\.degree) == ["7", "1", "2"])
    }

    static let heptatonic = ["major", "natural-minor", "harmonic-minor", "melodic-minor", "dorian", "altered", "double-harmonic"]

    @Test("CAGED positions play every note once, in order", arguments: heptatonic)
    func cagedPositionsPlayEachNoteOnce(_ type: String) throws {
        for root in ["C", "F#", "Bb", "E"] {
            let scale = Scale(try PitchClass(root), try ScaleType.named(type))
            let positions = try ScalePosition.positions(of: scale, on: guitar, system: .caged)
            #expect(positions.map(\.name) == ["C shape", "A shape", "G shape", "E shape", "D shape"])
            for p in positions {
                let midis = p.pattern.cells.sorted { ($0.string, $0.fret) < ($1.string, $1.fret) }.map(\.pitch.midi)
                #expect(midis == midis.sorted() && Set(midis).count == midis.count, "\(scale) \(p.name)")
                #expect(p.frets.upperBound - p.frets.lowerBound <= 5, "\(scale) \(p.name) spans \(p.frets)")
                #expect(p.pattern.cells.allSatisfy { scale.pitchClasses.contains($0.pitch.pitchClass) })
                #expect(midis.count >= 12)
            }
        }
    }

    @Test("three notes per string: 7 positions, 3 consecutive notes on every string", arguments: heptatonic)
    func threeNotesPerString(_ type: String) throws {
        let scale = Scale(try PitchClass("A"), try ScaleType.named(type))
        let positions = try ScalePosition.positions(of: scale, on: guitar, system: .threeNotesPerString)
        #expect(positions.count == 7)
        for (k, p) in positions.enumerated() {
            for s in 1...6 { #expect(frets(p, string: s).count == 3) }
            let ordered = p.pattern.cells.sorted { ($0.string, $0.fret) < ($1.string, $1.fret) }
            #expect(ordered.first?.degree == scale.type.formula[k].degreeLabel)
            let expected = scale.pitches(from: ordered[0].pitch, count: 18)
            #expect(ordered.map(\.pitch) == expected)
        }
    }

    @Test func aDorianThreeNotesPerStringFromTheRoot() throws {
        let p = try ScalePosition.position(1, of: Scale(try PitchClass("A"), try ScaleType.named("dorian")), on: guitar, system: .threeNotesPerString)
        #expect(frets(p, string: 1) == [5, 7, 8])
        #expect(frets(p, string: 5) == [7, 8, 10])
    }

    @Test func windowPositionsWorkOnAnyInstrument() throws {
        let uke = try Neck(try Tuning.named("ukulele-soprano"))
        let p = try ScalePosition.position(5, of: Scale(try PitchClass("C"), .major), on: uke, system: .window)
        #expect(p.pattern.frets == 5...8)
        #expect(p.pattern.cells.allSatisfy { (5...8).contains($0.fret) })
        let open = try ScalePosition.position(0, of: Scale(try PitchClass("C"), .major), on: uke, system: .window)
        #expect(open.pattern.cells.contains { $0.fret == 0 })
    }

    @Test func systemsThatDoNotFitAreErrors() throws {
        let uke = try Neck(try Tuning.named("ukulele-soprano"))
        #expect(throws: FretboardError.self) { try ScalePosition.positions(of: Scale(try PitchClass("C"), .major), on: uke, system: .caged) }
        let penta = Scale(try PitchClass("A"), try ScaleType.named("minor-pentatonic"))
        #expect(throws: FretboardError.self) { try ScalePosition.positions(of: penta, on: guitar, system: .threeNotesPerString) }
        #expect(throws: FretboardError.self) { try ScalePosition.position(6, of: Scale(try PitchClass("C"), .major), on: guitar, system: .caged) }
        #expect(throws: FretboardError.self) { try ScalePosition.arpeggio(try Chord("C7"), position: 1, on: guitar, system: .threeNotesPerString) }
    }

    @Test func arpeggioShapeInsideAPosition() throws {
        let position = try ScalePosition.position(4, of: Scale(try PitchClass("G"), .major), on: guitar, system: .caged)
        let shape = position.pattern.arpeggio(try Chord("Gmaj7"))
        #expect(Set(shape.cells.map(\.degree)) == ["1", "3", "5", "7"])
        #expect(shape.cells.allSatisfy { position.pattern.cells.map(\.cell).contains($0.cell) })
        let dim = try ScalePosition.arpeggio(try Chord("Bdim7"), position: 4, on: guitar, system: .caged)
        #expect(dim.pattern.cells.contains { $0.degree == "bb7" && $0.pitch.pitchClass.description == "Ab" })
    }
}
