import TheoryCore

/// One string (or one course of strings played together) of a fretted instrument.
///
/// The open pitch is spelled (`F#4`, `Bb1`). A string that starts part-way up the neck, such as the short
/// fifth string of a 5-string banjo, has a ``firstFret`` above zero: it is played open (fret 0) or stopped at
/// neck frets above ``firstFret``, and stopping it at neck fret `f` sounds `f - firstFret` semitones above
/// its open pitch. A course of doubled strings lists the other strings of the course in ``doubling``
/// (the octave string of a 12-string guitar's low E course); the map and the voicings use ``open``.
public struct InstrumentString: Hashable, Sendable, CustomStringConvertible {
    /// The open pitch of the (principal) string.
    public let open: Pitch
    /// The neck fret where the string begins: 0 for an ordinary string, 5 for the banjo's short string.
    public let firstFret: Int
    /// The other strings of a course, if the string is doubled (`[E3]` for the low course of a 12-string guitar).
    public let doubling: [Pitch]

    /// Creates a string from its open pitch, the fret where it starts and the other strings of its course.
    public init(_ open: Pitch, firstFret: Int = 0, doubling: [Pitch] = []) {
        self.open = open
        self.firstFret = max(0, firstFret)
        self.doubling = doubling
    }

    /// The open pitch's MIDI number.
    @inlinable public var openMIDI: Int { open.midi }

    /// True when the string is a course of two or more strings.
    public var isCourse: Bool { !doubling.isEmpty }

    /// The lowest fret that can be played with the given capo: 0 (open) unless the capo covers the string.
    ///
    /// A capo at or below a short string's first fret leaves that string alone.
    public func nut(capo: Int) -> Int { capo > firstFret ? capo : 0 }

    /// True when fret `fret` exists on this string (open, or a neck fret above ``firstFret``) with the capo.
    public func isPlayable(fret: Int, capo: Int = 0, frets: Int) -> Bool {
        let nut = nut(capo: capo)
        if fret == nut { return true }
        return fret > max(nut, firstFret) && fret <= frets
    }

    /// The MIDI number sounding at neck fret `fret` (fret 0 is the open string).
    @inlinable public func midi(atFret fret: Int) -> Int {
        fret == 0 ? open.midi : open.midi + fret - firstFret
    }

    /// `E2`, `g4 (from fret 5)`, `E2+E3`.
    public var description: String {
        var s = ([open] + doubling).map(\.description).joined(separator: "+")
        if firstFret > 0 { s += " (from fret \(firstFret))" }
        return s
    }
}
