/// Parses the shared notation of pitches and pitch classes: letter, accidentals, optional octave.
package enum SpellingParser {
    /// The longest input any pitch parser looks at.
    package static let maximumLength = 24

    package struct Result {
        package var letter: Letter
        package var accidental: Int
        package var octave: Int?
    }

    /// Parses `text`; with `wantsOctave` an octave is required, without it an octave is an error.
    package static func parse(_ text: String, what: String, wantsOctave: Bool) throws -> Result {
        try LatinNoteNames.reading(text) { try parseEnglish($0, what: what, wantsOctave: wantsOctave) }
    }

    private static func parseEnglish(_ text: String, what: String, wantsOctave: Bool) throws -> Result {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { throw TheoryError.empty(what: what) }
        if trimmed.count > maximumLength {
            throw TheoryError.tooLong(what: wantsOctave ? "a pitch" : "a pitch class", length: trimmed.count, limit: maximumLength)
        }
        let chars = Array(trimmed)
        var i = 0
        var result = try parsePrefix(chars, &i, input: trimmed)
        func fail(_ reason: String, _ suggestion: String? = nil) -> TheoryError {
            .invalidPitch(input: trimmed, reason: reason, suggestion: suggestion)
        }
        let rest = String(chars[i...])
        if rest.isEmpty {
            if wantsOctave {
                throw fail("missing octave number", trimmed + "4")
            }
            return result
        }
        guard wantsOctave else {
            throw fail("unexpected '\(TheoryError.excerpt(rest, limit: 12))' after the note name (pitch classes have no octave)",
                       String(chars[..<i]))
        }
        guard rest.drop(while: { $0 == "-" }).allSatisfy({ $0.isASCII && $0.isNumber }), let octave = Int(rest), rest.count <= 3, Readability.octaves.contains(octave) else {
            throw fail("'\(TheoryError.excerpt(rest, limit: 12))' is not an octave number between -10 and 20")
        }
        result.octave = octave
        return result
    }

    /// Reads a letter and its accidentals from `chars` at `i`, advancing `i`.
    package static func parsePrefix(_ chars: [Character], _ i: inout Int, input: String) throws -> Result {
        guard i < chars.count else { throw TheoryError.empty(what: "a note name") }
        let first = chars[i]
        guard let letter = Letter(character: first) else {
            let suggestion: String? = (first == "H" || first == "h") ? "B" + String(chars[(i + 1)...]) : nil
            let reason = (first == "H" || first == "h")
                ? "'H' is not a note letter (the German H is B)"
                : "'\(first)' is not a note letter (A–G)"
            throw TheoryError.invalidPitch(input: input, reason: reason, suggestion: suggestion)
        }
        i += 1
        let accidental = try AccidentalReader.read(chars, from: &i) { reason in
            .invalidPitch(input: input, reason: reason)
        }
        return Result(letter: letter, accidental: accidental, octave: nil)
    }
}

extension StringProtocol {
    /// The string without leading and trailing spaces, tabs and newlines.
    package func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
