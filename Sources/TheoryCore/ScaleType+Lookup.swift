extension ScaleType {
    /// The longest scale name ``named(_:)`` looks at.
    public static let maximumNameLength = 64

    /// Finds a scale type by id, alias or display name, ignoring case, spaces, hyphens and underscores.
    ///
    /// Accepts `harmonic-minor`, "harmonic minor", "Harmonic-Minor", `aeolian`, "Dorian b2",
    /// "lydian #5", "super locrian", "Harmonic minor scale". Alterations may be written `b2`, `♭2`,
    /// `flat 2`, `#4`, `♯4`, `sharp 4`, `bb7`. Throws ``TheoryError/unknownScale(name:suggestion:)``
    /// with the nearest id when nothing matches, ``TheoryError/empty(what:)`` for blank input and
    /// ``TheoryError/tooLong(what:length:limit:)`` beyond ``maximumNameLength`` characters.
    public static func named(_ name: String) throws -> ScaleType {
        let trimmed = name.trimmingWhitespace()
        if trimmed.isEmpty { throw TheoryError.empty(what: "a scale name such as major or harmonic-minor") }
        if trimmed.count > maximumNameLength {
            throw TheoryError.tooLong(what: "a scale name", length: trimmed.count, limit: maximumNameLength)
        }
        let key = lookupKey(trimmed)
        if let index = lookupTable[key] { return all[index] }
        throw TheoryError.unknownScale(name: trimmed, suggestion: suggestion(for: key))
    }

    /// The normalized form used for lookups: lower case, words joined by hyphens, alterations as words
    /// (`"Dorian ♭2"` → `dorian-flat-2`, `"Lydian #5 scale"` → `lydian-sharp-5`).
    package static func lookupKey(_ text: String) -> String {
        var cleaned = ""
        for ch in text.lowercased() {
            switch ch {
            case "♯": cleaned.append("#")
            case "♭": cleaned.append("b")
            case "♮": cleaned.append(" natural ")
            case "'", "’", "(", ")", ".": continue
            case "-", "_", "/", ",": cleaned.append(" ")
            default: cleaned.append(ch)
            }
        }
        var words: [String] = []
        for token in cleaned.split(whereSeparator: \.isWhitespace) {
            // "Messiaen's mode #3", "mystery #1": a number, not a sharp degree.
            if token.hasPrefix("#"), token.dropFirst().allSatisfy(\.isNumber), let previous = words.last,
               ["mode", "mystery", "no", "number"].contains(previous) {
                words.append(String(token.dropFirst()))
                continue
            }
            words.append(contentsOf: expandAlteration(String(token)))
        }
        if let first = words.first, first.hasSuffix("s"), first == "messiaens" { words[0] = "messiaen" }
        if words.count > 1, words.last == "scale" { words.removeLast() }
        return words.joined(separator: "-")
    }

    /// Splits `#4`, `bb7`, `sharp5`, `nat6` into words (`sharp 4`, `double flat 7`); other tokens pass unchanged.
    private static func expandAlteration(_ token: String) -> [String] {
        let digits = token.reversed().prefix { $0.isASCII && $0.isNumber }.count
        guard digits > 0, digits < token.count else { return [token] }
        let prefix = String(token.dropLast(digits))
        let number = String(token.suffix(digits))
        let words: [String]
        switch prefix {
        case "#", "sharp": words = ["sharp"]
        case "##", "x", "doublesharp": words = ["double", "sharp"]
        case "b", "flat": words = ["flat"]
        case "bb", "doubleflat": words = ["double", "flat"]
        case "n", "nat", "natural": words = ["natural"]
        default: return [token]
        }
        return words + [number]
    }

    /// Maps every normalized id, alias and display name to its index in ``all`` (ids and aliases win).
    private static let lookupTable: [String: Int] = {
        var table: [String: Int] = [:]
        for (index, type) in all.enumerated() {
            table[lookupKey(type.id)] = index
            for alias in type.aliases where table[lookupKey(alias)] == nil {
                table[lookupKey(alias)] = index
            }
        }
        for (index, type) in all.enumerated() where table[lookupKey(type.name)] == nil {
            table[lookupKey(type.name)] = index
        }
        return table
    }()

    /// Every id and alias key, paired with the id it leads to (used for suggestions).
    private static let suggestionKeys: [(key: String, id: String)] = all.flatMap { type in
        ([type.id] + type.aliases).map { (key: lookupKey($0), id: type.id) }
    }

    /// The id whose name (or alias) is nearest to `key` by edit distance, when reasonably close.
    package static func suggestion(for key: String) -> String? {
        guard !key.isEmpty else { return nil }
        var best: (distance: Int, id: String)? = nil
        for candidate in suggestionKeys {
            let d = editDistance(key, candidate.key)
            if best == nil || d < best!.distance { best = (d, candidate.id) }
        }
        guard let best else { return nil }
        let limit = max(2, key.count / 2)
        return best.distance <= limit ? best.id : nil
    }

    /// The Levenshtein distance between two strings (insertions, deletions and substitutions cost 1).
    package static func editDistance(_ a: String, _ b: String) -> Int {
        ChordCatalog.editDistance(Array(a), Array(b))
    }
}
