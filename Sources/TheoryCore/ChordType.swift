/// A kind of chord defined by a spelled degree formula relative to its root (`1 3 5 b7` for a dominant seventh).
///
/// The catalogue (``all``) holds the named types; the symbol parser synthesizes uncatalogued types for
/// component combinations it can read but that have no name (their ``id`` starts with `custom:`).
/// Two types are equal when their ids and formulas are equal.
public struct ChordType: Hashable, Sendable, CustomStringConvertible {
    /// Kebab-case identifier: `major`, `dominant-seventh`, `half-diminished-seventh`.
    public let id: String
    /// Human-readable name: "Dominant seventh".
    public let name: String
    /// The canonical suffix written after the root: `""`, `m`, `7`, `maj7`, `m7b5`, `6/9`.
    public let symbol: String
    /// Other suffixes that mean the same type (`-7`, `min7`, `mi7` for `m7`).
    public let aliases: [String]
    /// The formula as degree labels relative to major: `"1 3 5 b7 #9 b13"`.
    public let formulaText: String
    /// The formula as ascending intervals from the root, in the order of ``formulaText``.
    public let formula: [Interval]
    /// How common the type is, 0 (everyday) … 3 (rare); used to rank identification candidates.
    public let commonness: Int
    /// The set of pitch classes above the root as a 12-bit mask (bit 0 = root).
    package let mask: UInt16

    /// Creates a chord type from a formula of degree labels; throws when a label cannot be read.
    public init(id: String, name: String, symbol: String, aliases: [String] = [], formula text: String, commonness: Int = 3) throws {
        let labels = text.split(separator: " ")
        guard !labels.isEmpty else { throw TheoryError.invalidFormula(input: text, reason: "empty formula") }
        var intervals: [Interval] = []
        for label in labels {
            do {
                intervals.append(try Interval(degree: String(label)))
            } catch {
                throw TheoryError.invalidFormula(input: text, reason: "'\(label)' is not a degree label")
            }
        }
        self.init(id: id, name: name, symbol: symbol, aliases: aliases, intervals: intervals, commonness: commonness)
    }

    /// Creates a chord type from intervals above the root (sorted by staff position, then size).
    package init(id: String, name: String, symbol: String, aliases: [String] = [], intervals: [Interval], commonness: Int = 3) {
        let sorted = intervals.sorted { ($0.steps, $0.semitones) < ($1.steps, $1.semitones) }
        self.id = id
        self.name = name
        self.symbol = symbol
        self.aliases = aliases
        self.formula = sorted
        self.formulaText = sorted.map(\.degreeLabel).joined(separator: " ")
        self.commonness = commonness
        var m: UInt16 = 0
        for i in sorted { m |= 1 << UInt16(floorMod(i.semitones, 12)) }
        self.mask = m
    }

    /// True for types from the catalogue; false for types synthesized by the symbol parser.
    public var isCatalogued: Bool { !id.hasPrefix("custom:") }

    /// The number of distinct pitch classes the type contains.
    public var pitchClassCount: Int { mask.nonzeroBitCount }

    /// The canonical symbol suffix (``symbol``).
    public var description: String { symbol }

    public static func == (lhs: ChordType, rhs: ChordType) -> Bool {
        lhs.id == rhs.id && lhs.formula == rhs.formula
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(formula)
    }

    // MARK: - Lookup

    /// Finds a type by id (`dominant-seventh`), name ("Dominant seventh", any case), symbol or alias (`7`, `dom7`),
    /// or else by reading the text as a chord-symbol suffix (`7b9#11b13`).
    ///
    /// Throws ``TheoryError/unknownChordType(name:suggestion:)`` with the nearest catalogue id when nothing fits.
    public static func named(_ text: String) throws -> ChordType {
        if text.count > ChordSymbolParser.maximumLength {
            throw TheoryError.tooLong(what: "a chord type", length: text.count, limit: ChordSymbolParser.maximumLength)
        }
        let input = text.trimmingWhitespace()
        if let t = ChordCatalog.byID[input] ?? ChordCatalog.bySuffix[input] ?? ChordCatalog.byName[input.lowercased()] {
            return t
        }
        if !input.isEmpty, let t = try? ChordSymbolParser.parseSuffix(input) {
            return t
        }
        throw TheoryError.unknownChordType(name: input, suggestion: ChordCatalog.suggestion(for: input))
    }

