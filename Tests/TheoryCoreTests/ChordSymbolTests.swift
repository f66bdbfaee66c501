import Testing
@testable import TheoryCore

/// Tests of the chord-symbol parser: every lead-sheet syntax, canonical round trips and malformed input.
@Suite struct ChordSymbolTests {
    /// Symbol → spelled chord tones (hand-verified) and slash bass.
    static let table: [(String, String, String?)] = [
        ("C", "C E G", nil), ("Cm", "C Eb G", nil), ("Cmin", "C Eb G", nil), ("C-", "C Eb G", nil),
        ("Cdim", "C Eb Gb", nil), ("C°", "C Eb Gb", nil), ("Caug", "C E G#", nil), ("C+", "C E G#", nil),
        ("C5", "C G", nil), ("C6", "C E G A", nil), ("C6/9", "C E G A D", nil), ("C7", "C E G Bb", nil),
        ("Cmaj7", "C E G B", nil), ("CM7", "C E G B", nil), ("CΔ7", "C E G B", nil), ("CΔ", "C E G B", nil),
        ("Cm7", "C Eb G Bb", nil), ("C-7", "C Eb G Bb", nil), ("Cm(maj7)", "C Eb G B", nil), ("CmM7", "C Eb G B", nil),
        ("Cm7b5", "C Eb Gb Bb", nil), ("Cø7", "C Eb Gb Bb", nil), ("Cø", "C Eb Gb Bb", nil),
        ("Cdim7", "C Eb Gb Bbb", nil), ("C°7", "C Eb Gb Bbb", nil), ("C7sus4", "C F G Bb", nil),
        ("Csus2", "C D G", nil), ("Csus", "C F G", nil), ("Cadd9", "C E G D", nil), ("C9", "C E G Bb D", nil),
        ("C11", "C E G Bb D F", nil), ("C13", "C E G Bb D A", nil), ("C7b9", "C E G Bb Db", nil),
        ("C7#9", "C E G Bb D#", nil), ("C7#11", "C E G Bb F#", nil), ("C7b13", "C E G Bb Ab", nil),
        ("C7#9b13", "C E G Bb D# Ab", nil), ("C7alt", "C E Bb Db D# F# Ab", nil), ("C+7", "C E G# Bb", nil),
        ("C7+5", "C E G# Bb", nil), ("Cmaj7#11", "C E G B F#", nil), ("Cmaj9#11", "C E G B D F#", nil),
        ("C9sus4", "C F G Bb D", nil), ("C7sus4b9", "C F G Bb Db", nil), ("Cm11b5", "C Eb Gb Bb D F", nil),
        ("C69", "C E G A D", nil), ("G6add9", "G B D E A", nil), ("C7(b9,#11)", "C E G Bb Db F#", nil),
        ("C7(b9 #11)", "C E G Bb Db F#", nil), ("Cmi7", "C Eb G Bb", nil), ("CMA7", "C E G B", nil),
        ("C^7", "C E G B", nil), ("C(omit5)", "C E", nil), ("Cmaj7(omit3)", "C G B", nil), ("C7(no3)", "C G Bb", nil),
        ("D/F#", "D F# A", "F#"), ("Bbsus4/F", "Bb Eb F", "F"), ("Am7/G", "A C E G", "G"),
        ("Eb7#9/G", "Eb G Bb Db F#", "G"), ("E♭7", "Eb G Bb Db", nil), ("F♯m", "F# A C#", nil),
        ("Eb7#9b13", "Eb G Bb Db F# Cb", nil), ("Fb7", "Fb Ab Cb Ebb", nil), ("G#dim7", "G# B D F", nil),
        ("Gbm7b5", "Gb Bbb Dbb Fb", nil), ("C7-9", "C E G Bb Db", nil), ("Cm6", "C Eb G A", nil),
        ("Cm9", "C Eb G Bb D", nil), ("Cmaj9", "C E G B D", nil), ("C13b9", "C E G Bb Db A", nil),
        ("Cm13", "C Eb G Bb D F A", nil), ("C6/9/E", "C E G A D", "E"), ("C+maj7", "C E G# B", nil),
        ("Cdim(maj7)", "C Eb Gb B", nil), ("Cb5", "Cb Gb", nil), ("C(b5)", "C E Gb", nil), ("CMI7", "C Eb G Bb", nil),
        ("  Cmaj7  ", "C E G B", nil), ("Cx", "C## E## G##", nil), ("Cm7/Bb", "C Eb G Bb", "Bb"),
        // Outside the dictionary: read from components.
        ("C7b9#11(no5)", "C E Bb Db F#", nil), ("Cm7(b9)", "C Eb G Bb Db", nil), ("C13(#9,#11)", "C E G Bb D# F# A", nil),
        ("Cmaj7b9", "C E G B Db", nil), ("C+5b9", "C E G# Db", nil), ("Caug7/E", "C E G# Bb", "E"),
        ("Cm(add9)/Eb", "C Eb G D", "Eb"), ("Csus4add3", "C E F G", nil), ("C7 b9", "C E G Bb Db", nil), ("CmMaj7", "C Eb G B", nil), ("C-Δ7", "C Eb G B", nil), ("c7", "C E G Bb", nil), ("Csus2sus4", "C D F G", nil), ("C9(no3)", "C G Bb D", nil),
    ]

