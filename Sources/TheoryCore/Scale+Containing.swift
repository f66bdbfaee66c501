/// One answer to "which scales contain these notes": a scale and whether it contains them as spelled.
public struct ScaleMatch: Hashable, Sendable, CustomStringConvertible {
    /// The matching scale.
    public let scale: Scale
    /// True when every note is in the scale with the same spelling; false when some only sound the same.
    public let isExact: Bool

    /// "C major" or "C major (enharmonic)".
    public var description: String { scale.description + (isExact ? "" : " (enharmonic)") }
}

extension Scale {
    /// The roots tried for enharmonic matches: one or two common spellings per semitone.
    private static let enharmonicRoots: [PitchClass] = [
        PitchClass(.C), PitchClass(.C, 1), PitchClass(.D, -1), PitchClass(.D), PitchClass(.E, -1),
        PitchClass(.D, 1), PitchClass(.E), PitchClass(.F), PitchClass(.F, 1), PitchClass(.G, -1),
        PitchClass(.G), PitchClass(.G, 1), PitchClass(.A, -1), PitchClass(.A), PitchClass(.A, 1),
        PitchClass(.B, -1), PitchClass(.B), PitchClass(.C, -1),
    ]

    /// Scales of the catalogue that contain all the given notes, best first (see ``matches(containing:)``).
    public static func containing(_ notes: [PitchClass]) -> [Scale] {
        matches(containing: notes).map(\.scale)
    }

    /// Scales of the catalogue that contain all the given notes, ranked.
    ///
    /// Exact matches (every note present with its spelling, on any root) come first; then scales that
    /// contain the notes only enharmonically (rooted on a common spelling, at most one per type and
    /// sounding root, and only where no exact match has that type and sounding root). Within each group,
    /// scales with fewer notes come first, then roots with fewer accidentals, then catalogue order.
    /// An empty list of notes matches nothing.
    public static func matches(containing notes: [PitchClass]) -> [ScaleMatch] {
        var wanted: [PitchClass] = []
        for note in notes where !wanted.contains(note) { wanted.append(note) }
        guard !wanted.isEmpty else { return [] }
        let wantedMask = wanted.reduce(0) { $0 | (1 << $1.semitone) }

        var exact: [(Int, Scale)] = []
        var exactKeys = Set<String>()
        for (order, type) in ScaleType.all.enumerated() where type.count >= wanted.count {
            var roots: [PitchClass] = []
            for interval in type.formula {
                let root = wanted[0].transposed(by: interval.reversed)
                if !roots.contains(root) { roots.append(root) }
            }
            for root in roots {
                let scale = Scale(root, type)
                let notes = scale.pitchClasses
                guard wanted.allSatisfy(notes.contains) else { continue }
                exact.append((order, scale))
                exactKeys.insert("\(type.id)@\(root.semitone)")
            }
        }

        var enharmonic: [(Int, Scale)] = []
        for (order, type) in ScaleType.all.enumerated() where type.count >= wanted.count {
            let mask = type.semitoneMask
            var bestBySemitone: [Int: (cost: Int, scale: Scale)] = [:]
            for root in enharmonicRoots {
                let shifted = rotate(mask, by: root.semitone)
                guard shifted & wantedMask == wantedMask else { continue }
                if exactKeys.contains("\(type.id)@\(root.semitone)") { continue }
                let scale = Scale(root, type)
                let cost = scale.pitchClasses.reduce(0) { $0 + abs($1.accidental) }
                if let current = bestBySemitone[root.semitone], current.cost <= cost { continue }
                bestBySemitone[root.semitone] = (cost, scale)
            }
            for semitone in bestBySemitone.keys.sorted() {
                enharmonic.append((order, bestBySemitone[semitone]!.scale))
            }
        }

        func ranked(_ list: [(Int, Scale)], exact: Bool) -> [ScaleMatch] {
            list.sorted { a, b in
                (a.1.count, abs(a.1.root.accidental), a.0, a.1.root.semitone)
                    < (b.1.count, abs(b.1.root.accidental), b.0, b.1.root.semitone)
            }.map { ScaleMatch(scale: $0.1, isExact: exact) }
        }
        return ranked(exact, exact: true) + ranked(enharmonic, exact: false)
    }

    /// A 12-bit pitch-class mask transposed up by `semitones`.
    private static func rotate(_ mask: Int, by semitones: Int) -> Int {
        let s = floorMod(semitones, 12)
        return ((mask << s) | (mask >> (12 - s))) & 0xFFF
    }
}
