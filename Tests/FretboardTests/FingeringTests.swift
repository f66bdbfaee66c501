import Fretboard
import Testing

/// `Fingering.find` directly: plain fingers, the index barre that frees a finger, barres higher up, and no fingering.
@Suite("Fingerings")
struct FingeringTests {
    static let guitar = [Int](repeating: 0, count: 6)

    static func find(_ frets: [Int?], nuts: [Int] = guitar, maxFingers: Int = 4) -> Fingering? {
        Fingering.find(frets: frets, nuts: nuts, maxFingers: maxFingers)
    }

    @Test func openChordsGetOneFingerPerNote() throws {
        let c = try #require(Self.find([nil, 3, 2, 0, 1, 0]))   // x32010
        #expect(c.fingers == [nil, 3, 2, nil, 1, nil])
        #expect(c.barres.isEmpty)
        #expect(c.count == 3)
        #expect(c.stretch == 0)
        let open = try #require(Self.find([0, 0, 0, 0, 0, 0]))
        #expect(open.fingers == [nil, nil, nil, nil, nil, nil])
        #expect(open.count == 0)
    }

    @Test func fingersFollowTheFretsAndCountStretches() throws {
        let g = try #require(Self.find([3, 2, 0, 0, 0, 3]))     // 320003: ring, middle, little
        #expect(g.fingers == [2, 1, nil, nil, nil, 3])
        #expect(g.count == 3)
        let far = try #require(Self.find([nil, nil, 1, nil, nil, 4]))
        #expect(far.fingers == [nil, nil, 1, nil, nil, 4])      // one fret per finger: the little finger at fret 4
        #expect(far.stretch == 0)
        let wide = try #require(Self.find([nil, 1, 2, 2, 4, nil]))
        #expect(wide.fingers == [nil, 1, 2, 3, 4, nil])
        #expect(wide.stretch == 1)                              // ring finger at fret 2, little finger at fret 4
    }

    @Test func anIndexBarreFreesAFingerWhenAllFourAreInUse() throws {
        let f = try #require(Self.find([nil, nil, 3, 2, 1, 1])) // xx3211
        #expect(f.fingers == [nil, nil, 3, 2, 1, 1])
        #expect(f.barres == [Barre(fret: 1, fromString: 5, toString: 6, finger: 1)])
        #expect(f.count == 3)
        let e = try #require(Self.find([1, 3, 3, 2, 1, 1]))     // 133211
        #expect(e.barre == Barre(fret: 1, fromString: 1, toString: 6, finger: 1))
        #expect(e.fingers == [1, 3, 4, 2, 1, 1])
        #expect(e.count == 4)
    }

    @Test func fiveNotesNeedABarreHigherUp() throws {
        let bb = try #require(Self.find([nil, 1, 3, 3, 3, 1]))  // x13331: a barre over the three strings at fret 3
        #expect(bb.barres == [Barre(fret: 3, fromString: 3, toString: 5, finger: 3)])
        #expect(bb.fingers == [nil, 1, 3, 3, 3, 2])
        #expect(bb.count == 3)
    }

    @Test func noFingeringBeyondTheFingers() {
        #expect(Self.find([1, 2, 3, 4, 5, nil]) == nil)         // five frets in a row: no barre helps
        #expect(Self.find([nil, 3, 2, 0, 1, 0], maxFingers: 2) == nil)
        #expect(Self.find([nil, 3, 2, 0, 1, 0], maxFingers: 3) != nil)
    }

    @Test func fretsAtTheNutAreOpen() throws {
        let e = try #require(Self.find([2, 4, 4, 3, 2, 2], nuts: [2, 2, 2, 2, 2, 2]))   // the E shape behind a capo at 2
        #expect(e.fingers == [nil, 2, 3, 1, nil, nil])
        #expect(e.count == 3)
    }
}
