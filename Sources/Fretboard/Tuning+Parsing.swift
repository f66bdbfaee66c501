import TheoryCore

extension Tuning {
    /// The largest number of strings a custom tuning may have.
    public static let maximumCustomStrings = 16

    /// Reads a custom tuning from open pitches listed from string 1 (thumb side): `E2 A2 D3 G3 B3 E4`.
    ///
    /// Pitches are separated by spaces or commas. A pitch followed by `@N` starts at neck fret N
    /// (`G4@5 D3 G3 B3 D4` is a 5-string banjo in open G); pitches joined by `+` form a course
    /// (`E2+E3 A2+A3 …`).
    public init(parsing text: String, frets: Int = 22, id: String = "custom", name: String = "Custom") throws {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { throw FretboardError.invalidTuning(input: text, reason: "no open pitches (write them like E2 A2 D3 G3 B3 E4)") }
        guard words.count <= Self.maximumCustomStrings else {
            throw FretboardError.invalidTuning(input: text, reason: "\(words.count) strings (at most \(Self.maximumCustomStrings))")
        }
        guard (1...36).contains(frets) else {
            throw FretboardError.invalidTuning(input: text, reason: "\(frets) frets (1…36 allowed)")
        }
        var strings: [InstrumentString] = []
        for (index, word) in words.enumerated() {
            strings.append(try Self.parseString(word, index: index + 1, text: text, frets: frets))
        }
        let instrument = Instrument(id: "custom-\(strings.count)", name: "\(strings.count)-string instrument",
                                    frets: frets, family: "custom")
        self.init(id: id, name: name, instrument: instrument, strings: strings)
    }

    private static func parseString(_ word: String, index: Int, text: String, frets: Int) throws -> InstrumentString {
        var body = Substring(word)
        var firstFret = 0
        if let at = body.firstIndex(of: "@") {
            guard let f = Int(body[body.index(after: at)...]), f >= 0, f < frets else {
                throw FretboardError.invalidTuning(input: text, reason: "string \(index) '\(word)': the fret after @ must be 0…\(frets - 1)")
            }
            firstFret = f
            body = body[..<at]
        }
        var pitches: [Pitch] = []
        for part in body.split(separator: "+", omittingEmptySubsequences: false) {
            do {
                let p = try Pitch(String(part))
                guard (0...127).contains(p.midi) else {
                    throw FretboardError.invalidTuning(input: text, reason: "string \(index) '\(part)' is outside the MIDI range")
                }
                pitches.append(p)
            } catch let error as TheoryError {
                throw FretboardError.invalidTuning(input: text, reason: "string \(index): \(error)")
            }
        }
        return InstrumentString(pitches[0], firstFret: firstFret, doubling: Array(pitches.dropFirst()))
    }
}
