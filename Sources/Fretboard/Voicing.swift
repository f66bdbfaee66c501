import TheoryCore

/// One way to play a chord: a fret or a mute per string, with fingers, spelled notes and a playability score.
public struct Voicing: Hashable, Sendable, CustomStringConvertible {
    /// The chord voiced.
    public let chord: Chord
    /// Per string from string 1: the neck fret, or `nil` for a muted string.
    public let frets: [Int?]
    /// Per string: the finger (1 index … 4 little), or `nil` for open and muted strings.
    public let fingers: [Int?]
    /// The barres of the fingering (the index-finger barre first), empty when none is needed.
    public let barres: [Barre]
    /// The first barre, if the fingering uses one.
    public var barre: Barre? { barres.first }
    /// Per string: the spelled pitch sounding, or `nil` for a muted string.
    public let pitches: [Pitch?]
    /// Per string: the formula interval from the root of the note sounding, or `nil` for a muted string.
    public let intervals: [Interval?]
    /// The playability score and its parts (lower is easier).
    public let playability: PlayabilityScore

    /// The total score (lower is easier).
    public var score: Double { playability.total }

    /// The sounding notes from string 1 upward (muted strings left out).
    public var notes: [Pitch] { pitches.compactMap { $0 } }

    /// The lowest fretted fret, or `nil` when every sounding string is open.
    public var lowestFret: Int? { zip(frets, fingers).compactMap { f, finger in finger == nil ? nil : f }.min() }

    /// The usual chord-chart spelling: `x32010`, or `x-10-12-12-12-10` when a fret has two digits.
    public var shape: String { Self.shape(frets) }

    /// Writes frets as a chord-chart string: `x` for muted strings, digits joined (dashes when any fret exceeds 9).
    public static func shape(_ frets: [Int?]) -> String {
        let parts = frets.map { $0.map(String.init) ?? "x" }
        return parts.contains { $0.count > 1 } ? parts.joined(separator: "-") : parts.joined()
    }

    /// `x32010`.
    public var description: String { shape }
}
