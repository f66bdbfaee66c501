import Foundation
import Testing
@testable import TheoryCore

/// The chord-symbol grammar (docs/theory.md, "Chord-symbol grammar"): nonsense is refused, lead-sheet spellings are read.
@Suite("Chord-symbol grammar")
struct ChordGrammarTests {
    /// Heads without written alterations: quality and extension only (every tone they imply is implicit).
    static let bases = ["", "m", "7", "maj7", "m7", "dim", "dim7", "+", "sus4", "7sus4", "6", "m6", "9", "11", "13", "m9",
                        "maj9", "m13", "ø", "5", "mM7", "+7", "69"]
    /// Ways of writing an accidental (or none) and a keyword before a degree; "(" forms are closed after the degree.
    static let forms = ["", "b", "#", "♭", "♯", "+", "-", "bb", "##", "b#", "#b", "-b", "+#", "b-", "(", "(b", "(#", "(+", "(-",
                        "add", "addb", "add#", "add ", "(add", "(addb", "(add#", "(add ", "no", "(no", "omit", "sus"]

    /// Every base × form × degree 2…13: no symbol that is accepted has two notes of one pitch class.
    @Test("no accepted symbol over every base × accidental form × degree 2–13 has two notes of one pitch class")
    func noPitchClassTwice() {
        var accepted = 0, doubled: [String] = []
        for base in Self.bases {
            for form in Self.forms {
                for degree in 2...13 {
                    let symbol = "C" + base + form + String(degree) + (form.hasPrefix("(") ? ")" : "")
                    guard let chord = try? Chord(symbol) else { continue }
                    accepted += 1
                    let classes = chord.notes.map(\.semitone)
                    if Set(classes).count != classes.count { doubled.append("\(symbol) → \(chord.notes)") }
                }
            }
        }
        #expect(doubled.isEmpty, "\(doubled.count) of \(accepted): \(doubled.prefix(20))")
        #expect(accepted > 1000, "only \(accepted) accepted")
    }

    /// No catalogue type and no peer reading has two notes of one pitch class.
    @Test func catalogueHasNoPitchClassTwice() throws {
        for t in ChordType.all {
            #expect(Set(t.formula.map { floorMod($0.semitones, 12) }).count == t.formula.count, "\(t.id)")
        }
        for (suffix, _) in ChordCatalog.peerSuffixes {
            let t = try ChordSymbolParser.parseSuffix(suffix)
            #expect(Set(t.formula.map { floorMod($0.semitones, 12) }).count == t.formula.count, "\(suffix)")
        }
    }

