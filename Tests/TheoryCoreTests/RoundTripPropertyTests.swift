import Testing
@testable import TheoryCore

/// Whatever the theory core prints, it reads back (or refuses before printing): random seeded inputs over the
/// whole readable range (three sharps or flats, octaves -10…20, every catalogue type).
@Suite("Round trips of printed names")
struct RoundTripPropertyTests {
    static func pitch(_ rng: inout SplitMix64) -> Pitch {
        Pitch(Letter(rawValue: rng.next(below: 7))!, rng.next(below: 7) - 3, octave: rng.next(below: 31) - 10)
    }

    static func pitchClass(_ rng: inout SplitMix64) -> PitchClass {
        PitchClass(Letter(rawValue: rng.next(below: 7))!, rng.next(below: 7) - 3)
    }

    @Test("every interval between two readable pitches prints a name, a long name and a degree that read back")
    func intervals() throws {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<20_000 {
            let a = Self.pitch(&rng), b = Self.pitch(&rng)
            let x = Interval(from: a, to: b)
            #expect(try Interval(x.directedName) == x, "\(a) → \(b): \(x.directedName)")
            #expect(try Interval(x.longName) == x, "\(a) → \(b): \(x.longName)")
            #expect(try Interval(x.name).ascending == x.ascending, "\(a) → \(b): \(x.name)")
            // Transposing by the printed interval reaches the second pitch again.
            #expect(a.transposed(by: try Interval(x.directedName)) == b)
        }
    }

    @Test("intervals between pitch classes read back and reach the second pitch class")
    func pitchClassIntervals() throws {
        var rng = SplitMix64(seed: 32)
        for _ in 0..<5_000 {
            let a = Self.pitchClass(&rng), b = Self.pitchClass(&rng)
            let x = Interval(upFrom: a, to: b)
            #expect(x.steps >= 0 && x.steps <= 7, "\(a) → \(b): \(x)")
            #expect(try Interval(x.directedName) == x)
            #expect(a.transposed(by: x) == b, "\(a) → \(b): \(x)")
        }
    }

    @Test("a transposition result either reads back or is refused before printing")
    func transpositions() throws {
        var rng = SplitMix64(seed: 33)
        var refused = 0
        for _ in 0..<20_000 {
            let p = Self.pitch(&rng)
            let step = Interval(from: Self.pitch(&rng), to: Self.pitch(&rng))
            let interval = try Interval(step.directedName)
            let result = p.transposed(by: interval)
            if let printed = try? result.readable("the result") {
                #expect(try Pitch(printed.description) == result)
                #expect(try Pitch(printed.name(.unicode)) == result)
                #expect(try Pitch(printed.name(.latin)) == result, "\(printed.name(.latin))")
            } else {
                refused += 1
                #expect(!result.isReadable)
            }
            let pc = p.pitchClass.transposed(by: interval)
            if pc.isReadable { #expect(try PitchClass(pc.description) == pc) } else { #expect(throws: TheoryError.self) { try pc.readable("x") } }
        }
        #expect(refused > 0)
    }

    @Test("every scale of the catalogue on every readable root reads back, or is refused")
    func scales() throws {
        var rng = SplitMix64(seed: 34)
        for type in ScaleType.all {
            for _ in 0..<8 {
                let scale = Scale(Self.pitchClass(&rng), type)
                guard let printed = try? scale.readable() else {
                    #expect(scale.pitchClasses.contains { !$0.isReadable })
                    continue
                }
                for note in printed.pitchClasses { #expect(try PitchClass(note.description) == note) }
                #expect(try Scale(printed.description).pitchClasses == printed.pitchClasses, "\(printed.description)")
                for note in printed.chromaticSpelling() + printed.chromaticSpelling(descending: true) where printed.root.isReadable {
                    #expect(try PitchClass(note.description) == note)
                }
            }
        }
    }

    @Test("every chord of the catalogue, and random symbols, print a symbol that reads back to the same notes")
    func chords() throws {
        var rng = SplitMix64(seed: 35)
        for type in ChordType.all {
            for _ in 0..<6 {
                let bass: PitchClass? = rng.next(below: 3) == 0 ? Self.pitchClass(&rng) : nil
                let chord = Chord(root: Self.pitchClass(&rng), type: type, bass: bass)
                guard let printed = try? chord.readable() else { continue }
                let again = try Chord(printed.symbol)
                #expect(again.notes == chord.notes && again.bass == chord.bass, "\(printed.symbol)")
            }
        }
        let heads = ["", "m", "7", "maj7", "9", "13", "m7", "dim7", "+", "6", "m6", "sus4", "7sus4", "ø", "mM7", "MI", "MA7"]
        let parts = ["b5", "#5", "b9", "#9", "#11", "b13", "(9)", "(13)", "add9", "(add 11)", "(no5)", "(omit 3)", "add2", "(b9,#11)",
                     "add#11", "(11)", "sus", "(add maj7)", "b6", "alt"]
        var read = 0
        for _ in 0..<5_000 {
            var s = heads[rng.next(below: heads.count)]
            for _ in 0..<rng.next(below: 4) { s += parts[rng.next(below: parts.count)] }
            guard let chord = try? Chord(Self.pitchClass(&rng).description + s), let printed = try? chord.readable() else { continue }
            read += 1
            let again = try Chord(printed.symbol)
            #expect(again.notes == chord.notes, "\(s) → \(printed.symbol) → \(again.symbol)")
            #expect(Set(chord.notes.map(\.semitone)).count == chord.notes.count
                        || chord.type.formula.filter { $0.semitones != Interval.majorSemitones(steps: $0.steps) }.count >= 2,
                    "\(s): \(chord.notes)")
        }
        #expect(read > 1000)
    }

    @Test("diatonic chords of every scale in every mode print symbols that read back")
    func harmonizedScales() throws {
        for type in ScaleType.all where type.count == 7 {
            for degree in 1...7 {
                let scale = Scale(PitchClass(.D), type).rotated(toDegree: degree)
                // A stack no chord symbol can write (1 bb3 b5 of Hungarian minor) keeps its degrees, which no reader takes.
                for chord in scale.harmonize(sevenths: true) + scale.harmonize() where !chord.symbol.contains(" ") {
                    let read = try Chord(chord.symbol)
                    #expect(read.notes.map(\.semitone).sorted() == chord.notes.map(\.semitone).sorted(), "\(scale): \(chord.symbol)")
                }
            }
        }
    }
}
