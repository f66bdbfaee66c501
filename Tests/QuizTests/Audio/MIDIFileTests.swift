import Foundation
@testable import Quiz
import TheoryCore
import Testing

@Suite("MIDI files")
struct MIDIFileTests {
    @Test("the header chunk: MThd, length 6, format 0, one track, 480 ticks per quarter")
    func header() throws {
        let bytes = try IntervalAudio().midi(notes: [Pitch("C4"), Pitch("E4")], harmonic: false)
        #expect(Array(bytes[0..<14]) == Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0x01, 0xE0])
        #expect(Array(bytes[14..<18]) == Array("MTrk".utf8))
        let length = bytes[18..<22].reduce(0) { $0 << 8 | Int($1) }
        #expect(length == bytes.count - 22)
        #expect(Array(bytes.suffix(4)) == [0x00, 0xFF, 0x2F, 0x00])   // end of track, right after the last note-off
    }

    @Test("melodic notes follow one another, in the order given", arguments: [
        (["C4", "E4"], [60, 64]),
        (["E4", "C4"], [64, 60]),          // descending: the caller passes the higher note first
        (["E2", "E2"], [40, 40]),          // a unison
    ])
    func melodic(names: [String], numbers: [Int]) throws {
        let audio = try IntervalAudio(timbre: .pluckedString, noteSeconds: 1, gapSeconds: 0.1)
        let file = try MIDIFile(parsing: try audio.midi(notes: names.map { try Pitch($0) }, harmonic: false))
        #expect(file.format == 0 && file.ticksPerQuarter == 480 && file.tracks.count == 1)
        #expect(file.initialTempo == 500_000)
        let notes = file.notes
        #expect(notes.map { Int($0.note) } == numbers)
        #expect(notes.map(\.startTick) == [0, 1_056])             // 960 ticks per second: 1.1 s later
        #expect(notes.map(\.endTick) == [960, 2_016])
        #expect(notes.allSatisfy { $0.velocity == IntervalAudio.velocity && $0.channel == 0 })
        #expect(file.tracks[0].last == MIDIEvent(tick: 2_016, .endOfTrack))
    }

    @Test("harmonic notes start and stop together")
    func harmonic() throws {
        let audio = try IntervalAudio(noteSeconds: 1.5)
        let file = try MIDIFile(parsing: try audio.midi(notes: [Pitch("C4"), Pitch("G4"), Pitch("E5")], harmonic: true))
        #expect(file.notes.map { Int($0.note) } == [60, 67, 76])
        #expect(file.notes.allSatisfy { $0.startTick == 0 && $0.endTick == 1_440 })
    }

    @Test("a gapless melody ends each note before the next begins")
    func gapless() throws {
        let audio = try IntervalAudio(noteSeconds: 0.5, gapSeconds: 0)
        let file = try MIDIFile(parsing: try audio.midi(notes: [Pitch("C4"), Pitch("D4")], harmonic: false))
        let at480 = file.tracks[0].filter { $0.tick == 480 }.map(\.message)
        #expect(at480 == [.noteOff(channel: 0, note: 60, velocity: 64), .noteOn(channel: 0, note: 62, velocity: IntervalAudio.velocity)])
    }

    @Test("the program is the timbre's General MIDI instrument", arguments: [(Timbre.pluckedString, UInt8(24)), (.piano, 0)])
    func program(timbre: Timbre, program: UInt8) throws {
        let file = try IntervalAudio(timbre: timbre).midiFile(notes: [Pitch("A4")], harmonic: false)
        #expect(file.tracks[0].contains(MIDIEvent(tick: 0, .programChange(channel: 0, program: program))))
        #expect(file.tracks[0].contains(MIDIEvent(tick: 0, .tempo(microsecondsPerQuarter: 500_000))))
    }

    @Test("note timing agrees with the WAV within a millisecond")
    func timingMatchesWAV() throws {
        let audio = try IntervalAudio(noteSeconds: 0.73, gapSeconds: 0.137)
        let notes = try [Pitch("C4"), Pitch("D4"), Pitch("E4")]
        let midi = try audio.midiFile(notes: notes, harmonic: false).notes
        for (note, range) in zip(midi, audio.noteRanges(count: 3, harmonic: false)) {
            #expect(abs(Double(note.startTick) / 960 - Double(range.lowerBound) / 44_100) <= 0.001)
            #expect(abs(Double(note.endTick) / 960 - Double(range.upperBound) / 44_100) <= 0.001)
        }
    }

    @Test("A4 = 440 needs no pitch bend")
    func noBendAt440() throws {
        let track = try IntervalAudio().midiFile(notes: [Pitch("A4")], harmonic: false).tracks[0]
        #expect(!track.contains { if case .pitchBend = $0.message { true } else { false } })
        #expect(!track.contains { if case .controlChange = $0.message { true } else { false } })
    }