    @Test(arguments: table)
    func parsesEverySyntax(symbol: String, notes: String, bass: String?) throws {
        let chord = try Chord(symbol)
        #expect(chord.notes.map(\.description).joined(separator: " ") == notes, "\(symbol) → \(chord.symbol)")
        #expect(chord.bass?.description == bass)
        // The canonical symbol parses back to the same chord.
        let again = try Chord(chord.symbol)
        #expect(again == chord, "\(symbol) → \(chord.symbol) → \(again.symbol)")
    }

    @Test func canonicalSymbols() throws {
        #expect(try Chord("Bbsus4/F").symbol == "Bbsus4/F")
        #expect(try Chord("C-7").symbol == "Cm7")
        #expect(try Chord("CΔ").symbol == "Cmaj7")
        #expect(try Chord("C69").symbol == "C6/9")
        #expect(try Chord("G6add9").symbol == "G6/9")
        #expect(try Chord("Cø").symbol == "Cm7b5")
        #expect(try Chord("C7(b9 #11)").symbol == "C7b9#11")
        #expect(try Chord("C7+5").symbol == "C+7")
        #expect(try Chord("C(omit5)").symbol == "C(no5)")
        #expect(try Chord("E♭7#9").symbol(.unicode) == "E♭7#9")
        let d = try Chord("D/F#")
        #expect(d.root == PitchClass(.D) && d.bass == PitchClass(.F, 1) && d.type.id == "major")
        #expect(try Chord("Cm7b5").type.id == "half-diminished-seventh")
        #expect(try Chord("C7#9b13").type.id == "dominant-seventh-sharp-nine-flat-thirteen")
    }

    static let rootsForRoundTrip: [PitchClass] = [PitchClass(.C), PitchClass(.B, -1), PitchClass(.F, 1), PitchClass(.C, -1), PitchClass(.E, 1)]

    /// Every catalogue type in several roots, with and without a slash bass, round-trips through its symbol.
    @Test func everyTypeRoundTripsThroughItsSymbol() throws {
        for t in ChordType.all {
            for root in Self.rootsForRoundTrip {
                for bass in [nil, PitchClass(.G, -1), root.transposed(by: t.formula[1])] {
                    let chord = Chord(root: root, type: t, bass: bass)
                    let parsed = try Chord(chord.symbol)
                    #expect(parsed == chord, "\(chord.symbol) reads as \(parsed.symbol) (\(parsed.type.id))")
                }
            }
        }
    }

