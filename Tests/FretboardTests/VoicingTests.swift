import Fretboard
import TheoryCore
import Testing

@Suite("Chord voicings")
struct VoicingTests {
    static func voicings(_ symbol: String, _ tuning: String = "guitar-standard",
                         _ constraints: VoicingConstraints = VoicingConstraints()) throws -> [Voicing] {
        try VoicingFinder.voicings(for: try Chord(symbol), on: try Neck(try Tuning.named(tuning)), constraints: constraints)
    }

    @Test func chordBookIsLargeEnoughAndSpellsItsChords() throws {
        #expect(TeacherChordBook.all.count >= 60)
        // Every book shape really sounds the chord's tones and nothing else.
        for entry in TeacherChordBook.all {
            let chord = try Chord(entry.symbol)
            let neck = try Neck(try Tuning.named(entry.tuning))
            let allowed = Set(chord.notes.map(\.semitone) + (chord.bass.map { [$0.semitone] } ?? []))
            for (i, f) in entry.frets.enumerated() {
                guard let f else { continue }
                let midi = neck.midi(at: FretCell(string: i + 1, fret: f))
                #expect(allowed.contains(((midi % 12) + 12) % 12), "\(entry): string \(i + 1) fret \(f)")
            }
        }
    }

    @Test func atLeastNinetyFivePercentOfTheBookIsInTheTopTwelve() throws {
        var missed: [String] = []
        for entry in TeacherChordBook.all {
            let top = try Self.voicings(entry.symbol, entry.tuning).prefix(12)
            if !top.contains(where: { $0.frets == entry.frets }) { missed.append(entry.description) }
        }
        let found = Double(TeacherChordBook.all.count - missed.count) / Double(TeacherChordBook.all.count)
        #expect(found >= 0.95, "missed \(missed.count): \(missed.joined(separator: ", "))")
    }

    @Test func openCIsFirstWithItsMutedString() throws {
        let c = try Self.voicings("C")
        #expect(c.first?.shape == "x32010")
        #expect(c.first?.fingers == [nil, 3, 2, nil, 1, nil])
        #expect(c.first?.notes.map(\.description) == ["C3", "E3", "G3", "C4", "E4"])
    }

    @Test func barreChordsAreDetected() throws {
        let f = try #require(try Self.voicings("F").first { $0.shape == "133211" })
        #expect(f.barre == Barre(fret: 1, fromString: 1, toString: 6, finger: 1))
        #expect(f.fingers == [1, 3, 4, 2, 1, 1])
        let bm = try #require(try Self.voicings("Bm").first { $0.shape == "x24432" })
        #expect(bm.barre?.fromString == 2)
        #expect(bm.barre?.toString == 6)
    }

    @Test func slashBassSoundsLowest() throws {
        for v in try Self.voicings("D/F#").prefix(20) {
            let lowest = try #require(v.notes.min { $0.midi < $1.midi })
            #expect(lowest.pitchClass.description == "F#")
        }
        let bass = VoicingConstraints(bass: try PitchClass("E"))
        #expect(try Self.voicings("C", "guitar-standard", bass).first?.notes.first?.pitchClass.description == "E")
    }

    @Test func constraintsAreHonoured() throws {
        let tight = VoicingConstraints(maxSpan: 3, maxFingers: 3)
        for v in try Self.voicings("G7", "guitar-standard", tight) {
            let fretted = zip(v.frets, v.fingers).compactMap { f, finger in finger == nil ? nil : f }
            if let lo = fretted.min(), let hi = fretted.max() { #expect(hi - lo < 3) }
            #expect(Set(v.fingers.compactMap { $0 }).count <= 3)
            // no muted string between sounding strings without --allow-muted
            let sounding = v.frets.indices.filter { v.frets[$0] != nil }
            #expect(sounding.last! - sounding.first! + 1 == sounding.count)
        }
        let inner = try Self.voicings("D/F#", "guitar-standard", VoicingConstraints(allowMutedInner: true))
        #expect(inner.contains { $0.shape == "2x0232" })
    }

    @Test func theFifthIsOptionalInSeventhChords() throws {
        // Guitar C7 x3231x (C E Bb C) leaves out the fifth, G, and pays for it.
        let c7 = try Self.voicings("C7")
        let shape = try #require(c7.first { $0.shape == "x3231x" })
        #expect(shape.playability.omitted > 0)
        for v in c7 where !v.notes.contains(where: { $0.pitchClass.description == "G" }) { #expect(v.playability.omitted > 0) }
        // A triad always keeps its fifth.
        for v in try Self.voicings("C").prefix(30) {
            #expect(v.notes.contains { $0.pitchClass.description == "G" })
        }
    }

    @Test func diminishedSeventhNotesAreSpelledFromTheFormula() throws {
        let v = try #require(try Self.voicings("Cdim7").first)
        let names = Set(v.notes.map(\.pitchClass.description))
        #expect(names.isSubset(of: ["C", "Eb", "Gb", "Bbb"]))
        #expect(v.intervals.compactMap { $0?.degreeLabel }.allSatisfy { ["1", "b3", "b5", "bb7"].contains($0) })
    }

    @Test func banjoShortStringIsPlayedOpenOrAboveItsFirstFret() throws {
        for v in try Self.voicings("G", "banjo-open-g").prefix(40) {
            if let f = v.frets[0] { #expect(f == 0 || f > 5) }
        }
        #expect(try Self.voicings("G", "banjo-open-g").first?.shape == "00000")
    }
}

@Suite("Chord voicings: capo, limits and other instruments")
struct VoicingOptionTests {
    @Test func capoMovesTheOpenStrings() throws {
        let capo = try Neck(try Tuning.named("guitar-standard"), capo: 2)
        // The C shape behind a capo at 2 sounds D: x54232 (nut = fret 2).
        let d = try VoicingFinder.voicings(for: try Chord("D"), on: capo)
        #expect(d.first?.shape == "x54232")
        #expect(d.first?.notes.map(\.description) == ["D3", "F#3", "A3", "D4", "F#4"])
        #expect(d.allSatisfy { v in v.frets.allSatisfy { ($0 ?? 2) >= 2 } })
    }

    @Test func limitReturnsTheBestAndTheTotalCountsAll() throws {
        let neck = try Neck(try Tuning.named("guitar-standard"))
        let all = try VoicingFinder.voicings(for: try Chord("Am"), on: neck)
        let (top, total) = try VoicingFinder.ranking(for: try Chord("Am"), on: neck, limit: 5)
        #expect(total == all.count)
        #expect(top.map(\.shape) == all.prefix(5).map(\.shape))
        #expect(all.map(\.score) == all.map(\.score).sorted())
    }

    @Test func mandolinScoresNarrowFretsAsSmallerStretches() throws {
        // The same span costs less on a mandolin (350 mm) than on a guitar (648 mm).
        let mandolin = try VoicingFinder.voicings(for: try Chord("A"), on: try Neck(try Tuning.named("mandolin")))
        let shape = try #require(mandolin.first { $0.shape == "2245" })
        #expect(abs(shape.playability.span - 0.75 * 3 * 350 / 648 * 0.9438743126816935) < 1e-9)
    }

    @Test func invalidConstraintsAreErrors() throws {
        let neck = try Neck(try Tuning.named("guitar-standard"))
        #expect(throws: FretboardError.self) { try VoicingFinder.voicings(for: try Chord("C"), on: neck, constraints: VoicingConstraints(maxSpan: 0)) }
        #expect(throws: FretboardError.self) { try VoicingFinder.voicings(for: try Chord("C"), on: neck, constraints: VoicingConstraints(maxFingers: 5)) }
    }
}
