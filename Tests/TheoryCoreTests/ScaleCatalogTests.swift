import Testing
@testable import TheoryCore

/// The scale dictionary: size, unique names, valid formulas, and spelling of every type on several roots.
@Suite("Scale catalogue")
struct ScaleCatalogTests {
    @Test func catalogueHasAtLeast110DistinctTypes() {
        #expect(ScaleType.all.count >= 110)
        let ids = ScaleType.all.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate ids")
    }

    @Test func aliasesAreUniqueAndNeverClashWithIDs() {
        let ids = Set(ScaleType.all.map(\.id))
        var seen: [String: String] = [:]
        for type in ScaleType.all {
            for alias in type.aliases {
                #expect(!ids.contains(alias), "alias \(alias) of \(type.id) is also an id")
                #expect(seen[alias] == nil, "alias \(alias) used by \(seen[alias] ?? "") and \(type.id)")
                seen[alias] = type.id
            }
        }
    }

    @Test func idsAndAliasesAreAlreadyNormalized() {
        for type in ScaleType.all {
            #expect(ScaleType.lookupKey(type.id) == type.id)
            for alias in type.aliases { #expect(ScaleType.lookupKey(alias) == alias, "\(alias)") }
        }
    }

    @Test func noTwoTypesSoundTheSame() {
        var byMask: [Int: String] = [:]
        for type in ScaleType.all {
            let mask = type.semitoneMask
            #expect(byMask[mask] == nil, "\(type.id) sounds like \(byMask[mask] ?? "")")
            byMask[mask] = type.id
        }
    }

    @Test func requiredFamiliesArePresent() throws {
        let required = [
            "major", "dorian", "phrygian", "lydian", "mixolydian", "natural-minor", "locrian",
            "melodic-minor", "altered", "lydian-dominant", "harmonic-minor", "phrygian-dominant",
            "harmonic-major", "major-pentatonic", "minor-pentatonic", "blues", "major-blues",
            "bebop-dominant", "bebop-major", "bebop-dorian", "bebop-melodic-minor",
            "whole-tone", "diminished-whole-half", "diminished-half-whole", "chromatic", "augmented",
            "tritone", "prometheus", "enigmatic", "neapolitan-major", "neapolitan-minor",
            "hungarian-minor", "hungarian-major", "double-harmonic", "persian", "arabian", "hirajoshi",
            "in-sen", "iwato", "kumoi", "pelog", "yo", "egyptian", "chinese", "ukrainian-dorian",
            "spanish-8-tone", "oriental", "leading-whole-tone", "algerian", "flamenco", "todi",
            "marva", "purvi", "messiaen-mode-3", "messiaen-mode-7",
        ]
        for id in required { #expect(ScaleType.withID(id) != nil, "missing \(id)") }
        for name in ["mongolian", "balinese", "javanese", "gypsy", "romanian-minor", "overtone",
                     "byzantine", "bhairav", "kafi", "bebop-minor", "super-locrian", "aeolian", "ionian"] {
            #expect((try? ScaleType.named(name)) != nil, "missing alias \(name)")
        }
    }

    @Test(arguments: ScaleType.all)
    func formulaTextRoundTrips(_ type: ScaleType) throws {
        #expect(type.formula.first == .P1)
        #expect(try ScaleType.parseFormula(type.formulaText) == type.formula)
        #expect(type.formula.map(\.degreeLabel).joined(separator: " ") == type.formulaText)
        #expect(!type.name.isEmpty)
    }

    @Test(arguments: ScaleType.all)
    func spellingFollowsFormulaOnEveryRoot(_ type: ScaleType) throws {
        // C, an ordinary root, and roots that force double (or triple) accidentals.
        for rootName in ["C", "Eb", "A", "G#", "Fb", "Cb"] {
            let root = try PitchClass(rootName)
            let notes = Scale(root, type).pitchClasses
            #expect(notes.count == type.count)
            for (note, interval) in zip(notes, type.formula) {
                #expect(note.semitone == floorMod(root.semitone + interval.semitones, 12),
                        "\(rootName) \(type.id): \(note) is not \(interval.degreeLabel)")
                #expect(note.letter == root.letter.advanced(by: interval.steps),
                        "\(rootName) \(type.id): \(note) has the wrong letter for \(interval.degreeLabel)")
            }
            if type.isHeptatonic {
                #expect(Set(notes.map(\.letter)).count == 7, "\(rootName) \(type.id) repeats a letter")
            }
        }
    }

    @Test(arguments: ScaleType.all)
    func everyNameFindsItsType(_ type: ScaleType) throws {
        #expect(try ScaleType.named(type.id) == type)
        #expect(try ScaleType.named(type.name) == type)
        #expect(try ScaleType.named(type.id.uppercased()) == type)
        #expect(try ScaleType.named(type.id.replacingHyphens(with: " ")) == type)
        for alias in type.aliases { #expect(try ScaleType.named(alias) == type, "\(alias)") }
        for root in [PitchClass(.C), PitchClass(.F, 1), PitchClass(.B, -2)] {
            let scale = Scale(root, type)
            #expect(try Scale(scale.description) == scale, "\(scale)")
        }
    }

    @Test func customTypesValidateTheirFormula() throws {
        let custom = try ScaleType(id: "my-scale", name: "My scale", formula: " 1  b2 , 4 5 ", aliases: [])
        #expect(custom.formulaText == "1 b2 4 5")
        #expect(custom.formula == [.P1, .m2, .P4, .P5])
        let fromIntervals = try ScaleType(id: "x", name: "X", intervals: [.P1, .M3, .P5])
        #expect(fromIntervals.formulaText == "1 3 5")
        for bad in ["2 3 4", "1 3 2", "1 2 8", "1 b1", "1 x", "1 2 2", "1 #1 b2", "1 b9", "1 9 10", "1 ,, q"] {
            #expect(throws: TheoryError.self, "\(bad)") { try ScaleType(id: "bad", name: "Bad", formula: bad) }
        }
        #expect(throws: TheoryError.empty(what: "a scale formula such as 1 2 b3 4 5 b6 7")) {
            try ScaleType(id: "e", name: "E", formula: "   ")
        }
        #expect(throws: TheoryError.self) {
            try ScaleType(id: "long", name: "Long", formula: String(repeating: "1 ", count: 500))
        }
        #expect(throws: TheoryError.self) { try ScaleType(id: "i", name: "I", intervals: [.M2, .M3]) }
        #expect(throws: TheoryError.self) { try ScaleType(id: "i", name: "I", intervals: []) }
    }
}

extension String {
    fileprivate func replacingHyphens(with replacement: String) -> String {
        split(separator: "-", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
