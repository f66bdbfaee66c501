import Testing
@testable import TheoryCore

/// The edit distance behind every "did you mean" (chord symbols, scales, keys, tunings).
@Suite struct EditDistanceTests {
    @Test("Distances checked by hand, and the bounded form agrees or says nil past the bound", arguments: [
        ("kitten", "sitting", 3), ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("maj7", "maj7", 0), ("maj7", "mja7", 2),
        ("m7b5", "m7-5", 1), ("sus4", "sus", 1), ("dim", "aug", 3), ("add9", "add11", 2),
    ])
    func distances(_ a: String, _ b: String, _ distance: Int) {
        #expect(ChordCatalog.editDistance(Array(a), Array(b)) == distance)
        #expect(ScaleType.editDistance(a, b) == distance)
        for bound in 0...4 {
            #expect(ChordCatalog.editDistance(Array(a), Array(b), atMost: bound) == (distance <= bound ? distance : nil), "bound \(bound)")
        }
    }

    @Test("A mistyped chord symbol is still answered with the nearest one")
    func suggestions() {
        #expect(ChordSymbolParser.nearestSymbol(to: "Cmja7") == "Cma7") // one deletion from ma7, two changes from maj7
        #expect(ChordSymbolParser.nearestSymbol(to: "F#susx4") == "F#sus4")
        #expect(ChordSymbolParser.nearestSymbol(to: "Gqqqqqqqq") == nil)
    }
}
