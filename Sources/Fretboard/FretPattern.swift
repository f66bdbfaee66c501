import TheoryCore

/// A set of cells on the neck, each labelled with its spelled pitch and its formula interval from a root.
///
/// Patterns show every note of a scale, chord or arpeggio in a fret range (``scale(_:on:frets:)``,
/// ``chord(_:on:frets:)``, ``arpeggio(_:on:frets:)``) or one playing position of a scale
/// (see ``ScalePosition``). Cells are ordered by string (thumb side first), then fret.
public struct FretPattern: Hashable, Sendable {
    /// What a pattern shows.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case scale, chord, arpeggio
    }

    /// What the pattern shows.
    public let kind: Kind
    /// The root every interval is measured from.
    public let root: PitchClass
    /// A display name: "C major", "Cdim7".
    public let name: String
    /// The cells, by string then fret.
    public let cells: [PatternCell]
    /// The fret range the pattern was drawn from.
    public let frets: ClosedRange<Int>

    /// Creates a pattern from its cells (they are sorted by string, then fret).
    public init(kind: Kind, root: PitchClass, name: String, cells: [PatternCell], frets: ClosedRange<Int>) {
        self.kind = kind
        self.root = root
        self.name = name
        self.cells = cells.sorted { $0.cell < $1.cell }
        self.frets = frets
    }

    /// Every note of the scale in the fret range, labelled from the scale formula.
    public static func scale(_ scale: Scale, on neck: Neck, frets: ClosedRange<Int>) -> FretPattern {
        let tones = zip(scale.pitchClasses, scale.type.formula).map { ($0, $1) }
        return FretPattern(kind: .scale, root: scale.root, name: scale.description,
                           cells: labelledCells(tones, on: neck, frets: frets), frets: frets)
    }

    /// Every chord tone in the fret range, labelled from the chord formula (a slash bass outside the chord included).
    public static func chord(_ chord: Chord, on neck: Neck, frets: ClosedRange<Int>) -> FretPattern {
        FretPattern(kind: .chord, root: chord.root, name: chord.symbol,
                    cells: labelledCells(chordTones(chord), on: neck, frets: frets), frets: frets)
    }

    /// The chord's arpeggio in the fret range: its tones labelled from the formula (`bb7` in a dim7 arpeggio).
    public static func arpeggio(_ chord: Chord, on neck: Neck, frets: ClosedRange<Int>) -> FretPattern {
        FretPattern(kind: .arpeggio, root: chord.root, name: chord.symbol,
                    cells: labelledCells(chordTones(chord, includingBass: false), on: neck, frets: frets), frets: frets)
    }

    /// The pattern restricted to the cells whose pitch class is one of the chord's tones, relabelled from the
    /// chord formula: an arpeggio shape inside a scale position.
    public func arpeggio(_ chord: Chord) -> FretPattern {
        let tones = Self.chordTones(chord, includingBass: false)
        let kept = cells.compactMap { c -> PatternCell? in
            guard let t = tones.first(where: { $0.0.semitone == floorMod(c.pitch.midi, 12) }) else { return nil }
            return PatternCell(cell: c.cell, pitch: Neck.pitch(midi: c.pitch.midi, as: t.0), interval: t.1)
        }
        return FretPattern(kind: .arpeggio, root: chord.root, name: chord.symbol, cells: kept, frets: frets)
    }

    /// The spelled tones of a chord with their formula intervals; a slash bass outside the chord is added
    /// with its interval above the root.
    package static func chordTones(_ chord: Chord, includingBass: Bool = true) -> [(PitchClass, Interval)] {
        var tones = zip(chord.notes, chord.type.formula).map { ($0, $1) }
        if includingBass, let bass = chord.bass, !tones.contains(where: { $0.0.semitone == bass.semitone }) {
            tones.append((bass, chord.root.interval(upTo: bass)))
        }
        return tones
    }

    /// The cells in the range whose sound matches one of the tones, spelled and labelled by that tone.
    package static func labelledCells(_ tones: [(PitchClass, Interval)], on neck: Neck, frets: ClosedRange<Int>) -> [PatternCell] {
        var bySemitone = [(PitchClass, Interval)?](repeating: nil, count: 12)
        for t in tones where bySemitone[t.0.semitone] == nil { bySemitone[t.0.semitone] = t }
        return neck.cells(in: frets).compactMap { cell in
            let midi = neck.midi(at: cell)
            guard let t = bySemitone[floorMod(midi, 12)] else { return nil }
            return PatternCell(cell: cell, pitch: Neck.pitch(midi: midi, as: t.0), interval: t.1)
        }
    }
}
