import TheoryCore

/// The built-in tunings: at least 80 across at least 30 instruments, each written as open pitches from string 1.
///
/// Entries use the custom-tuning text syntax (``Tuning/init(parsing:frets:id:name:)``): `G4@5` is a string that
/// starts at neck fret 5, `E2+E3` a course of two strings.
package enum TuningCatalog {
    private typealias Entry = (id: String, name: String, instrument: Instrument, strings: String)

    private static let entries: [Entry] = [
        // 6-string guitar
        ("guitar-standard", "Standard", .guitar, "E2 A2 D3 G3 B3 E4"),
        ("guitar-drop-d", "Drop D", .guitar, "D2 A2 D3 G3 B3 E4"),
        ("guitar-double-drop-d", "Double drop D", .guitar, "D2 A2 D3 G3 B3 D4"),
        ("guitar-dadgad", "DADGAD", .guitar, "D2 A2 D3 G3 A3 D4"),
        ("guitar-open-d", "Open D", .guitar, "D2 A2 D3 F#3 A3 D4"),
        ("guitar-open-e", "Open E", .guitar, "E2 B2 E3 G#3 B3 E4"),
        ("guitar-open-g", "Open G", .guitar, "D2 G2 D3 G3 B3 D4"),
        ("guitar-open-a", "Open A", .guitar, "E2 A2 E3 A3 C#4 E4"),
        ("guitar-open-c", "Open C", .guitar, "C2 G2 C3 G3 C4 E4"),
        ("guitar-open-d-minor", "Open D minor", .guitar, "D2 A2 D3 F3 A3 D4"),
        ("guitar-open-g-minor", "Open G minor", .guitar, "D2 G2 D3 G3 Bb3 D4"),
        ("guitar-open-e-minor", "Open E minor", .guitar, "E2 B2 E3 G3 B3 E4"),
        ("guitar-open-c6", "Open C6", .guitar, "C2 A2 C3 G3 C4 E4"),
        ("guitar-half-step-down", "Half step down (Eb)", .guitar, "Eb2 Ab2 Db3 Gb3 Bb3 Eb4"),
        ("guitar-whole-step-down", "Whole step down (D)", .guitar, "D2 G2 C3 F3 A3 D4"),
        ("guitar-c-standard", "C standard", .guitar, "C2 F2 Bb2 Eb3 G3 C4"),
        ("guitar-drop-c", "Drop C", .guitar, "C2 G2 C3 F3 A3 D4"),
        ("guitar-drop-b", "Drop B", .guitar, "B1 F#2 B2 E3 G#3 C#4"),
        ("guitar-all-fourths", "All fourths", .guitar, "E2 A2 D3 G3 C4 F4"),
        ("guitar-new-standard", "New standard tuning (Fripp)", .guitar, "C2 G2 D3 A3 E4 G4"),
        ("guitar-orkney", "Orkney (CGDGCD)", .guitar, "C2 G2 D3 G3 C4 D4"),
        ("guitar-nashville", "Nashville (high strung)", .guitar, "E3 A3 D4 G4 B3 E4"),
        ("guitar-open-g6", "Open G6 (DGDGBE)", .guitar, "D2 G2 D3 G3 B3 E4"),
        // extended-range and other guitars
        ("guitar-7-standard", "7-string standard", .guitar7, "B1 E2 A2 D3 G3 B3 E4"),
        ("guitar-7-drop-a", "7-string drop A", .guitar7, "A1 E2 A2 D3 G3 B3 E4"),
        ("guitar-8-standard", "8-string standard", .guitar8, "F#1 B1 E2 A2 D3 G3 B3 E4"),
        ("guitar-8-drop-e", "8-string drop E", .guitar8, "E1 B1 E2 A2 D3 G3 B3 E4"),
        ("guitar-12-standard", "12-string standard (octave courses)", .guitar12, "E2+E3 A2+A3 D3+D4 G3+G4 B3+B3 E4+E4"),
        ("guitar-12-drop-d", "12-string drop D", .guitar12, "D2+D3 A2+A3 D3+D4 G3+G4 B3+B3 E4+E4"),
        ("russian-guitar-open-g", "Russian open G", .russianGuitar, "D2 G2 B2 D3 G3 B3 D4"),
        ("baritone-guitar-b", "Baritone in B", .baritoneGuitar, "B1 E2 A2 D3 F#3 B3"),
        ("baritone-guitar-a", "Baritone in A", .baritoneGuitar, "A1 D2 G2 C3 E3 A3"),
        ("tenor-guitar-standard", "Tenor guitar CGDA", .tenorGuitar, "C3 G3 D4 A4"),
        ("tenor-guitar-chicago", "Tenor guitar Chicago (DGBE)", .tenorGuitar, "D3 G3 B3 E4"),
        ("requinto-standard", "Requinto (A)", .requinto, "A2 D3 G3 C4 E4 A4"),
        ("resonator-open-g", "Resonator open G", .resonator, "G2 B2 D3 G3 B3 D4"),
        ("resonator-open-d", "Resonator open D", .resonator, "D2 A2 D3 F#3 A3 D4"),
        ("lap-steel-c6", "Lap steel C6", .lapSteel, "C3 E3 G3 A3 C4 E4"),
        ("lap-steel-open-e", "Lap steel open E", .lapSteel, "E2 B2 E3 G#3 B3 E4"),
        ("pedal-steel-e9", "Pedal steel E9 (string 10 to 1)", .pedalSteel, "B2 D3 E3 F#3 G#3 B3 E4 G#4 D#4 F#4"),
        ("bajo-sexto-standard", "Bajo sexto", .bajoSexto, "E2+E3 A2+A3 D3+D4 G3+G3 C4+C4 F4+F4"),
        ("vihuela-standard", "Mexican vihuela", .vihuela, "A3 D4 G4 B3 E4"),
        // basses
        ("bass-standard", "4-string bass standard", .bass4, "E1 A1 D2 G2"),
        ("bass-drop-d", "4-string bass drop D", .bass4, "D1 A1 D2 G2"),
        ("bass-drop-c", "4-string bass drop C", .bass4, "C1 G1 C2 F2"),
        ("bass-half-step-down", "4-string bass half step down", .bass4, "Eb1 Ab1 Db2 Gb2"),
        ("bass-whole-step-down", "4-string bass whole step down", .bass4, "D1 G1 C2 F2"),
        ("bass-tenor", "4-string tenor bass (ADGC)", .bass4, "A1 D2 G2 C3"),
        ("bass-piccolo", "4-string piccolo bass", .bass4, "E2 A2 D3 G3"),
        ("bass-5", "5-string bass (low B)", .bass5, "B0 E1 A1 D2 G2"),
        ("bass-5-high-c", "5-string bass (high C)", .bass5, "E1 A1 D2 G2 C3"),
        ("bass-6", "6-string bass", .bass6, "B0 E1 A1 D2 G2 C3"),
        // ukuleles
        ("ukulele-soprano", "Soprano ukulele (re-entrant gCEA)", .ukuleleSoprano, "G4 C4 E4 A4"),
        ("ukulele-soprano-low-g", "Soprano ukulele low G", .ukuleleSoprano, "G3 C4 E4 A4"),
        ("ukulele-soprano-d", "Soprano ukulele D tuning (aDF#B)", .ukuleleSoprano, "A4 D4 F#4 B4"),
        ("ukulele-concert", "Concert ukulele (re-entrant gCEA)", .ukuleleConcert, "G4 C4 E4 A4"),
        ("ukulele-concert-low-g", "Concert ukulele low G", .ukuleleConcert, "G3 C4 E4 A4"),
        ("ukulele-tenor", "Tenor ukulele (re-entrant gCEA)", .ukuleleTenor, "G4 C4 E4 A4"),
        ("ukulele-tenor-low-g", "Tenor ukulele low G", .ukuleleTenor, "G3 C4 E4 A4"),
        ("ukulele-baritone", "Baritone ukulele (DGBE)", .ukuleleBaritone, "D3 G3 B3 E4"),
        ("ukulele-bass", "Bass ukulele", .ukuleleBass, "E1 A1 D2 G2"),
        ("guitalele-standard", "Guitalele (A)", .guitalele, "A2 D3 G3 C4 E4 A4"),
        ("banjolele-standard", "Banjolele (gCEA)", .banjolele, "G4 C4 E4 A4"),
        ("timple-standard", "Timple (gCEAD)", .timple, "G4 C5 E4 A4 D5"),
        // mandolin family (courses of two unison strings)
        ("mandolin", "Mandolin (GDAE)", .mandolin, "G3+G3 D4+D4 A4+A4 E5+E5"),
        ("mandolin-gdgd", "Mandolin cross tuning GDGD", .mandolin, "G3+G3 D4+D4 G4+G4 D5+D5"),
        ("mandolin-aeae", "Mandolin cross tuning AEAE", .mandolin, "A3+A3 E4+E4 A4+A4 E5+E5"),
        ("mandola", "Mandola (CGDA)", .mandola, "C3+C3 G3+G3 D4+D4 A4+A4"),
        ("octave-mandolin", "Octave mandolin (GDAE)", .octaveMandolin, "G2+G2 D3+D3 A3+A3 E4+E4"),
        ("octave-mandolin-gdad", "Octave mandolin GDAD", .octaveMandolin, "G2+G2 D3+D3 A3+A3 D4+D4"),
        ("mandocello", "Mandocello (CGDA)", .mandocello, "C2+C2 G2+G2 D3+D3 A3+A3"),
        // banjos: string 1 of the 5-string banjo is the short g string, which starts at fret 5
        ("banjo-open-g", "5-string banjo open G (gDGBD)", .banjo5, "G4@5 D3 G3 B3 D4"),
        ("banjo-double-c", "5-string banjo double C (gCGCD)", .banjo5, "G4@5 C3 G3 C4 D4"),
        ("banjo-open-c", "5-string banjo open C (gCGBD)", .banjo5, "G4@5 C3 G3 B3 D4"),
        ("banjo-g-modal", "5-string banjo G modal / sawmill (gDGCD)", .banjo5, "G4@5 D3 G3 C4 D4"),
        ("banjo-open-d", "5-string banjo open D (f#DF#AD)", .banjo5, "F#4@5 D3 F#3 A3 D4"),
        ("banjo-double-d", "5-string banjo double D (aDADE)", .banjo5, "A4@5 D3 A3 D4 E4"),
        ("banjo-open-a", "5-string banjo open A (aEAC#E)", .banjo5, "A4@5 E3 A3 C#4 E4"),
        ("tenor-banjo-standard", "Tenor banjo CGDA", .tenorBanjo, "C3 G3 D4 A4"),
        ("tenor-banjo-irish", "Tenor banjo Irish GDAE", .tenorBanjo, "G2 D3 A3 E4"),
        ("plectrum-banjo-standard", "Plectrum banjo CGBD", .plectrumBanjo, "C3 G3 B3 D4"),
        ("banjo-6-standard", "6-string banjo (guitar tuning)", .banjo6, "E2 A2 D3 G3 B3 E4"),
        // bouzoukis
        ("irish-bouzouki-gdad", "Irish bouzouki GDAD", .irishBouzouki, "G2+G3 D3+D4 A3+A3 D4+D4"),
        ("irish-bouzouki-gdae", "Irish bouzouki GDAE", .irishBouzouki, "G2+G3 D3+D4 A3+A3 E4+E4"),
        ("irish-bouzouki-adad", "Irish bouzouki ADAD", .irishBouzouki, "A2+A3 D3+D4 A3+A3 D4+D4"),
        ("bouzouki-trichordo", "Greek bouzouki trichordo (DAD)", .greekBouzouki3, "D3+D4 A3+A3 D4+D4"),
        ("bouzouki-tetrachordo", "Greek bouzouki tetrachordo (CFAD)", .greekBouzouki4, "C3+C4 F3+F4 A3+A3 D4+D4"),
        // violin family (fingerboard positions counted in semitones)
        ("violin", "Violin (GDAE)", .violin, "G3 D4 A4 E5"),
        ("violin-aeae", "Violin cross tuning AEAE", .violin, "A3 E4 A4 E5"),
        ("violin-gdgd", "Violin cross tuning GDGD", .violin, "G3 D4 G4 D5"),
        ("viola", "Viola (CGDA)", .viola, "C3 G3 D4 A4"),
        ("cello", "Cello (CGDA)", .cello, "C2 G2 D3 A3"),
        ("double-bass", "Double bass orchestral (EADG)", .doubleBass, "E1 A1 D2 G2"),
        ("double-bass-solo", "Double bass solo (F#BEA)", .doubleBass, "F#1 B1 E2 A2"),
        // other folk instruments
        ("charango-standard", "Charango (GCEAE)", .charango, "G4+G4 C5+C5 E4+E5 A4+A4 E5+E5"),
        ("balalaika-prima", "Balalaika prima (EEA)", .balalaika, "E4 E4 A4"),
        ("balalaika-folk", "Balalaika folk (GBD)", .balalaika, "G4 B4 D5"),
        ("balalaika-bass", "Bass balalaika (EAD)", .balalaikaBass, "E2 A2 D3"),
        ("domra-3-standard", "Domra 3-string (EAD)", .domra3, "E4 A4 D5"),
        ("domra-4-standard", "Domra 4-string (GDAE)", .domra4, "G3 D4 A4 E5"),
        ("cavaquinho-standard", "Cavaquinho (DGBD)", .cavaquinho, "D4 G4 B4 D5"),
        ("cavaquinho-dgbe", "Cavaquinho DGBE", .cavaquinho, "D4 G4 B4 E5"),
        ("cavaquinho-portuguese", "Cavaquinho Portuguese (GGBD)", .cavaquinho, "G4 G4 B4 D5"),
        ("lute-renaissance-g", "Renaissance lute in G", .lute, "G2+G3 C3+C4 F3+F4 A3+A3 D4+D4 G4"),
        ("cuatro-venezolano", "Venezuelan cuatro (aDF#B)", .cuatroVenezolano, "A3 D4 F#4 B3"),
        ("cuatro-puertorriqueno", "Puerto Rican cuatro (BEADG)", .cuatroPuertorriqueno, "B2+B3 E3+E4 A3+A3 D4+D4 G4+G4"),
        ("tres-cubano", "Cuban tres (GCE)", .tres, "G3+G4 C4+C4 E4+E4"),
    ]

    /// Ids that name a tuning by a shorter or more familiar word.
    static let aliases: [String: String] = [
        "guitar": "guitar-standard", "bass": "bass-standard", "bass-4": "bass-standard",
        "ukulele": "ukulele-soprano", "banjo": "banjo-open-g", "banjo-5": "banjo-open-g",
        "guitar-7": "guitar-7-standard", "guitar-8": "guitar-8-standard", "guitar-12": "guitar-12-standard",
        "baritone-guitar": "baritone-guitar-b", "tenor-banjo": "tenor-banjo-standard",
        "irish-bouzouki": "irish-bouzouki-gdad", "charango": "charango-standard", "cavaquinho": "cavaquinho-standard",
        "balalaika": "balalaika-prima",
    ]

    package static let all: [Tuning] = entries.map { e in
        do {
            let parsed = try Tuning(parsing: e.strings, frets: e.instrument.frets, id: e.id, name: e.name)
            return Tuning(id: e.id, name: e.name, instrument: e.instrument, strings: parsed.strings)
        } catch {
            preconditionFailure("tuning catalogue entry \(e.id) is invalid: \(error)")
        }
    }

    package static let byID: [String: Tuning] = {
        var d = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (alias, id) in aliases { d[alias] = d[id] }
        return d
    }()

    /// The catalogue id nearest to `text` by edit distance (at most 4 edits), if any.
    package static func suggestion(for text: String) -> String? {
        guard text.utf8.count <= 48 else { return nil }
        let input = Array(text.utf8)
        var best: (String, Int)?
        for id in byID.keys.sorted() {
            let d = ChordCatalog.editDistance(input, Array(id.utf8))
            if d <= 4, d < (best?.1 ?? Int.max) { best = (id, d) }
        }
        return best?.0
    }

}
