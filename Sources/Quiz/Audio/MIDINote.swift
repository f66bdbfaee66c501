/// A sounding note read from a MIDI file: a note-on paired with its note-off.
public struct MIDINote: Equatable, Sendable {
    /// The channel, 0…15.
    public var channel: UInt8
    /// The MIDI note number (60 = C4).
    public var note: UInt8
    /// The note-on velocity.
    public var velocity: UInt8
    /// The tick of the note-on.
    public var startTick: Int
    /// The tick of the matching note-off (or of the end of the track if none came).
    public var endTick: Int

    /// Creates a note.
    public init(channel: UInt8, note: UInt8, velocity: UInt8, startTick: Int, endTick: Int) {
        self.channel = channel
        self.note = note
        self.velocity = velocity
        self.startTick = startTick
        self.endTick = endTick
    }
}
