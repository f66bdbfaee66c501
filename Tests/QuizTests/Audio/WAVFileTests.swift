@testable import Quiz
import TheoryCore
import Testing

@Suite("WAV files")
struct WAVFileTests {
    /// A little-endian unsigned integer of `count` bytes at `offset`.
    func le(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        (0..<count).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    func ascii(_ bytes: [UInt8], _ offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }

    @Test("the header of a rendered question is canonical 44.1 kHz 16-bit mono PCM", arguments: [false, true])
    func headerFieldsAreExact(harmonic: Bool) throws {
        let audio = try IntervalAudio(timbre: .piano, noteSeconds: 0.5, gapSeconds: 0.1)
        let bytes = try audio.wav(notes: [Pitch("C4"), Pitch("G4")], harmonic: harmonic)
        let frames = harmonic ? 22_050 : 22_050 + 4_410 + 22_050
        let dataSize = frames * 2                                   // samples × block align
        #expect(bytes.count == 44 + dataSize)
        #expect(ascii(bytes, 0) == "RIFF")
        #expect(le(bytes, 4, 4) == 36 + dataSize)                  // RIFF size: everything after this field
        #expect(ascii(bytes, 8) == "WAVE")
        #expect(ascii(bytes, 12) == "fmt ")
        #expect(le(bytes, 16, 4) == 16)                            // fmt chunk size
        #expect(le(bytes, 20, 2) == 1)                             // PCM
        #expect(le(bytes, 22, 2) == 1)                             // mono
        #expect(le(bytes, 24, 4) == 44_100)                        // sample rate
        #expect(le(bytes, 28, 4) == 88_200)                        // byte rate
        #expect(le(bytes, 32, 2) == 2)                             // block align
        #expect(le(bytes, 34, 2) == 16)                            // bits per sample
        #expect(ascii(bytes, 36) == "data")
        #expect(le(bytes, 40, 4) == dataSize)
        let parsed = try WAVFile(parsing: bytes)
        #expect(parsed == (try audio.wavFile(notes: [Pitch("C4"), Pitch("G4")], harmonic: harmonic)))
        #expect(parsed.frameCount == frames)
        #expect(parsed.duration == Double(frames) / 44_100)
    }

    @Test("samples are little-endian two's complement")
    func sampleByteOrder() throws {
        let file = WAVFile(sampleRate: 8_000, samples: [1, -1, 0x1234, -32_768, 32_767])
        #expect(Array(file.bytes()[44...]) == [0x01, 0x00, 0xFF, 0xFF, 0x34, 0x12, 0x00, 0x80, 0xFF, 0x7F])
        #expect(try WAVFile(parsing: file.bytes()) == file)
    }

    @Test("stereo files keep their interleaving")
    func stereoRoundTrip() throws {
        let file = WAVFile(sampleRate: 48_000, channels: 2, samples: [1, -1, 2, -2, 3, -3])
        let bytes = file.bytes()
        #expect(le(bytes, 22, 2) == 2 && le(bytes, 28, 4) == 192_000 && le(bytes, 32, 2) == 4)
        let parsed = try WAVFile(parsing: bytes)
        #expect(parsed.frameCount == 3)
        #expect(parsed.channel(0) == [1, 2, 3])
        #expect(parsed.channel(1) == [-1, -2, -3])
    }

    @Test("the reader skips chunks it does not know, odd sizes padded")
    func skipsUnknownChunks() throws {
        let file = WAVFile(sampleRate: 44_100, samples: [5, -5])
        var bytes = file.bytes()
        let list: [UInt8] = Array("LIST".utf8) + [3, 0, 0, 0] + [0x61, 0x62, 0x63, 0x00]   // 3 bytes + pad
        bytes.insert(contentsOf: list, at: 36)
        let riffSize = UInt32(bytes.count - 8)
        bytes.replaceSubrange(4..<8, with: (0..<4).map { UInt8(truncatingIfNeeded: riffSize >> (8 * $0)) })
        #expect(try WAVFile(parsing: bytes) == file)
    }

    /// A way to damage a valid file: overwrite one byte, or cut bytes off the end.
    enum Damage: Sendable {
        case set(Int, UInt8)
        case cut(Int)
    }

    @Test("malformed files are refused with a reason", arguments: [
        (Damage.set(0, 0x58), "does not start with 'RIFF'"),
        (.set(8, 0x58), "not 'WAVE'"),
        (.set(20, 3), "format tag 3"),
        (.set(34, 8), "only 16-bit PCM"),
        (.set(32, 4), "block align 4"),
        (.cut(3), "claims more"),
        (.set(12, 0x58), "comes before a 'fmt ' chunk"),
    ])
    func malformed(damage: Damage, message: String) {
        var bytes = WAVFile(sampleRate: 44_100, samples: [1, 2, 3, 4]).bytes()
        switch damage {
        case .set(let offset, let value): bytes[offset] = value
        case .cut(let count): bytes.removeLast(count)
        }
        do {
            _ = try WAVFile(parsing: bytes)
            Issue.record("\(damage) was accepted")
        } catch {
            guard case .malformedWAV = error else { Issue.record("\(damage): wrong error \(error)"); return }
            #expect(error.description.contains(message), "\(damage): \(error.description)")
        }
    }

    @Test("an empty or tiny input is refused, not a crash")
    func tinyInputs() {
        for bytes: [UInt8] in [[], Array("RIFF".utf8), Array("RIFF\u{24}\0\0\0WAVE".utf8)] {
            #expect(throws: AudioError.self) { try WAVFile(parsing: bytes) }
        }
    }
}
