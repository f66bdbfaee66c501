// The scale dictionary, continued: pentatonic (including Japanese, Indonesian and raga scales),
// hexatonic, and eight-or-more-note scales (bebop, diminished, Messiaen modes, chromatic).
// Entry layout as in ScaleType+Catalog.swift: id, display name, formula, aliases.

extension ScaleType {
    static let worldEntries: [Entry] = pentatonicEntries + hexatonicEntries + largeEntries

    static let pentatonicEntries: [Entry] = [
        // The major pentatonic and its four rotations
        ("major-pentatonic", "Major pentatonic", "1 2 3 5 6", ["pentatonic", "gong", "mongolian", "bhupali"]),
        ("egyptian", "Egyptian (suspended pentatonic)", "1 2 4 5 b7", ["suspended-pentatonic", "shang", "megh"]),
        ("man-gong", "Man gong (blues minor pentatonic)", "1 b3 4 b6 b7", ["blues-minor-pentatonic", "jue", "malkauns", "malkos", "malkos-raga", "malkauns-raga"]),
        ("yo", "Yo (Ritsusen)", "1 2 4 5 6", ["ritusen", "ritsusen", "blues-major-pentatonic", "zhi", "durga"]),
        ("minor-pentatonic", "Minor pentatonic", "1 b3 4 5 b7", ["yu", "vietnamese-2"]),

        // Japanese and Indonesian pentatonics
        ("hirajoshi", "Hirajoshi", "1 2 b3 5 b6", []),
        ("in-sen", "In-sen", "1 b2 4 5 b7", ["insen"]),
        ("iwato", "Iwato", "1 b2 4 b5 b7", []),
        ("kumoi", "Kumoi", "1 2 b3 5 6", ["shivranjani", "flat-three-pentatonic"]),
        ("kumoijoshi", "Kumoijoshi (In)", "1 b2 4 5 b6", ["in", "sakura", "miyako-bushi", "hon-kumoi-joshi"]),
        ("pelog", "Pelog", "1 b2 b3 5 b6", ["balinese"]),
        ("ionian-pentatonic", "Ionian pentatonic", "1 3 4 5 7", ["ryukyu", "okinawan"]),

        // Other pentatonics
        ("chinese", "Chinese (Lydian pentatonic)", "1 3 #4 5 7", ["lydian-pentatonic", "amritavarshini"]),
        ("scriabin", "Scriabin", "1 b2 3 5 6", []),
        ("dominant-pentatonic", "Dominant pentatonic", "1 2 3 5 b7", []),
        ("mixolydian-pentatonic", "Mixolydian pentatonic", "1 3 4 5 b7", ["indian"]),
        ("locrian-pentatonic", "Locrian pentatonic", "1 b3 4 b5 b7", ["minor-seven-flat-five-pentatonic"]),
        ("minor-sixth-pentatonic", "Minor sixth pentatonic", "1 b3 4 5 6", ["minor-six-pentatonic"]),
        ("major-flat-6-pentatonic", "Major b6 pentatonic", "1 2 3 5 b6", ["flat-six-pentatonic"]),
        ("lydian-dominant-pentatonic", "Lydian dominant pentatonic", "1 3 #4 5 b7", []),
        ("minor-major-pentatonic", "Minor-major pentatonic", "1 b3 4 5 7", ["minor-#7m-pentatonic", "minor-sharp-7-pentatonic"]),
        ("vietnamese", "Vietnamese", "1 b3 4 5 b6", ["vietnamese-1"]),
        ("neapolitan-major-pentatonic", "Neapolitan major pentatonic", "1 3 4 b5 b7", ["neopolitan-major-pentatonic"]),
        ("whole-tone-pentatonic", "Whole-tone pentatonic", "1 3 b5 b6 b7", []),
        ("lydian-augmented-pentatonic", "Lydian augmented pentatonic", "1 3 #4 #5 7", ["lydian-#5p-pentatonic", "lydian-sharp-5-pentatonic"]),
        ("super-locrian-pentatonic", "Super Locrian pentatonic", "1 b3 b4 b5 b7", ["altered-pentatonic"]),

        // Pentatonic ragas
        ("hindol", "Hindol (raga)", "1 3 #4 6 7", ["raga-hindol"]),
        ("hamsadhwani", "Hamsadhwani (raga)", "1 2 3 5 7", ["raga-hamsadhwani"]),
        ("abhogi", "Abhogi (raga)", "1 2 b3 4 6", ["raga-abhogi"]),
        ("chandrakauns", "Chandrakauns (raga)", "1 b3 4 b6 7", ["raga-chandrakauns"]),
        ("vibhas", "Vibhas (raga)", "1 b2 3 5 b6", ["raga-vibhas"]),
    ]

