/// A kind of scale, defined by a spelled degree formula ascending from the root (`1 2 b3 4 5 b6 7`).
///
/// The formula keeps spelling: every entry is an exact ``Interval`` (a `#4` is an augmented fourth,
/// a `b5` a diminished fifth), so a ``Scale`` built on any root is spelled by letter from the formula,
/// never from semitones. The dictionary of named types is ``all``; look names up with ``named(_:)``.
public struct ScaleType: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// The kebab-case identifier: `harmonic-minor`, `major`, `dorian-flat-2`.
    public let id: String
    /// The display name: "Harmonic minor".
    public let name: String
    /// Other names accepted by ``named(_:)``, in kebab-case (`aeolian`, `minor` for `natural-minor`).
    public let aliases: [String]
    /// The formula as degree labels separated by single spaces (`1 2 b3 4 5 b6 7`).
    public let formulaText: String
    /// The formula: ascending intervals from the root, starting with a perfect unison, each less than an octave.
    public let formula: [Interval]

    /// The longest formula text accepted.
    public static let maximumFormulaLength = 200

    /// Creates a scale type from a formula written as degree labels (`"1 2 b3 4 5 b6 7"`).
    ///
    /// Throws ``TheoryError/invalidFormula(input:reason:)`` when a label cannot be read, when the
    /// formula does not start with `1`, or when its notes do not rise strictly within one octave.
    public init(id: String, name: String, formula text: String, aliases: [String] = []) throws {
        let parsed = try Self.parseFormula(text)
        self.id = id
        self.name = name
        self.aliases = aliases
        self.formula = parsed
        self.formulaText = Self.normalizedFormulaText(text)
    }

    /// Creates a scale type from formula intervals (validated as for the text form).
    public init(id: String, name: String, intervals: [Interval], aliases: [String] = []) throws {
        let text = intervals.map(\.degreeLabel).joined(separator: " ")
        try Self.validate(intervals, text: text)
        self.id = id
        self.name = name
        self.aliases = aliases
        self.formula = intervals
        self.formulaText = text
    }

    /// Builds a catalogue entry; the formula is known to be valid (checked by the test suite).
    package init(catalogue id: String, _ name: String, _ text: String, _ aliases: [String]) {
        guard let parsed = try? Self.parseFormula(text) else {
            preconditionFailure("scale catalogue entry \(id) has an invalid formula")
        }
        self.id = id
        self.name = name
        self.aliases = aliases
        self.formula = parsed
        self.formulaText = Self.normalizedFormulaText(text)
    }

    /// The number of notes in one octave.
    public var count: Int { formula.count }

    /// True for seven-note scales.
    public var isHeptatonic: Bool { formula.count == 7 }

    /// Semitones above the root of each degree (`[0, 2, 3, 5, 7, 8, 11]` for harmonic minor).
    public var semitones: [Int] { formula.map(\.semitones) }

    /// The set of sounding pitch classes as a 12-bit mask relative to the root (bit 0 = root).
    public var semitoneMask: Int { formula.reduce(0) { $0 | (1 << floorMod($1.semitones, 12)) } }

    /// The name, as in "Harmonic minor".
    public var description: String { name }

    // MARK: - Modes

    /// The `n`th mode (1-based, wrapping): the formula rotated to start on degree `n`.
    ///
    /// The rotation is computed exactly with interval arithmetic (degrees below the new root move up an
    /// octave) and matched back to a catalogue type with the identical formula (mode 2 of `major` is
    /// `dorian`, mode 7 of `melodic-minor` is `altered`). When none has that formula, a type with an id
    /// such as `hirajoshi-mode-3` is synthesized; ``enharmonicEquivalent`` may still name it.
    public func mode(_ n: Int) -> ScaleType {
        let k = formula.count
        let start = floorMod(n - 1, k)
        if start == 0 { return self }
        let base = formula[start]
        let rotated = (0..<k).map { i -> Interval in
            let j = start + i
            return j < k ? formula[j] - base : formula[j - k] + .P8 - base
        }
        if let match = Self.all.first(where: { $0.formula == rotated }) { return match }
        let text = rotated.map(\.degreeLabel).joined(separator: " ")
        return ScaleType(unchecked: "\(id)-mode-\(start + 1)", name: "\(name) mode \(start + 1)",
                         formula: rotated, text: text)
    }

    /// All modes in order, from mode 1 (this type) to mode ``count``.
    public var modes: [ScaleType] { (1...count).map(mode) }

    /// The catalogue type (other than this one) with the same sounding notes but a different spelling, if any.
    ///
    /// Mode 2 of `whole-tone` is spelled `1 2 3 #4 b6 b7`; its enharmonic equivalent is `whole-tone`.
    public var enharmonicEquivalent: ScaleType? {
        let mask = semitoneMask
        return Self.all.first { $0.semitoneMask == mask && $0.formula != formula }
    }

    private init(unchecked id: String, name: String, formula: [Interval], text: String) {
        self.id = id
        self.name = name
        self.aliases = []
        self.formula = formula
        self.formulaText = text
    }

    // MARK: - Formula parsing

    /// Parses degree labels separated by spaces or commas into validated intervals.
    package static func parseFormula(_ text: String) throws -> [Interval] {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { throw TheoryError.empty(what: "a scale formula such as 1 2 b3 4 5 b6 7") }
        if trimmed.count > maximumFormulaLength {
            throw TheoryError.tooLong(what: "a scale formula", length: trimmed.count, limit: maximumFormulaLength)
        }
        let labels = Self.labels(trimmed)
        var intervals: [Interval] = []
        for label in labels {
            do {
                intervals.append(try Interval(degree: label))
            } catch let error as TheoryError {
                throw TheoryError.invalidFormula(input: trimmed, reason: "degree '\(TheoryError.excerpt(label, limit: 12))': \(error)")
            }
        }
        try validate(intervals, text: trimmed)
        return intervals
    }

    /// Checks that a formula starts on the root and rises strictly within the octave, letters never falling.
    package static func validate(_ intervals: [Interval], text: String) throws {
        guard let first = intervals.first else {
            throw TheoryError.invalidFormula(input: text, reason: "no degrees")
        }
        guard first == .P1 else {
            throw TheoryError.invalidFormula(input: text, reason: "a scale formula starts with 1 (the root)")
        }
        for (previous, next) in zip(intervals, intervals.dropFirst()) {
            guard next.semitones > previous.semitones, next.steps >= previous.steps else {
                throw TheoryError.invalidFormula(
                    input: text, reason: "'\(next.degreeLabel)' does not lie above '\(previous.degreeLabel)' (degrees must rise)")
            }
        }
        if let last = intervals.last, last.semitones >= 12 || last.steps > 7 {
            throw TheoryError.invalidFormula(input: text, reason: "'\(last.degreeLabel)' is not inside the octave")
        }
    }

    private static func labels(_ text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
    }

    private static func normalizedFormulaText(_ text: String) -> String {
        labels(text).joined(separator: " ")
    }
}
