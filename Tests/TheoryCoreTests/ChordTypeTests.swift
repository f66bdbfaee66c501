import Testing
@testable import TheoryCore

/// Tests of the chord dictionary: size, uniqueness, formulas and spelling in several roots.
@Suite struct ChordTypeTests {
    @Test func catalogueIsLargeAndUnique() {
        let all = ChordType.all
        #expect(all.count >= 110)
        #expect(Set(all.map(\.id)).count == all.count)
        #expect(Set(all.map(\.formulaText)).count == all.count)
        var owner: [String: String] = [:]
        for t in all {
            for s in [t.symbol] + t.aliases {
                if let other = owner[s] {
                    Issue.record("suffix '\(s)' belongs to both \(other) and \(t.id)")
                }
                owner[s] = t.id
            }
        }
    }

    @Test func idsAreKebabCaseAndSymbolsReadable() {
        for t in ChordType.all {
            #expect(t.id.allSatisfy { $0.isLowercase || $0 == "-" }, "id \(t.id)")
            #expect(!t.name.isEmpty)
            #expect(t.isCatalogued)
            // A suffix starting with an accidental would be swallowed by the root (Cb5 is C-flat five).
            for s in [t.symbol] + t.aliases {
                if let f = s.first { #expect(!"b#x♭♯/".contains(f), "\(t.id): '\(s)'") }
            }
        }
    }

    /// Every canonical symbol reads, component by component, to its own formula; so do the aliases that the
    /// component reader understands (the others are found only through the alias table).
    @Test func symbolsAndAliasesAgreeWithComponentReading() {
        for t in ChordType.all {
            do {
                let f = try ChordSuffixReader.formula(of: t.symbol)
                #expect(f == t.formula, "\(t.id): '\(t.symbol)' reads as \(f.map(\.degreeLabel)) not \(t.formulaText)")
            } catch {
                Issue.record("\(t.id): symbol '\(t.symbol)' does not read: \(error)")
            }
            for a in t.aliases {
                if let f = try? ChordSuffixReader.formula(of: a) {
                    #expect(f == t.formula, "\(t.id): alias '\(a)' reads as \(f.map(\.degreeLabel).joined(separator: " "))")
                }
            }
        }
    }

    static let roots: [PitchClass] = [PitchClass(.C), PitchClass(.E, -1), PitchClass(.F, -1), PitchClass(.G, 1)]

    /// Every type in C, E♭, F♭ and G♯: semitones follow the formula, letters follow the degree numbers.
    @Test(arguments: ChordType.all.map(\.id))
    func spellingFollowsFormula(id: String) throws {
        let t = try ChordType.named(id)
        for root in Self.roots {
            let chord = Chord(root: root, type: t)
            let notes = chord.notes
            #expect(notes.count == t.formula.count)
            for (note, interval) in zip(notes, t.formula) {
                #expect(note.semitone == floorMod(root.semitone + interval.semitones, 12), "\(chord.symbol) \(interval.degreeLabel)")
                #expect(note.letter == root.letter.advanced(by: interval.steps), "\(chord.symbol) \(interval.degreeLabel)")
            }
        }
    }

    @Test func namedFindsIdsNamesSymbolsAndAliases() throws {
        #expect(try ChordType.named("dominant-seventh").symbol == "7")
        #expect(try ChordType.named("Dominant seventh").id == "dominant-seventh")
        #expect(try ChordType.named("m7b5").id == "half-diminished-seventh")
        #expect(try ChordType.named("ø").id == "half-diminished-seventh")
        #expect(try ChordType.named("7#9b13").id == "dominant-seventh-sharp-nine-flat-thirteen")
        let custom = try ChordType.named("7b9#11(no5)")
        #expect(!custom.isCatalogued)
        #expect(custom.formulaText == "1 3 b7 b9 #11")
        #expect(throws: TheoryError.self) { try ChordType.named("dominant-sevnth") }
        do {
            _ = try ChordType.named("dominant-sevnth")
        } catch let TheoryError.unknownChordType(_, suggestion) {
            #expect(suggestion == "dominant-seventh")
        }
    }

    @Test func formulasAreStoredAsText() throws {
        let t = try ChordType.named("dominant-seventh-sharp-nine-flat-thirteen")
        #expect(t.formulaText == "1 3 5 b7 #9 b13")
        #expect(t.name == "Dominant seventh sharp nine flat thirteen")
        #expect(try ChordType.named("diminished-seventh").formulaText == "1 b3 b5 bb7")
        #expect(ChordType.matching(formula: [.P1, .M3, .A5]) == (try ChordType.named("augmented")))
    }
}