    /// Random combinations of components always give a symbol that reads back to the same formula.
    @Test func componentCombinationsRoundTrip() throws {
        let heads = ["", "m", "maj7", "7", "9", "13", "m7", "dim", "+", "6", "m6", "11", "sus4", "7sus4", "m(maj7)", "ø", "5"]
        let parts = ["b5", "#5", "b9", "#9", "#11", "b13", "(9)", "(13)", "add9", "add11", "(no5)", "(no3)", "add2", "(b9,#11)", "add#11", "(11)"]
        var rng = SplitMix64(seed: 7)
        var synthesized = 0
        for _ in 0..<3000 {
            var s = heads[Int(rng.next() % UInt64(heads.count))]
            for _ in 0..<Int(rng.next() % 3) { s += parts[Int(rng.next() % UInt64(parts.count))] }
            guard let chord = try? Chord("A" + s) else { continue }
            if !chord.type.isCatalogued { synthesized += 1 }
            let again = try Chord(chord.symbol)
            #expect(again.type.formula == chord.type.formula, "A\(s) → \(chord.symbol) → \(again.symbol)")
            #expect(again == chord, "A\(s) → \(chord.symbol)")
        }
        #expect(synthesized > 100)
    }

    /// Malformed symbols: each is an error naming the bad part at the right offset.
    static let malformed: [(String, Int?, String)] = [
        ("Cmaj77", 5, "extension '7'"),
        ("C#7#", 3, "dangling accidental"),
        ("H7", 0, "not a note letter"),
        ("Cmaj7/", 5, "missing bass"),
        ("Cm(maj7", 2, "unclosed parenthesis"),
        ("C7b9b9", 4, "twice"),
        ("Cmsus4", 2, "contradicts"),
        ("C9b9", 2, "contradicts the extension"),
        ("C13b13", 3, "contradicts the extension"),
        ("Cm7(maj7)", 4, "second seventh"),
        ("C7)", 2, "without a matching"),
        ("C7((b9))", 3, "nested"),
        ("C()", 2, "empty parentheses"),
        ("Cqq", 1, "'q' is not understood"),
        ("C/H", 2, "not a note letter"),
        ("C/E7", 3, "after the bass"),
        ("Cm5", 2, "power chord"),
        ("C7, b9", 2, "inside parentheses"),
        ("Cno7", 1, "there is no"),
        ("C7alt#9", 5, "alt"),
        ("X", 0, "not a note letter"),
        ("C7(", 2, "unclosed"),
        ("C7#b9", 3, "mixes sharps and flats"),
        ("Cadd", 4, "expected a degree"),
    ]

    @Test(arguments: malformed)
    func rejectsMalformedSymbols(symbol: String, offset: Int?, fragment: String) {
        do {
            let c = try Chord(symbol)
            Issue.record("'\(symbol)' parsed as \(c.symbol)")
        } catch let TheoryError.invalidChordSymbol(input, reason, at, _) {
            #expect(input == symbol)
            #expect(at == offset, "\(symbol): \(reason) at \(String(describing: at))")
            #expect(reason.contains(fragment) || TheoryError.invalidChordSymbol(input: input, reason: reason, offset: at).description.contains(fragment),
                    "\(symbol): \(reason)")
        } catch {
            Issue.record("\(symbol): unexpected error \(error)")
        }
    }

    @Test func suggestionsForCommonMistakes() {
        func suggestion(_ s: String) -> String? {
            do { _ = try Chord(s); return nil } catch let TheoryError.invalidChordSymbol(_, _, _, sug) { return sug } catch { return nil }
        }
        #expect(suggestion("H7") == "B7")
        #expect(suggestion("Hm7/A") == "Bm7/A")
        #expect(suggestion("Cm(maj7") == "Cm(maj7)")
        #expect(suggestion("Cm#9") == "Cm")
        #expect(suggestion("C7-b9") == "C7b9")
        #expect(suggestion("Cmaj7/") == "Cmaj7")
        #expect(suggestion("Cmaj77") == "Cmaj7")
        // "C4" is tonal's quartal chord (C F Bb Eb); its other reading is Csus4.
        #expect(Chord.otherReadings(of: "C4").map(\.symbol) == ["Csus4", "Cadd11"])
    }

    @Test func emptyAndOverlongInputs() {
        #expect(throws: TheoryError.empty(what: "a chord symbol such as Cmaj7 or F#m7b5")) { try Chord("") }
        #expect(throws: TheoryError.self) { try Chord("   ") }
        let long = String(repeating: "C7", count: 5000)
        #expect(throws: TheoryError.tooLong(what: "a chord symbol", length: 10000, limit: 64)) { try Chord(long) }
        #expect(throws: TheoryError.self) { try Chord("C" + String(repeating: "(b9)", count: 16)) }
    }
}
