/// A Standard MIDI File held in memory: format, time division and tracks of events at absolute ticks.
///
/// `bytes()` writes an `MThd` header chunk (length 6: format, track count, ticks per quarter note) and one
/// `MTrk` chunk per track, with variable-length delta times, no running status and an end-of-track meta
/// event (added if a track lacks one). `init(parsing:)` reads format 0 and 1 files back, running status
/// included.
public struct MIDIFile: Equatable, Sendable {
    /// 0 = one track; 1 = several tracks played together.
    public var format: Int
    /// Ticks per quarter note (the header's division field, metrical form).
    public var ticksPerQuarter: Int
    /// The tracks; each track's events are in time order.
    public var tracks: [[MIDIEvent]]

    /// Creates a file.
    ///
    /// - Precondition: format 0 has exactly one track, format 1 at least one; `ticksPerQuarter` is 1…32767.
    public init(format: Int = 0, ticksPerQuarter: Int = 480, tracks: [[MIDIEvent]]) {
        precondition(format == 0 ? tracks.count == 1 : format == 1 && !tracks.isEmpty, "format 0 has one track, format 1 one or more")
        precondition((1...0x7FFF).contains(ticksPerQuarter), "ticks per quarter must be 1…32767")
        self.format = format
        self.ticksPerQuarter = ticksPerQuarter
        self.tracks = tracks
    }

    /// The file's bytes.
    public func bytes() -> [UInt8] {
        var w = ByteWriter()
        w.ascii("MThd")
        w.uint32BE(6)
        w.uint16BE(UInt16(format))
        w.uint16BE(UInt16(tracks.count))
        w.uint16BE(UInt16(ticksPerQuarter))
        for track in tracks {
            let body = Self.encode(track)
            w.ascii("MTrk")
            w.uint32BE(UInt32(body.count))
            w.bytes.append(contentsOf: body)
        }
        return w.bytes
    }

    /// A track's events as delta-timed bytes, stably sorted by tick, ending with exactly one end-of-track.
    private static func encode(_ track: [MIDIEvent]) -> [UInt8] {
        let ordered = track.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }.map(\.element)
        let events = ordered.filter { $0.message != .endOfTrack }
        let end = max(events.last?.tick ?? 0, ordered.last { $0.message == .endOfTrack }?.tick ?? 0)
        var w = ByteWriter()
        var now = 0
        for event in events + [MIDIEvent(tick: end, .endOfTrack)] {
            precondition(event.tick >= 0, "MIDI ticks are never negative")
            w.variableLength(event.tick - now)
            w.bytes.append(contentsOf: event.message.encoded)
            now = event.tick
        }
        return w.bytes
    }

    /// Every note of every track, paired on/off per channel and note number (first in, first out),
    /// ordered by start tick, then note number. A note-on with velocity 0 counts as a note-off.
    public var notes: [MIDINote] {
        var result: [MIDINote] = []
        for track in tracks {
            var open: [Int: [MIDINote]] = [:]   // key: channel * 128 + note
            for event in track {
                switch event.message {
                case .noteOn(let ch, let note, let velocity) where velocity > 0:
                    open[Int(ch) * 128 + Int(note), default: []]
                        .append(MIDINote(channel: ch, note: note, velocity: velocity, startTick: event.tick, endTick: event.tick))
                case .noteOn(let ch, let note, _), .noteOff(let ch, let note, _):
                    let key = Int(ch) * 128 + Int(note)
                    guard var waiting = open[key], !waiting.isEmpty else { continue }
                    var played = waiting.removeFirst()
                    played.endTick = event.tick
                    result.append(played)
                    open[key] = waiting
                default: continue
                }
            }
            let end = track.last?.tick ?? 0
            for var unfinished in open.values.joined() {
                unfinished.endTick = end
                result.append(unfinished)
            }
        }
        return result.sorted { ($0.startTick, $0.note, $0.channel) < ($1.startTick, $1.note, $1.channel) }
    }

    /// The tempo in force at the start (the first tempo event at tick 0), in microseconds per quarter note;
    /// 500 000 (120 beats per minute), the SMF default, when there is none.
    public var initialTempo: Int {
        for track in tracks {
            for event in track where event.tick == 0 {
                if case .tempo(let mpq) = event.message { return Int(mpq) }
            }
        }
        return 500_000
    }
}
