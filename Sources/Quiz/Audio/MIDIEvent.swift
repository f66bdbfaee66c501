/// One event of a MIDI track at an absolute time in ticks.
public struct MIDIEvent: Equatable, Sendable {
    /// What an event says: the channel messages and meta events Tonmeister writes, and a catch-all for the rest.
    public enum Message: Equatable, Sendable {
        /// Note on (a velocity of 0 is a note off by convention).
        case noteOn(channel: UInt8, note: UInt8, velocity: UInt8)
        /// Note off.
        case noteOff(channel: UInt8, note: UInt8, velocity: UInt8)
        /// Program (instrument) change; the program byte is 0-based (GM program 1 is byte 0).
        case programChange(channel: UInt8, program: UInt8)
        /// Control change (CC 101/100 select a registered parameter, CC 6/38 set it).
        case controlChange(channel: UInt8, controller: UInt8, value: UInt8)
        /// Pitch bend, 0…16383 with 8192 the centre (no bend).
        case pitchBend(channel: UInt8, value: UInt16)
        /// Set tempo (meta 0x51): microseconds per quarter note.
        case tempo(microsecondsPerQuarter: UInt32)
        /// Time signature (meta 0x58): numerator, denominator as a power of two, MIDI clocks per click, 32nds per quarter.
        case timeSignature(numerator: UInt8, denominatorPower: UInt8, clocksPerClick: UInt8, thirtySecondsPerQuarter: UInt8)
        /// Sequence or track name (meta 0x03).
        case trackName(String)
        /// End of track (meta 0x2F).
        case endOfTrack
        /// Any other channel message (aftertouch, channel pressure), with its status byte and data bytes.
        case otherChannel(status: UInt8, data: [UInt8])
        /// Any other meta event, with its type and data.
        case otherMeta(type: UInt8, data: [UInt8])
        /// A system exclusive message (status 0xF0 or 0xF7) with its data.
        case sysex(status: UInt8, data: [UInt8])
    }

    /// The time in ticks from the start of the track.
    public var tick: Int
    /// The message.
    public var message: Message

    /// Creates an event.
    public init(tick: Int, _ message: Message) {
        self.tick = tick
        self.message = message
    }
}

extension MIDIEvent.Message {
    /// The bytes of the message as they follow the delta time (no running status).
    var encoded: [UInt8] {
        switch self {
        case .noteOn(let ch, let note, let velocity): [0x90 | ch & 0x0F, note & 0x7F, velocity & 0x7F]
        case .noteOff(let ch, let note, let velocity): [0x80 | ch & 0x0F, note & 0x7F, velocity & 0x7F]
        case .programChange(let ch, let program): [0xC0 | ch & 0x0F, program & 0x7F]
        case .controlChange(let ch, let controller, let value): [0xB0 | ch & 0x0F, controller & 0x7F, value & 0x7F]
        case .pitchBend(let ch, let value): [0xE0 | ch & 0x0F, UInt8(value & 0x7F), UInt8(value >> 7 & 0x7F)]
        case .tempo(let mpq): Self.meta(0x51, [UInt8(mpq >> 16 & 0xFF), UInt8(mpq >> 8 & 0xFF), UInt8(mpq & 0xFF)])
        case .timeSignature(let n, let d, let clocks, let thirtySeconds): Self.meta(0x58, [n, d, clocks, thirtySeconds])
        case .trackName(let name): Self.meta(0x03, Array(name.utf8))
        case .endOfTrack: Self.meta(0x2F, [])
        case .otherChannel(let status, let data): [status] + data
        case .otherMeta(let type, let data): Self.meta(type, data)
        case .sysex(let status, let data): [status] + Self.lengthPrefixed(data)
        }
    }

    /// A meta event: 0xFF, type, length, data.
    private static func meta(_ type: UInt8, _ data: [UInt8]) -> [UInt8] { [0xFF, type] + lengthPrefixed(data) }

    /// Data preceded by its length as a variable-length quantity.
    private static func lengthPrefixed(_ data: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.variableLength(data.count)
        return w.bytes + data
    }
}
