import TheoryCore

/// Limits on the voicings ``VoicingFinder`` enumerates.
public struct VoicingConstraints: Hashable, Sendable {
    /// The largest distance between fretted notes, counted in frets inclusive (4: frets 1–4). Open strings don't count.
    public var maxSpan: Int
    /// The most fretting fingers (a barre counts as one finger).
    public var maxFingers: Int
    /// Allow muted strings between sounding strings (`x3x010`); muted strings at the edges are always allowed.
    public var allowMutedInner: Bool
    /// The note that must sound lowest; `nil` means the chord's slash bass, or else its root on instruments whose
    /// open strings rise from string 1 and have at least five strings (on others an inversion costs points).
    public var bass: PitchClass?
    /// The neck frets searched (fretted notes only; open strings are always available).
    public var frets: ClosedRange<Int>?
    /// The fewest sounding strings; `nil` means three, or every string on instruments with three or fewer.
    public var minimumSoundingStrings: Int?

    /// Creates constraints; the defaults are those of `tonmeister voicings`.
    public init(maxSpan: Int = 4, maxFingers: Int = 4, allowMutedInner: Bool = false, bass: PitchClass? = nil,
                frets: ClosedRange<Int>? = nil, minimumSoundingStrings: Int? = nil) {
        self.maxSpan = maxSpan
        self.maxFingers = maxFingers
        self.allowMutedInner = allowMutedInner
        self.bass = bass
        self.frets = frets
        self.minimumSoundingStrings = minimumSoundingStrings
    }

    /// Throws ``FretboardError/invalidConstraint(name:reason:)`` for values outside sensible ranges.
    public func validate() throws {
        guard (1...8).contains(maxSpan) else { throw FretboardError.invalidConstraint(name: "max span", reason: "\(maxSpan) (1…8 frets)") }
        guard (1...4).contains(maxFingers) else { throw FretboardError.invalidConstraint(name: "max fingers", reason: "\(maxFingers) (1…4)") }
        if let m = minimumSoundingStrings, m < 1 {
            throw FretboardError.invalidConstraint(name: "minimum sounding strings", reason: "\(m) (at least 1)")
        }
    }
}
