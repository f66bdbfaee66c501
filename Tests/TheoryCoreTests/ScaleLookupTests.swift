import Testing
@testable import TheoryCore

/// Looking up scale types by name: aliases, spelling variants, suggestions, and junk input.
@Suite("Scale names")
struct ScaleLookupTests {
    static let names: [(String, String)] = [
        ("harmonic minor", "harmonic-minor"), ("Harmonic-Minor", "harmonic-minor"),
        ("HARMONIC_MINOR", "harmonic-minor"), ("harmonic minor scale", "harmonic-minor"),
        ("aeolian", "natural-minor"), ("minor", "natural-minor"), ("Natural Minor", "natural-minor"),
        ("ionian", "major"), ("Major", "major"),
        ("super locrian", "altered"), ("Superlocrian", "altered"), ("altered", "altered"),
        ("lydian dominant", "lydian-dominant"), ("overtone", "lydian-dominant"), ("Lydian b7", "lydian-dominant"),
        ("Dorian b2", "dorian-flat-2"), ("dorian ♭2", "dorian-flat-2"), ("Phrygian #6", "dorian-flat-2"),
        ("lydian #5", "lydian-augmented"), ("Lydian ♯5", "lydian-augmented"), ("lydian sharp 5", "lydian-augmented"),
        ("ionian #5", "ionian-augmented"), ("Mixolydian b6", "mixolydian-flat-6"),
        ("locrian natural 2", "locrian-natural-2"), ("Locrian ♮2", "locrian-natural-2"), ("locrian #2", "locrian-natural-2"),
        ("superlocrian bb7", "ultralocrian"), ("lydian #9", "lydian-sharp-2"),
        ("half-whole diminished", "diminished-half-whole"), ("whole half diminished", "diminished-whole-half"),
        ("whole tone", "whole-tone"), ("Byzantine", "double-harmonic"), ("gypsy", "double-harmonic"),
        ("messiaen mode 3", "messiaen-mode-3"), ("Spanish 8-tone", "spanish-8-tone"),
        ("javanese", "dorian-flat-2"), ("balinese", "pelog"), ("mongolian", "major-pentatonic"),
        ("romanian minor", "ukrainian-dorian"), ("Egyptian", "egyptian"), ("yo", "yo"), ("bhairav", "double-harmonic"),
        ("Kumoijoshi (In)", "kumoijoshi"), ("Diminished (whole-half)", "diminished-whole-half"),
        ("  blues  ", "blues"), ("minor blues", "blues"), ("Bebop", "bebop-dominant"), ("in sen", "in-sen"),
    ]

    @Test(arguments: names)
    func namesAndAliasesResolve(_ name: String, _ id: String) throws {
        #expect(try ScaleType.named(name).id == id)
    }

    static let misspellings: [(String, String)] = [
        ("harmonik minor", "harmonic-minor"), ("dorain", "dorian"), ("lydain dominant", "lydian-dominant"),
        ("mixolidian", "mixolydian"), ("hirajosi", "hirajoshi"), ("pentatonik", "major-pentatonic"),
        ("superlocrain", "altered"),
    ]

    @Test(arguments: misspellings)
    func unknownNamesSuggestTheNearestID(_ name: String, _ suggestion: String) {
        #expect(throws: TheoryError.unknownScale(name: name, suggestion: suggestion)) { try ScaleType.named(name) }
    }

    @Test func errorsForEmptyLongAndFarOffNames() {
        #expect(throws: TheoryError.self) { try ScaleType.named("") }
        #expect(throws: TheoryError.self) { try ScaleType.named("   \n") }
        #expect(throws: TheoryError.tooLong(what: "a scale name", length: 65, limit: 64)) {
            try ScaleType.named(String(repeating: "x", count: 65))
        }
        #expect(throws: TheoryError.unknownScale(name: "qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", suggestion: nil)) {
            try ScaleType.named("qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq")
        }
        let message = (try? ScaleType.named("dorain")).map { _ in "" } ?? "\(TheoryError.unknownScale(name: "dorain", suggestion: "dorian"))"
        #expect(message.contains("did you mean 'dorian'"))
    }

    @Test func junkNeverCrashes() {
        var junk = ["#", "b", "bb7", "-", "----", "🎸", "\u{0}", "1 2 3", "major major", "((()))", "♯♭♮", "b1000000000000000000000",
                    "#99999999999999999999", "x5", "scale", "mode", "'", "’’’", "\t\n", "ü", "C#4", "𝄪𝄫",
                    String(repeating: "a", count: 10_000), String(repeating: "#", count: 64), String(repeating: "b1", count: 32)]
        var generator = SplitMix64(seed: 0x5CA1E)
        let pool = Array("abcdefghijklmnopqrstuvwxyz ABCDEFG#b♯♭♮-_/,.()'0123456789🎵é\t")
        for _ in 0..<300 {
            let length = Int(generator.next() % 40)
            junk.append(String((0..<length).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }))
        }
        for text in junk {
            do { _ = try ScaleType.named(text) } catch { #expect(error is TheoryError) }
            do { _ = try Scale(text) } catch { #expect(error is TheoryError) }
            do { _ = try Key(text) } catch { #expect(error is TheoryError) }
            do { _ = try ScaleType(id: "j", name: "J", formula: text) } catch { #expect(error is TheoryError) }
        }
    }
}