    @Test("another A4 sets a bend range (±2 semitones, ±3 beyond 200 cents) and bends the channel to it", arguments: [
        (380.0, 3), (391.9, 3), (392.1, 2), (415, 2), (432, 2), (442, 2), (466, 2), (493.8, 2), (494, 3), (500, 3),
    ] as [(Double, UInt8)])
    func bendForOtherA4(a4: Double, semitones: UInt8) throws {
        let track = try IntervalAudio(a4: a4).midiFile(notes: [Pitch("A4")], harmonic: false).tracks[0]
        let controls = track.compactMap { event -> [UInt8]? in
            if case .controlChange(0, let cc, let value) = event.message { [cc, value] } else { nil }
        }
        #expect(controls == [[101, 0], [100, 0], [6, semitones], [38, 0], [101, 127], [100, 127]])
        let bends = track.compactMap { event -> UInt16? in
            if case .pitchBend(0, let value) = event.message, event.tick == 0 { value } else { nil }
        }
        #expect(bends.count == 1)
        let cents = (Double(bends[0]) - 8192) / 8192 * 100 * Double(semitones)
        #expect(abs(cents - 1200 * log2(a4 / 440)) <= 50 * Double(semitones) / 8192)   // half a bend step
        let noteOn = try #require(track.firstIndex { if case .noteOn = $0.message { true } else { false } })
        #expect(track.firstIndex { if case .pitchBend = $0.message { true } else { false } }! < noteOn)
    }

    @Test("variable-length quantities", arguments: [
        (0, [0x00]), (0x40, [0x40]), (0x7F, [0x7F]), (0x80, [0x81, 0x00]), (0x2000, [0xC0, 0x00]),
        (0x3FFF, [0xFF, 0x7F]), (0x4000, [0x81, 0x80, 0x00]), (0x1F_FFFF, [0xFF, 0xFF, 0x7F]),
        (0x20_0000, [0x81, 0x80, 0x80, 0x00]), (0x0FFF_FFFF, [0xFF, 0xFF, 0xFF, 0x7F]),
    ] as [(Int, [UInt8])])
    func variableLength(value: Int, bytes: [UInt8]) throws {
        var w = ByteWriter()
        w.variableLength(value)
        #expect(w.bytes == bytes)
        var r = ByteReader(bytes) { AudioError.malformedMIDI($0) }
        #expect(try r.variableLength("test") == value)
    }

    @Test("the reader understands running status, note-on velocity 0 and format 1")
    func readsOtherWriters() throws {
        let track1: [UInt8] = [0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20, 0x00, 0xFF, 0x2F, 0x00]
        let track2: [UInt8] = [
            0x00, 0x91, 60, 100,        // note on, channel 2
            0x00, 64, 90,               // running status: another note on
            0x83, 0x60, 60, 0,          // 480 ticks later: velocity 0 = off
            0x00, 64, 0,
            0x00, 0xFF, 0x2F, 0x00,
        ]
        var bytes: [UInt8] = Array("MThd".utf8) + [0, 0, 0, 6, 0, 1, 0, 2, 0, 96]
        for track in [track1, track2] {
            bytes += Array("MTrk".utf8) + [0, 0, 0, UInt8(track.count)] + track
        }
        let file = try MIDIFile(parsing: bytes)
        #expect(file.format == 1 && file.tracks.count == 2 && file.ticksPerQuarter == 96)
        #expect(file.notes == [
            MIDINote(channel: 1, note: 60, velocity: 100, startTick: 0, endTick: 480),
            MIDINote(channel: 1, note: 64, velocity: 90, startTick: 0, endTick: 480),
        ])
        #expect(try MIDIFile(parsing: file.bytes()) == file)   // and writes them back the same
    }

    @Test("malformed files are refused with a reason", arguments: [
        ([UInt8](), "truncated"),
        (Array("MThx".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 1, 0xE0], "does not start with 'MThd'"),
        (Array("MThd".utf8) + [0, 0, 0, 6, 0, 2, 0, 1, 1, 0xE0], "format 2"),
        (Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0xE7, 0x28], "SMPTE"),
        (Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 1, 0xE0] + Array("MTrk".utf8) + [0, 0, 0, 4, 0, 0x90, 60, 100], "no end-of-track"),
        (Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 1, 0xE0] + Array("MTrk".utf8) + [0, 0, 0, 3, 0, 60, 100], "without a status"),
        (Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 1, 0xE0] + Array("MTrk".utf8) + [0, 0, 0, 9], "truncated"),
    ] as [([UInt8], String)])
    func malformed(bytes: [UInt8], message: String) {
        do {
            _ = try MIDIFile(parsing: bytes)
            Issue.record("accepted \(bytes)")
        } catch {
            guard case .malformedMIDI = error else { Issue.record("wrong error \(error)"); return }
            #expect(error.description.contains(message), "\(error.description)")
        }
    }
}
