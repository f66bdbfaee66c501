import Testing
@testable import TheoryCore

@Suite("Interval properties")
struct IntervalPropertyTests {
    /// Every spelled pitch with up to three sharps or flats in octaves 0–8 (441 pitches).
    static let pitches: [Pitch] = (0...8).flatMap { octave in
        Letter.allCases.flatMap { letter in (-3...3).map { Pitch(letter, $0, octave: octave) } }
    }

    @Test func exhaustiveTransposeAndSemitones() {
        var failures = 0
        for a in Self.pitches {
            for b in Self.pitches {
                let i = Interval(from: a, to: b)
                if a.transposed(by: i) != b || i.semitones != b.midi - a.midi || b.transposed(downBy: i) != a {
                    failures += 1
                }
            }
        }
        #expect(Self.pitches.count == 441)
        #expect(failures == 0)
    }

    @Test func everyIntervalNameParsesBack() throws {
        let c4 = Pitch(.C, 0, octave: 4)
        var seen = Set<Interval>()
        for a in [c4, Pitch(.F, 3, octave: 4), Pitch(.B, -3, octave: 4)] {
            for b in Self.pitches { seen.insert(Interval(from: a, to: b)) }
        }
        for i in seen {
            #expect(try Interval(i.directedName) == i, "\(i.directedName)")
            #expect(try Interval(i.longName) == i, "\(i.longName)")
        }
    }

    @Test func upThenDownIsIdentity() {
        let intervals = Self.pitches.map { Interval(from: Pitch(.C, 0, octave: 4), to: $0) }
        for p in Self.pitches.filter({ $0.octave == 4 }) {
            for i in intervals {
                #expect(p.transposed(by: i).transposed(downBy: i) == p)
            }
        }
    }

    @Test func inversionPlusSimpleIsAnOctave() {
        for b in Self.pitches where b.octave >= 4 {
            let i = Interval(from: Pitch(.C, 0, octave: 4), to: b).ascending
            let total = i.simple + i.inversion
            #expect(total.steps == 7)
            #expect(total.semitones == 12)
            #expect(i.inversion.inversion == i.simple || i.simple.steps == 0 || i.simple.steps == 7)
        }
    }

    @Test func pitchClassIntervalsStayInsideTheOctave() {
        let classes = Self.pitches.filter { $0.octave == 4 }.map(\.pitchClass)
        for a in classes {
            for b in classes {
                let i = a.interval(upTo: b)
                #expect((0...6).contains(i.steps))
                #expect(a.transposed(by: i) == b)
            }
        }
    }
}