    static let hexatonicEntries: [Entry] = [
        ("blues", "Blues", "1 b3 4 b5 5 b7", ["minor-blues", "blues-minor", "hexatonic-blues"]),
        ("major-blues", "Major blues", "1 2 b3 3 5 6", ["blues-major"]),
        ("whole-tone", "Whole-tone", "1 2 3 #4 #5 b7", ["wholetone", "messiaen-mode-1", "messiaen-1"]),
        ("augmented", "Augmented", "1 #2 3 5 #5 7", ["symmetrical-augmented"]),
        ("prometheus", "Prometheus", "1 2 3 #4 6 b7", ["mystic"]),
        ("prometheus-neapolitan", "Prometheus Neapolitan", "1 b2 3 #4 6 b7", ["prometheus-neopolitan"]),
        ("piongio", "Piongio", "1 2 4 5 6 b7", []),
        ("mystery-1", "Mystery #1", "1 b2 3 b5 b6 b7", []),
        ("tritone", "Tritone", "1 b2 3 b5 5 b7", []),
        ("six-tone-symmetric", "Six-tone symmetric", "1 b2 3 4 #5 6", []),
        ("major-hexatonic", "Major hexatonic", "1 2 3 4 5 6", []),
        ("minor-hexatonic", "Minor hexatonic", "1 2 b3 4 5 b7", []),
        ("messiaen-mode-5", "Messiaen mode 5", "1 b2 4 #4 5 7", ["messiaen-5"]),
    ]

    static let largeEntries: [Entry] = [
        // Octatonic (diminished)
        ("diminished-whole-half", "Diminished (whole-half)", "1 2 b3 4 b5 #5 6 7",
         ["whole-half-diminished", "diminished", "octatonic-whole-half"]),
        ("diminished-half-whole", "Diminished (half-whole)", "1 b2 #2 3 #4 5 6 b7",
         ["half-whole-diminished", "dominant-diminished", "octatonic-half-whole", "octatonic",
          "messiaen-mode-2", "messiaen-2"]),

        // Bebop
        ("bebop-dominant", "Bebop dominant", "1 2 3 4 5 6 b7 7", ["bebop", "bebop-mixolydian", "dominant-bebop"]),
        ("bebop-major", "Bebop major", "1 2 3 4 5 #5 6 7", ["major-bebop"]),
        ("bebop-dorian", "Bebop dorian", "1 2 b3 3 4 5 6 b7", ["bebop-minor", "dorian-bebop"]),
        ("bebop-dorian-natural-7", "Bebop dorian (natural 7)", "1 2 b3 4 5 6 b7 7", []),
        ("bebop-melodic-minor", "Bebop melodic minor", "1 2 b3 4 5 #5 6 7", ["melodic-minor-bebop", "minor-six-diminished", "minor-sixth-diminished"]),
        ("bebop-harmonic-minor", "Bebop harmonic minor", "1 2 b3 4 5 b6 b7 7", ["harmonic-minor-bebop", "minor-bebop"]),
        ("bebop-locrian", "Bebop locrian", "1 b2 b3 4 b5 5 b6 b7", []),

        // Other eight-note scales
        ("spanish-8-tone", "Spanish 8-tone", "1 b2 b3 3 4 b5 b6 b7", ["spanish-eight-tone"]),
        ("flamenco", "Flamenco", "1 b2 b3 3 4 5 b6 b7", ["spanish-heptatonic"]),
        ("kafi-raga", "Kafi (raga, both thirds and sevenths)", "1 b3 3 4 5 6 b7 7", []),
        ("algerian", "Algerian", "1 2 b3 4 #4 5 b6 7", []),
        ("ichikosucho", "Ichikosucho", "1 2 3 4 #4 5 6 7", []),

        // Messiaen's modes of limited transposition (modes 1 and 2 are whole-tone and half-whole diminished)
        ("messiaen-mode-3", "Messiaen mode 3", "1 2 b3 3 #4 5 b6 b7 7", ["messiaen-3"]),
        ("messiaen-mode-4", "Messiaen mode 4", "1 b2 2 4 #4 5 b6 7", ["messiaen-4"]),
        ("messiaen-mode-6", "Messiaen mode 6", "1 2 3 4 #4 #5 #6 7", ["messiaen-6"]),
        ("messiaen-mode-7", "Messiaen mode 7", "1 b2 2 b3 4 #4 5 b6 6 7", ["messiaen-7"]),

        // Nine and twelve notes
        ("composite-blues", "Composite blues", "1 2 b3 3 4 b5 5 6 b7", []),
        ("chromatic", "Chromatic", "1 #1 2 #2 3 4 #4 5 #5 6 #6 7", ["twelve-tone"]),
    ]
}
