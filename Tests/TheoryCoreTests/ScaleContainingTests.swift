import Testing
@testable import TheoryCore

/// "Which scales contain these notes": exact spellings first, then enharmonic matches, fewer notes first.
@Suite("Scales containing notes")
struct ScaleContainingTests {
    func notes(_ text: String) throws -> [PitchClass] {
        try text.split(separator: " ").map { try PitchClass(String($0)) }
    }

    @Test func everyResultContainsTheNotesAndExactComeFirst() throws {
        let query = try notes("C E G")
        let matches = Scale.matches(containing: query)
        #expect(!matches.isEmpty)
        let firstEnharmonic = matches.firstIndex { !$0.isExact } ?? matches.count
        #expect(matches[..<firstEnharmonic].allSatisfy { $0.isExact })
        #expect(matches[firstEnharmonic...].allSatisfy { !$0.isExact })
        for match in matches {
            if match.isExact {
                #expect(query.allSatisfy { match.scale.contains($0) }, "\(match)")
            } else {
                #expect(query.allSatisfy { match.scale.containsEnharmonic($0) }, "\(match)")
                #expect(!query.allSatisfy { match.scale.contains($0) }, "\(match)")
            }
        }
        let exact = matches.filter(\.isExact).map(\.scale)
        #expect(zip(exact, exact.dropFirst()).allSatisfy { $0.count <= $1.count })
        #expect(exact.first == (try Scale("C major pentatonic")))
        for name in ["C major", "G major", "F major", "E phrygian", "A natural minor", "C harmonic major", "C chromatic"] {
            #expect(exact.contains(try Scale(name)), "\(name)")
        }
        #expect(Scale.containing(query) == matches.map(\.scale))
    }

    @Test func spellingDecidesExactness() throws {
        let withESharp = Scale.matches(containing: try notes("F# A# E#"))
        #expect(withESharp.contains(ScaleMatch(scale: try Scale("F# major"), isExact: true)))
        let withF = Scale.matches(containing: try notes("F# A# F"))
        #expect(!withF.contains { $0.isExact && $0.scale == (try! Scale("F# major")) })
        #expect(withF.contains(ScaleMatch(scale: try Scale("F# major"), isExact: false)))
    }

    @Test func wholeToneSpellings() throws {
        let spelled = Scale.containing(try notes("C D E F# G# Bb"))
        #expect(spelled.first == (try Scale("C whole-tone")))
        let respelled = Scale.matches(containing: try notes("C D E F# G# A#"))
        // D whole-tone is spelled D E F# G# A# C: an exact match, before seven-note ones.
        #expect(respelled.first == ScaleMatch(scale: try Scale("D whole-tone"), isExact: true))
        #expect(respelled.contains(ScaleMatch(scale: try Scale("C leading-whole-tone"), isExact: true)))
        #expect(respelled.contains(ScaleMatch(scale: try Scale("C whole-tone"), isExact: false)))
        // A sounding root and type appears once: not again as an enharmonic match.
        let keys = respelled.map { "\($0.scale.type.id)@\($0.scale.root.semitone)" }
        #expect(Set(keys).count == keys.count)
    }

    @Test func doubleAccidentalsAndEdgeCases() throws {
        let gSharp = Scale.containing(try notes("G# B# F##"))
        #expect(gSharp.contains(try Scale("G# major")))
        #expect(gSharp.contains(try Scale("G# harmonic major")))
        #expect(Scale.containing([]).isEmpty)
        #expect(Scale.containing(try notes("C C C E")) == Scale.containing(try notes("C E")))
        let all12 = Scale.matches(containing: try notes("C C# D D# E F F# G G# A A# B"))
        #expect(all12.first == ScaleMatch(scale: try Scale("C chromatic"), isExact: true))
        #expect(all12.allSatisfy { $0.scale.count == 12 })
        #expect(ScaleMatch(scale: try Scale("C major"), isExact: false).description == "C major (enharmonic)")
    }
}
