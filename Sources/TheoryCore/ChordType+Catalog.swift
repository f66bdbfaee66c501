// The chord dictionary: triads, sixths, sevenths and added-tone chords.
// Extended chords (ninths, elevenths, thirteenths, altered and omit chords) are in ChordType+Extended.swift.

/// One row of the chord dictionary, before its formula is parsed.
package struct ChordCatalogEntry: Sendable {
    package let id: String
    package let name: String
    package let symbol: String
    package let aliases: [String]
    package let formula: String
    package let tier: Int

    package init(_ id: String, _ name: String, _ symbol: String, _ aliases: [String], _ formula: String, tier: Int) {
        self.id = id
        self.name = name
        self.symbol = symbol
        self.aliases = aliases
        self.formula = formula
        self.tier = tier
    }
}

extension ChordCatalog {
    /// All rows, basic first, then extended.
    package static var entries: [ChordCatalogEntry] { basicEntries + extendedEntries }

    /// Triads, dyads, sixths, sevenths and added-tone chords.
    package static let basicEntries: [ChordCatalogEntry] = [
        // Triads and dyads
        .init("major", "Major", "", ["M", "maj", "Maj", "MAJ", "ma", "MA", "major"], "1 3 5", tier: 0),
        .init("minor", "Minor", "m", ["min", "mi", "-", "minor", "MI", "MIN"], "1 b3 5", tier: 0),
        .init("diminished", "Diminished", "dim", ["°", "o", "º", "mb5", "m(b5)", "m-5", "-b5", "dim5"], "1 b3 b5", tier: 0),
        .init("augmented", "Augmented", "+", ["aug", "+5", "(#5)", "aug5", "(+5)"], "1 3 #5", tier: 0),
        .init("suspended-second", "Suspended second", "sus2", ["2sus"], "1 2 5", tier: 0),
        .init("suspended-fourth", "Suspended fourth", "sus4", ["sus", "4sus"], "1 4 5", tier: 0),
        .init("power", "Power chord (fifth)", "5", ["(no3)", "(omit3)", "no3", "omit3"], "1 5", tier: 0),
        .init("major-flat-five", "Major flat five", "(b5)", ["(-5)", "-5"], "1 3 b5", tier: 2),
        .init("minor-sharp-five", "Minor sharp five", "m#5", ["m+5", "m(#5)", "-#5"], "1 b3 #5", tier: 3),
        .init("suspended-second-fourth", "Suspended second and fourth", "sus2sus4", ["sus24", "sus4sus2", "sus42"], "1 2 4 5", tier: 3),
        .init("suspended-fourth-sharp-five", "Suspended fourth sharp five", "sus4#5", ["+sus4", "augsus4", "sus#5"], "1 4 #5", tier: 3),
        .init("suspended-second-flat-five", "Suspended second flat five", "sus2b5", ["sus2(b5)"], "1 2 b5", tier: 3),
        .init("major-no-fifth", "Major, fifth omitted", "(no5)", ["(omit5)", "no5", "omit5"], "1 3", tier: 2),
        .init("minor-no-fifth", "Minor, fifth omitted", "m(no5)", ["m(omit5)", "mno5", "-(no5)"], "1 b3", tier: 2),
        .init("lydian-suspended", "Suspended sharp fourth", "sus#4", [], "1 #4 5", tier: 3),

        // Sixths
        .init("major-sixth", "Major sixth", "6", ["M6", "maj6", "Maj6", "ma6", "add6"], "1 3 5 6", tier: 0),
        .init("minor-sixth", "Minor sixth", "m6", ["min6", "-6", "mi6", "madd6", "m(add6)"], "1 b3 5 6", tier: 0),
        .init("six-nine", "Six-nine", "6/9", ["69", "6add9", "6(add9)", "M6/9", "maj6/9"], "1 3 5 6 9", tier: 1),
        .init("minor-six-nine", "Minor six-nine", "m6/9", ["m69", "-69", "-6/9", "min6/9", "m6add9", "mi69"], "1 b3 5 6 9", tier: 1),
        .init("minor-flat-sixth", "Minor flat sixth", "mb6", ["m(b6)", "-b6", "madd(b6)", "m(addb6)"], "1 b3 5 b6", tier: 3),
        .init("sixth-suspended-fourth", "Sixth suspended fourth", "6sus4", ["6sus"], "1 4 5 6", tier: 3),
        .init("sixth-suspended-second", "Sixth suspended second", "6sus2", [], "1 2 5 6", tier: 3),
        .init("sixth-sharp-eleven", "Sixth sharp eleven", "6#11", ["6(#11)", "6+11"], "1 3 5 6 #11", tier: 3),
        .init("six-nine-sharp-eleven", "Six-nine sharp eleven", "6/9#11", ["69#11", "6/9(#11)"], "1 3 5 6 9 #11", tier: 3),
        .init("major-sixth-flat-five", "Major sixth flat five", "6b5", ["6(b5)"], "1 3 b5 6", tier: 3),
        .init("minor-sixth-major-seventh", "Minor sixth major seventh", "m6(maj7)", ["m6M7", "mM7add6"], "1 b3 5 6 7", tier: 3),

        // Sevenths
        .init("dominant-seventh", "Dominant seventh", "7", ["dom7", "dom"], "1 3 5 b7", tier: 0),
        .init("major-seventh", "Major seventh", "maj7", ["M7", "Δ7", "Δ", "^7", "^", "ma7", "MA7", "Maj7", "MAJ7", "j7", "△7", "△"], "1 3 5 7", tier: 0),
        .init("minor-seventh", "Minor seventh", "m7", ["min7", "-7", "mi7", "MI7", "m(b7)"], "1 b3 5 b7", tier: 0),
        .init("minor-major-seventh", "Minor major seventh", "m(maj7)", ["mM7", "mmaj7", "m(M7)", "-maj7", "-Δ7", "-(maj7)", "mΔ7", "m^7", "minmaj7", "min(maj7)", "mMaj7", "mΔ", "-Δ", "mi(maj7)", "m/maj7"], "1 b3 5 7", tier: 1),
        .init("half-diminished-seventh", "Half-diminished seventh", "m7b5", ["ø7", "ø", "Ø", "Ø7", "m7(b5)", "-7b5", "min7b5", "mi7b5", "m7-5", "-7(b5)"], "1 b3 b5 b7", tier: 0),
        .init("diminished-seventh", "Diminished seventh", "dim7", ["°7", "o7", "º7"], "1 b3 b5 bb7", tier: 0),
        .init("augmented-seventh", "Augmented seventh", "+7", ["aug7", "7#5", "7+5", "7(#5)", "7aug", "7+"], "1 3 #5 b7", tier: 1),
        .init("augmented-major-seventh", "Augmented major seventh", "+maj7", ["maj7#5", "maj7+5", "augmaj7", "+M7", "+Δ7", "Δ7#5", "M7#5", "M7+5", "maj7(#5)", "Δ+"], "1 3 #5 7", tier: 2),
        .init("dominant-seventh-flat-five", "Dominant seventh flat five", "7b5", ["7(b5)", "7-5"], "1 3 b5 b7", tier: 1),
        .init("dominant-seventh-suspended-fourth", "Dominant seventh suspended fourth", "7sus4", ["7sus", "sus7", "7(sus4)"], "1 4 5 b7", tier: 1),
        .init("dominant-seventh-suspended-second", "Dominant seventh suspended second", "7sus2", ["7(sus2)"], "1 2 5 b7", tier: 2),
        .init("major-seventh-flat-five", "Major seventh flat five", "maj7b5", ["maj7(b5)", "Δ7b5", "M7b5", "maj7-5"], "1 3 b5 7", tier: 2),
        .init("major-seventh-suspended-fourth", "Major seventh suspended fourth", "maj7sus4", ["Δ7sus4", "M7sus4", "maj7sus"], "1 4 5 7", tier: 2),
        .init("major-seventh-suspended-second", "Major seventh suspended second", "maj7sus2", ["Δ7sus2", "M7sus2"], "1 2 5 7", tier: 3),
        .init("diminished-major-seventh", "Diminished major seventh", "dim(maj7)", ["°maj7", "dimM7", "dimmaj7", "°M7", "°Δ7", "m(maj7)b5", "mM7b5"], "1 b3 b5 7", tier: 3),
        .init("minor-seventh-sharp-five", "Minor seventh sharp five", "m7#5", ["m7(#5)", "-7#5", "m7+5"], "1 b3 #5 b7", tier: 3),
        .init("augmented-seventh-suspended-fourth", "Augmented seventh suspended fourth", "7sus4#5", ["7#5sus4", "+7sus4"], "1 4 #5 b7", tier: 3),
        .init("dominant-seventh-flat-five-suspended-fourth", "Dominant seventh suspended fourth flat five", "7sus4b5", ["7b5sus4"], "1 4 b5 b7", tier: 3),
        .init("dominant-seventh-no-third", "Dominant seventh, third omitted", "7(no3)", ["7no3", "7(omit3)", "7omit3"], "1 5 b7", tier: 2),
        .init("dominant-seventh-no-fifth", "Dominant seventh, fifth omitted", "7(no5)", ["7no5", "7(omit5)", "7omit5"], "1 3 b7", tier: 2),
        .init("major-seventh-no-third", "Major seventh, third omitted", "maj7(no3)", ["maj7no3", "maj7(omit3)", "Δ7(no3)"], "1 5 7", tier: 2),
        .init("major-seventh-no-fifth", "Major seventh, fifth omitted", "maj7(no5)", ["maj7no5", "maj7(omit5)", "Δ7(no5)"], "1 3 7", tier: 2),
        .init("minor-seventh-no-fifth", "Minor seventh, fifth omitted", "m7(no5)", ["m7no5", "m7(omit5)", "-7(no5)"], "1 b3 b7", tier: 2),
        .init("quartal", "Quartal (stacked fourths)", "7sus4(no5)", ["quartal", "4ths", "7sus(no5)"], "1 4 b7", tier: 3),
        .init("quartal-four-note", "Quartal, four notes", "7sus4(no5,b10)", ["quartal4"], "1 4 b7 b10", tier: 3),
        .init("dominant-seventh-add-sixth", "Dominant seventh added sixth", "7add6", ["7/6", "7(add6)", "76"], "1 3 5 6 b7", tier: 3),

        // Added-tone chords
        .init("added-ninth", "Added ninth", "add9", ["(add9)", "add(9)", "(9)", "2"], "1 3 5 9", tier: 1),
        .init("minor-added-ninth", "Minor added ninth", "madd9", ["m(add9)", "-add9", "minadd9", "m(9)", "mi(add9)", "m2"], "1 b3 5 9", tier: 1),
        .init("added-second", "Added second", "add2", ["(add2)"], "1 2 3 5", tier: 2),
        .init("minor-added-second", "Minor added second", "madd2", ["m(add2)"], "1 2 b3 5", tier: 3),
        .init("added-fourth", "Added fourth", "add4", ["(add4)"], "1 3 4 5", tier: 3),
        .init("minor-added-fourth", "Minor added fourth", "madd4", ["m(add4)"], "1 b3 4 5", tier: 3),
        .init("added-eleventh", "Added eleventh", "add11", ["(add11)"], "1 3 5 11", tier: 2),
        .init("minor-added-eleventh", "Minor added eleventh", "madd11", ["m(add11)", "-add11"], "1 b3 5 11", tier: 2),
        .init("added-sharp-eleventh", "Added sharp eleventh", "add#11", ["(add#11)", "(#11)"], "1 3 5 #11", tier: 3),
        .init("added-flat-ninth", "Added flat ninth", "addb9", ["(addb9)", "(b9)"], "1 3 5 b9", tier: 3),
        .init("added-thirteenth", "Added thirteenth", "add13", ["(add13)"], "1 3 5 13", tier: 3),
        .init("minor-added-flat-thirteenth", "Minor added flat thirteenth", "maddb13", ["m(addb13)", "madd(b13)"], "1 b3 5 b13", tier: 3),
        .init("added-ninth-no-third", "Power chord added ninth", "5add9", ["5(add9)", "quintal", "(add9,no3)"], "1 5 9", tier: 3),
        .init("suspended-fourth-added-ninth", "Suspended fourth added ninth", "sus4add9", ["sus4(add9)", "susadd9", "sus(add9)"], "1 4 5 9", tier: 3),
        .init("minor-seventh-added-eleventh", "Minor seventh added eleventh", "m7add11", ["m7(11)", "m7(add11)", "-7add11"], "1 b3 5 b7 11", tier: 2),
        .init("dominant-seventh-added-eleventh", "Dominant seventh added eleventh", "7add11", ["7(11)", "7(add11)"], "1 3 5 b7 11", tier: 3),
        .init("major-seventh-added-thirteenth", "Major seventh added thirteenth", "maj7add13", ["maj7(13)", "Δ7add13", "maj7(add13)"], "1 3 5 7 13", tier: 3),
        .init("dominant-seventh-added-thirteenth", "Dominant seventh added thirteenth", "7add13", ["7(13)", "7(add13)"], "1 3 5 b7 13", tier: 3),
    ]
}
