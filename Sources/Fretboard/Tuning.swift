import TheoryCore

/// A tuning of an instrument: its strings in physical order from the player's thumb side, with spelled open pitches.
///
/// String 1 is the string nearest the player's thumb: the low E of a guitar, the short g string of a
/// 5-string banjo, the re-entrant g of a ukulele. Built-in tunings are in ``all`` (look them up with
/// ``named(_:)``); custom tunings are read from text such as `E2 A2 D3 G3 B3 E4` by ``init(parsing:frets:)``.
public struct Tuning: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// Kebab-case identifier: `guitar-standard`, `guitar-drop-d`, `bass-5`, `banjo-open-g`, `custom`.
    public let id: String
    /// Display name: "Drop D".
    public let name: String
    /// The instrument the tuning is for.
    public let instrument: Instrument
    /// The strings (or courses) from string 1 (thumb side) upward.
    public let strings: [InstrumentString]

    /// Creates a tuning.
    public init(id: String, name: String, instrument: Instrument, strings: [InstrumentString]) {
        self.id = id
        self.name = name
        self.instrument = instrument
        self.strings = strings
    }

    /// The number of strings (courses count once).
    public var count: Int { strings.count }

    /// The number of frets of the instrument.
    public var frets: Int { instrument.frets }

    /// The open pitches from string 1 upward.
    public var openPitches: [Pitch] { strings.map(\.open) }

    /// True when the open strings do not rise steadily from string 1 (ukulele, 5-string banjo, charango).
    public var isReentrant: Bool {
        zip(strings, strings.dropFirst()).contains { $0.open.midi > $1.open.midi }
    }

    /// True when some string is a course of doubled strings.
    public var hasCourses: Bool { strings.contains(where: \.isCourse) }

    /// `guitar-standard: E2 A2 D3 G3 B3 E4`.
    public var description: String { "\(id): " + openPitches.map(\.description).joined(separator: " ") }

    // MARK: - Lookup

    /// Every built-in tuning, grouped by instrument.
    public static let all: [Tuning] = TuningCatalog.all

    /// Every instrument that has a built-in tuning, in catalogue order.
    public static var instruments: [Instrument] {
        var seen = Set<String>()
        return all.map(\.instrument).filter { seen.insert($0.id).inserted }
    }

    /// The built-in tuning with this id (or alias such as `guitar` for `guitar-standard`).
    ///
    /// Throws ``FretboardError/unknownTuning(id:suggestion:)`` naming the nearest id when none matches.
    public static func named(_ id: String) throws -> Tuning {
        let key = id.lowercased()
        if let t = TuningCatalog.byID[key] { return t }
        if let t = TuningCatalog.byID[key + "-standard"] { return t }
        throw FretboardError.unknownTuning(id: id, suggestion: TuningCatalog.suggestion(for: key))
    }

    /// A built-in tuning id, or else a custom tuning written as open pitches (`"E2 A2 D3 G3 B3 E4"`).
    public static func resolve(_ text: String, frets: Int = 22) throws -> Tuning {
        if text.contains(where: { $0 == " " || $0 == "," }) { return try Tuning(parsing: text, frets: frets) }
        return try named(text)
    }
}
