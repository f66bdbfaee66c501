/// Latin (solfège) note names as input: `Do`, `Ré`, `Re`, `Mi`, `Fa`, `Sol`, `La`, `Si` (also `Ut`, `Ti`), any case.
///
/// Readers try the English letters first and fall back to a leading syllable, so `Sol#4`, `Si♭`, `Fa7` and `Ré minor`
/// read as G#4, Bb, F7 and D minor; `Do7` stays D°7 (English first) where both readings exist.
package enum LatinNoteNames {
    private static let syllables: [(String, Letter)] = [
        ("sol", .G), ("do", .C), ("ut", .C), ("ré", .D), ("re", .D), ("mi", .E), ("fa", .F), ("la", .A), ("si", .B), ("ti", .B),
    ]

    /// The text with a leading syllable replaced by its letter, upper case for a capitalised syllable and lower case
    /// otherwise ("Sol#4" → "G#4", "ré minor" → "d minor"); `nil` when the text starts with no syllable.
    package static func englished(_ text: String) -> String? {
        let lower = text.lowercased()
        for (syllable, letter) in syllables where lower.hasPrefix(syllable) {
            let rest = text.dropFirst(syllable.count)
            let first = text.first.map { String($0) } ?? ""
            let name = first == first.uppercased() ? letter.description : letter.description.lowercased()
            return name + rest
        }
        return nil
    }

    /// Runs a reader on the text; when it fails and the text starts with a syllable, on the English spelling instead
    /// (the first error is kept when both fail).
    package static func reading<T>(_ text: String, _ read: (String) throws -> T) throws -> T {
        do {
            return try read(text)
        } catch {
            guard let english = englished(text.trimmingWhitespace()), let value = try? read(english) else { throw error }
            return value
        }
    }
}