    /// Lead-sheet spellings (The New Real Book, Contemporary Music Theory, iReal Pro) with their notes, by hand.
    static let leadSheet: [(String, String)] = [
        ("CMI6", "C Eb G A"), ("CMI7(b5)", "C Eb Gb Bb"), ("CMI(MA7)", "C Eb G B"), ("C7SUS", "C F G Bb"),
        ("C(add 9)", "C E G D"), ("C7(omit 3)", "C G Bb"), ("CmiMa7", "C Eb G B"), ("Calt.", "C E Bb Db D# F# Ab"),
        ("Caltered", "C E Bb Db D# F# Ab"), ("C7altered", "C E Bb Db D# F# Ab"), ("Cdim.", "C Eb Gb"),
        ("Cdim7(add ma7)", "C Eb Gb Bbb B"), ("Cmi add9", "C Eb G D"), ("C0", "C Eb Gb Bb"), ("C07", "C Eb Gb Bb"),
        ("Ch7", "C Eb Gb Bb"), ("Cø7", "C Eb Gb Bb"), ("C9/6", "C E G A D"), ("CSus4", "C F G"), ("C7Sus", "C F G Bb"),
        ("CMA7", "C E G B"), ("CMaj7", "C E G B"), ("CmA7", "C E G B"), ("CMIN7", "C Eb G Bb"), ("CADD9", "C E G D"),
        ("C7(OMIT 5)", "C E Bb"), ("C7ALT", "C E Bb Db D# F# Ab"), ("C°7(add MA7)", "C Eb Gb Bbb B"),
        ("G#MI7(add 11, omit 5)", "G# B F# C#"), ("F#7SUS(add 3)", "F# A# B C# E"), ("C7add3sus", "C E F G Bb"),
        ("A+(add b9,add #9)", "A C# E# Bb B#"), ("C#MA7SUS(b5)", "C# F# G B#"), ("Cmi7(b5,add11)", "C Eb Gb Bb F"),
        ("Cmi11(b5,no3)", "C Gb Bb D F"), ("Cdim7(add ma7,9,11,b13)", "C Eb Gb Bbb B D F Ab"), ("C-^9", "C Eb G B D"),
        ("CmiΔ13", "C Eb G B D F A"), ("C^sus(b5)", "C F Gb B"), ("C7(#5, #11)", "C E G# Bb F#"), ("Cmadd9", "C Eb G D"),
        ("Comit3", "C G"), ("C7(b5,#5,b9,#9,b13)", "C E Gb G# Bb Db D# Ab"), ("C bass", "C"), ("C add9", "C E G D"),
        ("Cmi7 (b5)", "C Eb Gb Bb"), ("C9#4", "C E G Bb D F#"), ("C7b6", "C E G Ab Bb"), ("Cø13", "C Eb Gb Bb D F A"),
    ]

    @Test(arguments: leadSheet)
    func readsLeadSheetSpellings(_ symbol: String, _ notes: String) throws {
        let chord = try Chord(symbol)
        #expect(chord.notes.map(\.description).joined(separator: " ") == notes, "\(symbol) → \(chord.symbol)")
        let again = try Chord(chord.symbol)
        #expect(again.notes == chord.notes, "\(symbol) → \(chord.symbol) → \(again.symbol)")
    }

    /// Nonsense of issue 31 and more: refused, naming the part, with the nearest real symbol where one is near.
    static let nonsense: [(String, String, String?)] = [
        ("Cm(b10)", "same note", "Cm"), ("C7-b9", "write one accidental", "C7b9"), ("C7+#9", "write one accidental", "C7#9"),
        ("C(#7)", "no alteration", nil), ("Cm#9", "same note as the chord's b3", "Cm"),
        ("C7##11", "more than one accidental", nil), ("Cmaj7b7", "no alteration", nil),
        ("C+b13", "same note", "C+"), ("Cø#11", "same note", "Cø"), ("C7sus4(11)", "same note", "C7sus4"),
        ("C(add5)", "no added tone", nil), ("C(add3)", "already", "C"), ("C7(add b7)", "no added tone", nil),
        ("Cmaj7(#7)", "no alteration", nil), ("C13#13", "no alteration", nil), ("C7b11", "no alteration", nil),
        ("Cmajj7", "not understood", "Cmaj7"), ("Cmin77", "extension '7'", "Cmin7"),
    ]

    @Test(arguments: nonsense)
    func refusesNonsense(_ symbol: String, _ fragment: String, _ suggestion: String?) {
        do {
            let c = try Chord(symbol)
            Issue.record("'\(symbol)' read as \(c.symbol): \(c.notes)")
        } catch let TheoryError.invalidChordSymbol(_, reason, offset, suggested) {
            #expect(reason.contains(fragment), "\(symbol): \(reason)")
            #expect(offset != nil)
            if let suggestion { #expect(suggested == suggestion, "\(symbol): suggested \(suggested ?? "nothing")") }
        } catch {
            Issue.record("\(symbol): \(error)")
        }
    }

    @Test("the explicit flat and sharp ninth are both kept: they are different notes")
    func flatAndSharpNine() throws {
        #expect(try Chord("C7(b9,#9)").notes.map(\.description) == ["C", "E", "G", "Bb", "Db", "D#"])
    }
}
