import TheoryCore

/// A tuned instrument ready to play: a ``Tuning`` with a capo and a handedness; the fretboard map.
///
/// The map answers which pitch sounds at a (string, fret) and where a pitch or pitch class can be played.
/// Fret numbers are neck frets: with a capo at 2, the lowest playable fret of an ordinary string is 2.
public struct Neck: Hashable, Sendable {
    /// The tuning (strings from the thumb side).
    public let tuning: Tuning
    /// The capo fret, 0 for none.
    public let capo: Int
    /// Which hand frets; diagrams of a left-handed neck are mirrored.
    public let handedness: Handedness

    /// Creates a neck; throws ``FretboardError/invalidCapo(_:frets:)`` when the capo is off the neck.
    public init(_ tuning: Tuning, capo: Int = 0, handedness: Handedness = .right) throws {
        guard capo >= 0 && capo < tuning.frets else { throw FretboardError.invalidCapo(capo, frets: tuning.frets) }
        self.tuning = tuning
        self.capo = capo
        self.handedness = handedness
    }

    /// The number of strings.
    public var stringCount: Int { tuning.count }

    /// The number of frets.
    public var frets: Int { tuning.frets }

    /// The string with number `n` (1-based from the thumb side).
    public func string(_ n: Int) throws -> InstrumentString {
        guard n >= 1 && n <= tuning.count else { throw FretboardError.noSuchString(n, count: tuning.count) }
        return tuning.strings[n - 1]
    }

    /// The lowest playable fret of string `n` (0, or the capo when it covers the string).
    public func nut(string n: Int) -> Int { tuning.strings[n - 1].nut(capo: capo) }

    /// True when the fret exists on string `n` with this capo.
    public func isPlayable(_ cell: FretCell) -> Bool {
        guard cell.string >= 1 && cell.string <= tuning.count else { return false }
        return tuning.strings[cell.string - 1].isPlayable(fret: cell.fret, capo: capo, frets: frets)
    }

    /// The MIDI number sounding at a cell (no check that the fret is playable).
    @inlinable public func midi(at cell: FretCell) -> Int {
        tuning.strings[cell.string - 1].midi(atFret: cell.fret)
    }

    /// The pitch sounding at a cell, spelled with sharps (`C#`, not `Db`), or as `spelling` when given and enharmonic.
    public func pitch(at cell: FretCell, spelledAs spelling: PitchClass? = nil) throws -> Pitch {
        _ = try string(cell.string)
        guard isPlayable(cell) else {
            throw FretboardError.invalidFretRange(input: "\(cell.fret)", reason: "fret \(cell.fret) is not playable on string \(cell.string)")
        }
        let midi = midi(at: cell)
        if let spelling, floorMod(midi, 12) == spelling.semitone { return Self.pitch(midi: midi, as: spelling) }
        return Self.sharpPitch(midi: midi)
    }

    /// Every playable cell in a fret range, string by string.
    public func cells(in frets: ClosedRange<Int>) -> [FretCell] {
        var result: [FretCell] = []
        for s in 1...tuning.count {
            for f in frets where isPlayable(FretCell(string: s, fret: f)) { result.append(FretCell(string: s, fret: f)) }
        }
        return result
    }

    /// Every cell in the fret range where exactly this pitch sounds (by MIDI number).
    public func cells(of pitch: Pitch, in frets: ClosedRange<Int>? = nil) -> [FretCell] {
        cells(in: frets ?? 0...self.frets).filter { midi(at: $0) == pitch.midi }
    }

    /// Every cell in the fret range where a pitch of this class sounds (enharmonics included: `Db` finds C#).
    public func cells(of pitchClass: PitchClass, in frets: ClosedRange<Int>? = nil) -> [FretCell] {
        cells(in: frets ?? 0...self.frets).filter { floorMod(midi(at: $0), 12) == pitchClass.semitone }
    }

    // MARK: - Spelling

    /// The pitch of class `pc` with this MIDI number (the octave follows the spelling: B#3 is MIDI 60).
    package static func pitch(midi: Int, as pc: PitchClass) -> Pitch {
        let octave = floorDiv(midi - pc.letter.naturalSemitone - pc.accidental, 12) - 1
        return Pitch(pc.letter, pc.accidental, octave: octave)
    }

    private static let sharpNames: [(Letter, Int)] = [
        (.C, 0), (.C, 1), (.D, 0), (.D, 1), (.E, 0), (.F, 0), (.F, 1), (.G, 0), (.G, 1), (.A, 0), (.A, 1), (.B, 0),
    ]

    /// The pitch with this MIDI number spelled with naturals and sharps.
    package static func sharpPitch(midi: Int) -> Pitch {
        let (letter, accidental) = sharpNames[floorMod(midi, 12)]
        return Pitch(letter, accidental, octave: floorDiv(midi, 12) - 1)
    }
}

extension Neck {
    /// Reads a fret range written `0-12`, `5-9` or a single fret `7`, checked against the neck.
    public func fretRange(parsing text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard (1...2).contains(parts.count), let a = Int(parts[0]), let b = Int(parts.last!) else {
            throw FretboardError.invalidFretRange(input: text, reason: "write it as FROM-TO, for example 0-12")
        }
        guard a <= b else { throw FretboardError.invalidFretRange(input: text, reason: "\(a) is above \(b)") }
        guard a >= 0 && b <= frets else {
            throw FretboardError.invalidFretRange(input: text, reason: "the neck has frets 0…\(frets)")
        }
        return a...b
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
