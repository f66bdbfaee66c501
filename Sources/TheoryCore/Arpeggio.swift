/// A chord's tones laid over a pitch range in ascending (or descending) order, each labelled with its degree.
///
/// Tones keep the chord's spelling and formula label in every octave: a b9 is still labelled `b9` when it
/// sounds below the root. Range bounds are inclusive and compared by sound (MIDI number). A slash bass that is not
/// a chord tone is not part of the arpeggio.
public struct Arpeggio: Hashable, Sendable {
    /// One note of an arpeggio.
    public struct Tone: Hashable, Sendable, CustomStringConvertible {
        /// The spelled pitch.
        public let pitch: Pitch
        /// The formula interval it comes from (`b9`, not the simple `b2`).
        public let interval: Interval
        /// The degree label: `1`, `b3`, `b9`, `#11`.
        public var degreeLabel: String { interval.degreeLabel }
        /// `C4 (1)`.
        public var description: String { "\(pitch) (\(degreeLabel))" }
    }

    /// The chord arpeggiated.
    public let chord: Chord
    /// The lower bound of the range.
    public let low: Pitch
    /// The upper bound of the range.
    public let high: Pitch
    /// True when the tones run from high to low.
    public let descending: Bool
    /// The tones in playing order.
    public let tones: [Tone]

    /// Lays `chord` over the range between `from` and `to` (in either order), ascending or descending.
    public init(_ chord: Chord, from: Pitch, to: Pitch, descending: Bool = false) {
        let low = from.midi <= to.midi ? from : to
        let high = from.midi <= to.midi ? to : from
        self.chord = chord
        self.low = low
        self.high = high
        self.descending = descending
        var tones: [Tone] = []
        let notes = chord.notes
        for (pc, interval) in zip(notes, chord.type.formula) {
            let first = floorDiv(low.midi, 12) - 2
            let last = floorDiv(high.midi, 12) + 1
            guard first <= last else { continue }
            for octave in first...last {
                let p = pc.pitch(octave: octave)
                if p.midi >= low.midi && p.midi <= high.midi { tones.append(Tone(pitch: p, interval: interval)) }
            }
        }
        tones.sort { $0.pitch < $1.pitch }
        self.tones = descending ? tones.reversed() : tones
    }

    /// The pitches in playing order.
    public var pitches: [Pitch] { tones.map(\.pitch) }
}

extension Chord {
    /// The chord's tones over the range from `from` to `to` (inclusive), ascending or descending, spelled.
    public func arpeggio(from: Pitch, to: Pitch, descending: Bool = false) -> [Pitch] {
        Arpeggio(self, from: from, to: to, descending: descending).pitches
    }
}
