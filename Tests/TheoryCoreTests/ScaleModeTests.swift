import Testing
@testable import TheoryCore

/// Mode rotation of scale types, matched back to the catalogue.
@Suite("Scale modes")
struct ScaleModeTests {
    static let families: [(String, [String])] = [
        ("major", ["major", "dorian", "phrygian", "lydian", "mixolydian", "natural-minor", "locrian"]),
        ("melodic-minor", ["melodic-minor", "dorian-flat-2", "lydian-augmented", "lydian-dominant",
                           "mixolydian-flat-6", "locrian-natural-2", "altered"]),
        ("harmonic-minor", ["harmonic-minor", "locrian-natural-6", "ionian-augmented", "ukrainian-dorian",
                            "phrygian-dominant", "lydian-sharp-2", "ultralocrian"]),
        ("harmonic-major", ["harmonic-major", "dorian-flat-5", "phrygian-flat-4", "lydian-flat-3",
                            "mixolydian-flat-2", "lydian-augmented-sharp-2", "locrian-double-flat-7"]),
        ("double-harmonic", ["double-harmonic", "lydian-sharp-2-sharp-6", "ultraphrygian", "hungarian-minor",
                             "oriental", "ionian-sharp-2-sharp-5", "locrian-double-flat-3-double-flat-7"]),
        ("neapolitan-major", ["neapolitan-major", "leading-whole-tone", "lydian-augmented-dominant", "lydian-minor",
                              "arabian", "half-diminished-flat-4", "altered-double-flat-3"]),
        ("neapolitan-minor", ["neapolitan-minor", "lydian-sharp-6", "mixolydian-augmented", "hungarian-gypsy",
                              "locrian-dominant", "ionian-sharp-2", "ultralocrian-double-flat-3"]),
        ("major-pentatonic", ["major-pentatonic", "egyptian", "man-gong", "yo", "minor-pentatonic"]),
    ]

    @Test(arguments: families)
    func modesOfAFamilyAreNamed(_ parent: String, _ modes: [String]) throws {
        let type = try ScaleType.named(parent)
        #expect(type.modes.map(\.id) == modes)
        for (n, id) in modes.enumerated() { #expect(type.mode(n + 1).id == id) }
    }

    @Test func wellKnownModes() throws {
        #expect(ScaleType.major.mode(2).id == "dorian")
        #expect(ScaleType.melodicMinor.mode(7).id == "altered")
        #expect(ScaleType.harmonicMinor.mode(3) == (try ScaleType.named("ionian #5")))
        #expect(ScaleType.harmonicMinor.mode(3) == (try ScaleType.named("augmented major")))
        #expect(ScaleType.major.mode(8) == .major)
        #expect(ScaleType.major.mode(0).id == "locrian")
        #expect(ScaleType.major.mode(-1).id == "natural-minor")
        let d = try Scale("C major").rotated(toDegree: 2)
        #expect(d == Scale(PitchClass(.D), try ScaleType.named("dorian")))
        #expect(try Scale("A harmonic minor").mode(5).id == "phrygian-dominant")
    }

    @Test func rotatingAPentatonicAndSynthesizedModes() throws {
        let hirajoshi = try ScaleType.named("hirajoshi")
        #expect(hirajoshi.mode(2).id == "iwato")
        #expect(hirajoshi.mode(4).id == "kumoijoshi")
        #expect(hirajoshi.mode(5).id == "chinese")
        let third = hirajoshi.mode(3)
        #expect(third.id == "hirajoshi-mode-3")
        #expect(third.name == "Hirajoshi mode 3")
        #expect(third.formulaText == "1 3 4 6 7")
        #expect(third.mode(4) == hirajoshi)
        #expect(try Scale("E hirajoshi").rotated(toDegree: 3).pitchClasses.map(\.description) == ["G", "B", "C", "E", "F#"])
    }

    @Test func symmetricScalesRotateToEnharmonicRespellings() throws {
        let wholeTone = try ScaleType.named("whole-tone")
        let second = wholeTone.mode(2)
        #expect(second.formulaText == "1 2 3 #4 b6 b7")
        #expect(second.enharmonicEquivalent == wholeTone)
        #expect(wholeTone.enharmonicEquivalent == nil)
        let chromatic = try ScaleType.named("chromatic")
        #expect(chromatic.mode(2).formulaText == "1 b2 2 b3 b4 4 b5 5 b6 6 b7 b8")
        #expect(chromatic.mode(2).enharmonicEquivalent == chromatic)
        let halfWhole = try ScaleType.named("half-whole diminished")
        // b2 and #2 share a letter, so the rotation from b2 spells an augmented unison … exactly.
        #expect(halfWhole.mode(2).formulaText == "1 ##1 #2 #3 #4 #5 6 7")
        #expect(halfWhole.mode(2).enharmonicEquivalent?.id == "diminished-whole-half")
    }

    @Test(arguments: ScaleType.all)
    func rotatingCountTimesReturnsTheOriginal(_ type: ScaleType) throws {
        var current = type
        for step in 1...type.count {
            current = current.mode(2)
            #expect(current.count == type.count)
            #expect(throws: Never.self) { try ScaleType.validate(current.formula, text: current.formulaText) }
            if step < type.count && current.formula == type.formula {
                // Only symmetric scales (whole-tone, diminished, chromatic, Messiaen) repeat early.
                #expect(type.count % step == 0)
            }
        }
        #expect(current.formula == type.formula)
        #expect(current == type)
        #expect(type.mode(type.count + 1) == type)
        for n in 1...type.count {
            let mode = type.mode(n)
            #expect(mode.semitoneMask == Self.rotate(type.semitoneMask, down: type.formula[n - 1].semitones))
        }
    }

    static func rotate(_ mask: Int, down semitones: Int) -> Int {
        ((mask >> semitones) | (mask << (12 - semitones))) & 0xFFF
    }
}
