/// Symbols that musicians and libraries read in more than one way (docs/theory.md, "Conventions").
extension Chord {
    /// One other way to read a chord symbol: the symbol that spells it unambiguously, and why.
    public struct Reading: Hashable, Sendable {
        /// The unambiguous symbol of the other reading, such as `C7#11`.
        public var symbol: String
        /// Its notes from the root.
        public var chord: Chord
        /// Why the symbol can be read so.
        public var reason: String
    }

    /// The other readings of `symbol` besides the one `Chord(symbol)` gives (none for an unambiguous symbol).
    ///
    /// Covered: `b5` beside a seventh, sixth or extension (a flat fifth, or a #11 over a perfect fifth); `11` (with the
    /// third, or without it as 9sus4); `13` on a minor chord (with or without the eleventh); a flat written right
    /// after a natural root and before a number (`Cb9sus`: C-flat 9sus, or C with b9sus); `^` alone (the major
    /// triad or the major seventh); `alt` (every alteration, or 7#5#9); `4` (quartal, or sus4).
    public static func otherReadings(of symbol: String) -> [Reading] {
        let text = symbol.trimmingWhitespace()
        guard let main = try? Chord(text) else { return [] }
        var out: [Reading] = []
        func add(_ candidate: String, _ reason: String) {
            guard let chord = try? Chord(candidate), Set(chord.notes) != Set(main.notes),
                  !out.contains(where: { $0.symbol == candidate }) else { return }
            out.append(Reading(symbol: candidate, chord: chord, reason: reason))
        }
        let chars = Array(text)
        let rootLength = chars.count > 1 && ["#", "b", "♯", "♭"].contains(chars[1]) ? 2 : 1
        let root = String(chars.prefix(rootLength)), suffix = String(chars.dropFirst(rootLength))
        let minor = (suffix.hasPrefix("m") && !suffix.hasPrefix("maj")) || suffix.hasPrefix("-")
        if !minor, suffix.contains("b5"), suffix.contains(where: { "679".contains($0) }) || suffix.contains("13") {
            add(root + suffix.replacing("b5", with: "#11"), "b5 read as a #11 over a perfect fifth")
        }
        if suffix == "11" || suffix == "11b9" {
            add(root + (suffix == "11" ? "9sus4" : "7sus4b9"), "an eleventh chord without its third")
        }
        if suffix == "m13" { add(root + "m7(9,13)", "a minor thirteenth without the eleventh") }
        if rootLength == 2, chars[1] == "b" || chars[1] == "♭", chars.count > 2, chars[2].isNumber,
           let letter = try? PitchClass(String(chars[0])) {
            let rest = String(chars.dropFirst(1))
            // Only a suffix that names a chord by itself (b9sus, b5), not any alteration (Bb7 is B-flat seven).
            let type = ChordCatalog.peerSuffixes[rest].flatMap { try? ChordCatalog.degrees($0) } ?? ChordCatalog.bySuffix[rest]
            if let type {
                let chord = Chord(root: letter, type: type)
                if Set(chord.notes) != Set(main.notes) {
                    out.append(Reading(symbol: chord.symbol, chord: chord, reason: "the flat read as part of the chord (\(rest)), not of the root"))
                }
            }
        }
        if suffix == "^" { add(root, "^ read as the major triad") }
        if suffix == "4" {
            add(root + "sus4", "4 read as a suspended fourth")
            add(root + "add11", "4 read as an added fourth (pychord)")
        }
        if suffix == "alt" || suffix == "7alt" || suffix == "alt7" { add(root + "7#5#9", "alt read as 7#5#9") }
        if suffix == "7+" { add(root + "maj7#5", "7+ read as an augmented major seventh (mingus)") }
        return out
    }
}