    /// Finds the catalogue type with exactly this formula, if any.
    public static func matching(formula: [Interval]) -> ChordType? {
        let key = formula.sorted { ($0.steps, $0.semitones) < ($1.steps, $1.semitones) }.map(\.degreeLabel).joined(separator: " ")
        return ChordCatalog.byFormula[key]
    }

    /// Every catalogued chord type, roughly from the most to the least common.
    public static let all: [ChordType] = ChordCatalog.all
}

/// Indexes over the chord catalogue.
package enum ChordCatalog {
    package static let all: [ChordType] = entries.map { e in
        do {
            return try ChordType(id: e.id, name: e.name, symbol: e.symbol, aliases: e.aliases, formula: e.formula, commonness: e.tier)
        } catch {
            preconditionFailure("bad chord catalogue formula for \(e.id): \(error)")
        }
    }

    package static let byID: [String: ChordType] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    package static let byName: [String: ChordType] = Dictionary(all.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
    package static let byFormula: [String: ChordType] = Dictionary(all.map { ($0.formulaText, $0) }, uniquingKeysWith: { a, _ in a })
    /// Symbols and aliases, exactly as written.
    package static let bySuffix: [String: ChordType] = {
        var d: [String: ChordType] = [:]
        for t in all {
            if d[t.symbol] == nil { d[t.symbol] = t }
        }
        for t in all {
            for a in t.aliases where d[a] == nil { d[a] = t }
        }
        return d
    }()

    /// ``suffixKeys`` lowercased, as characters (for the nearest-symbol search).
    package static let lowercasedSuffixKeys: [(key: String, characters: [Character])] = suffixKeys.map { ($0, Array($0.lowercased())) }

    /// Every suffix read by lookup, canonical symbols first, then aliases and peer suffixes, for suggestions.
    package static let suffixKeys: [String] = {
        var seen = Set<String>()
        return (all.map(\.symbol) + all.flatMap(\.aliases) + peerSuffixes.keys.sorted()).filter { !$0.isEmpty && seen.insert($0).inserted }
    }()

    /// Catalogue ids as lower-case ASCII bytes, for suggestions.
    private static let idBytes: [(String, [UInt8])] = all.map { ($0.id, Array($0.id.utf8)) }

    /// The catalogue id nearest to `text` (edit distance at most 3), if `text` looks like an id (ASCII letters,
    /// digits, hyphens and spaces) and is at most 48 characters long.
    package static func suggestion(for text: String) -> String? {
        let lower = text.lowercased()
        guard !lower.isEmpty, lower.utf8.count <= 48,
              lower.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 32 }) else { return nil }
        let input = Array(lower.utf8).map { $0 == 32 ? 45 : $0 }
        var best: (String, Int)? = nil
        for (id, bytes) in idBytes where abs(bytes.count - input.count) <= 3 {
            let d = editDistance(input, bytes)
            if d <= 3, d < (best?.1 ?? Int.max) { best = (id, d) }
        }
        return best?.0
    }

    /// Levenshtein distance between two arrays (of characters, bytes …).
    package static func editDistance<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        editDistance(a, b, atMost: .max)!
    }

    /// ``editDistance(_:_:)`` when it is at most `bound`, else nil: it stops at the first row whose every entry is past
    /// `bound` (a "did you mean" search only wants near names, and a wrong chord symbol is checked against them all).
    package static func editDistance<T: Equatable>(_ a: [T], _ b: [T], atMost bound: Int) -> Int? {
        if a.isEmpty || b.isEmpty { return Swift.max(a.count, b.count) <= bound ? Swift.max(a.count, b.count) : nil }
        if (a.count - b.count).magnitude > bound { return nil }
        // Plain loops: this runs for every catalog name against every wrong symbol, and ranges turned into arrays
        // cost most of it in a debug build (the test suite's).
        var previous = [Int](repeating: 0, count: b.count + 1)
        var current = previous
        var j = 0
        while j <= b.count { previous[j] = j; j += 1 }
        var i = 1
        while i <= a.count {
            current[0] = i
            var smallest = i
            j = 1
            while j <= b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                let value = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                current[j] = value
                if value < smallest { smallest = value }
                j += 1
            }
            if smallest > bound { return nil }
            swap(&previous, &current)
            i += 1
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }
}
