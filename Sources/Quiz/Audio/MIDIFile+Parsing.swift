extension MIDIFile {
    /// Reads a format 0 or 1 Standard MIDI File with a metrical time division (ticks per quarter).
    ///
    /// Running status is understood; unknown chunks are skipped; events are kept at absolute ticks.
    ///
    /// - Throws: `AudioError.malformedMIDI` naming the first thing that does not fit.
    public init(parsing bytes: [UInt8]) throws(AudioError) {
        var r = ByteReader(bytes) { AudioError.malformedMIDI($0) }
        guard try r.fourCC("header id") == "MThd" else { throw .malformedMIDI("it does not start with 'MThd'") }
        let headerLength = Int(try r.uint32BE("header length"))
        guard headerLength >= 6 else { throw .malformedMIDI("the header chunk has length \(headerLength), not 6") }
        var header = ByteReader(Array(try r.take(headerLength, "header chunk"))) { AudioError.malformedMIDI($0) }
        let format = Int(try header.uint16BE("format"))
        let trackCount = Int(try header.uint16BE("track count"))
        let division = Int(try header.uint16BE("division"))
        guard format == 0 || format == 1 else { throw .malformedMIDI("format \(format) is not read (only 0 and 1)") }
        guard division & 0x8000 == 0, division > 0 else {
            throw .malformedMIDI("division 0x\(String(division, radix: 16)) is not ticks per quarter note (SMPTE time is not read)")
        }
        guard trackCount >= 1, format == 1 || trackCount == 1 else {
            throw .malformedMIDI("format \(format) with \(trackCount) tracks")
        }
        var tracks: [[MIDIEvent]] = []
        while tracks.count < trackCount {
            let id = try r.fourCC("chunk id")
            let length = Int(try r.uint32BE("chunk length"))
            let body = Array(try r.take(length, "'\(id)' chunk"))
            if id == "MTrk" { tracks.append(try Self.readTrack(body, number: tracks.count + 1)) }
        }
        self.init(format: format, ticksPerQuarter: division, tracks: tracks)
    }

    /// Reads the events of one `MTrk` chunk body, up to its end-of-track event.
    private static func readTrack(_ body: [UInt8], number: Int) throws(AudioError) -> [MIDIEvent] {
        var r = ByteReader(body) { AudioError.malformedMIDI("track \(number): \($0)") }
        var events: [MIDIEvent] = []
        var tick = 0
        var runningStatus: UInt8?
        while r.remaining > 0 {
            tick += try r.variableLength("delta time")
            var status = try r.uint8("status")
            var firstData: UInt8?
            if status < 0x80 {
                guard let runningStatus else { throw .malformedMIDI("track \(number): data byte 0x\(String(status, radix: 16)) without a status at byte \(r.offset - 1)") }
                firstData = status
                status = runningStatus
            }
            let message: MIDIEvent.Message
            switch status {
            case 0xFF:
                runningStatus = nil
                let type = try r.uint8("meta type")
                let length = try r.variableLength("meta length")
                let data = Array(try r.take(length, "meta data"))
                message = try meta(type, data, track: number)
            case 0xF0, 0xF7:
                runningStatus = nil
                let length = try r.variableLength("sysex length")
                message = .sysex(status: status, data: Array(try r.take(length, "sysex data")))
            case 0x80...0xEF:
                runningStatus = status
                let size = (0xC0...0xDF).contains(status) ? 1 : 2
                var data: [UInt8] = []
                if let firstData { data.append(firstData) }
                while data.count < size { data.append(try r.uint8("channel message data")) }
                guard data.allSatisfy({ $0 < 0x80 }) else {
                    throw .malformedMIDI("track \(number): a data byte above 0x7F after status 0x\(String(status, radix: 16))")
                }
                message = channelMessage(status, data)
            default:
                throw .malformedMIDI("track \(number): status 0x\(String(status, radix: 16)) is not allowed in a file")
            }
            events.append(MIDIEvent(tick: tick, message))
            if message == .endOfTrack { return events }
        }
        throw .malformedMIDI("track \(number) has no end-of-track event")
    }

    /// A channel voice message from its status and data bytes.
    private static func channelMessage(_ status: UInt8, _ data: [UInt8]) -> MIDIEvent.Message {
        let channel = status & 0x0F
        switch status & 0xF0 {
        case 0x80: return .noteOff(channel: channel, note: data[0], velocity: data[1])
        case 0x90: return .noteOn(channel: channel, note: data[0], velocity: data[1])
        case 0xB0: return .controlChange(channel: channel, controller: data[0], value: data[1])
        case 0xC0: return .programChange(channel: channel, program: data[0])
        case 0xE0: return .pitchBend(channel: channel, value: UInt16(data[0]) | UInt16(data[1]) << 7)
        default: return .otherChannel(status: status, data: data)
        }
    }

    /// A meta event from its type and data.
    private static func meta(_ type: UInt8, _ data: [UInt8], track: Int) throws(AudioError) -> MIDIEvent.Message {
        switch type {
        case 0x2F:
            return .endOfTrack
        case 0x51:
            guard data.count == 3 else { throw .malformedMIDI("track \(track): a tempo event with \(data.count) data bytes, not 3") }
            return .tempo(microsecondsPerQuarter: data.reduce(0) { $0 << 8 | UInt32($1) })
        case 0x58:
            guard data.count == 4 else { throw .malformedMIDI("track \(track): a time signature with \(data.count) data bytes, not 4") }
            return .timeSignature(numerator: data[0], denominatorPower: data[1], clocksPerClick: data[2], thirtySecondsPerQuarter: data[3])
        case 0x03:
            return .trackName(String(decoding: data, as: UTF8.self))
        default:
            return .otherMeta(type: type, data: data)
        }
    }
}
