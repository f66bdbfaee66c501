import Foundation

/// A small piano piece written as MusicXML and as a Standard MIDI File with a tempo curve, rendered by fluidsynth
/// with a Debian soundfont; the true time of every downbeat comes from the tempo map the rendering plays.
///
/// 13 bars of 4/4 in C major, a melody of quarter notes over a held triad per bar (each bar's harmony differs from
/// its neighbours'), 96 quarters per minute marked; played with a tempo that swells ±10 % over 20 beats and slows
/// into the last bar, with seeded velocities.
public enum RenderedPiece {
    public static let bars = 13
    public static let soundfont = "/usr/share/sounds/sf2/FluidR3_GM.sf2"
    public static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/fluidsynth") && FileManager.default.fileExists(atPath: soundfont)
    }

    /// Chord roots and tones per bar (MIDI numbers), and the melody per bar.
    static let harmony: [[Int]] = [[48, 52, 55], [45, 48, 52], [41, 45, 48], [43, 47, 50], [40, 43, 47], [45, 48, 52], [38, 41, 45],
                                   [43, 47, 50], [48, 52, 55], [41, 45, 48], [38, 41, 45], [43, 47, 53], [48, 52, 55]]
    static let melody: [[Int]] = [[72, 76, 79, 76], [69, 72, 76, 72], [77, 72, 69, 72], [74, 71, 67, 71], [76, 79, 71, 67],
                                  [72, 69, 76, 81], [74, 77, 81, 77], [79, 74, 71, 74], [76, 72, 67, 72], [77, 81, 72, 69],
                                  [74, 69, 65, 69], [71, 74, 77, 79], [72, 76, 79, 84]]

    /// Seconds per quarter at beat `b` (constant within a beat).
    static func secondsPerBeat(_ b: Int) -> Double {
        let total = bars * 4
        var bpm = 96 * (1 + 0.10 * sin(2 * Double.pi * Double(b) / 20))
        if b >= total - 6 { bpm *= 1 - 0.07 * Double(b - (total - 7)) }
        return 60 / bpm
    }

    /// The time of each bar's downbeat (bar 1 at 0), and of the end of the last bar.
    public static var downbeats: [Double] {
        var times: [Double] = []
        var t = 0.0
        for b in 0...(bars * 4) {
            if b % 4 == 0 { times.append(t) }
            if b < bars * 4 { t += secondsPerBeat(b) }
        }
        return times
    }

    /// The piece as MusicXML; with `repeated`, bars 1–13 carry repeat signs at both ends (played twice, though the
    /// rendering plays them once): every bar of the rendering then fits both passes alike.
    public static func musicXML(repeated: Bool = false) -> String {
        let steps = ["C", "C", "D", "D", "E", "F", "F", "G", "G", "A", "A", "B"]
        func pitch(_ midi: Int) -> String { "<pitch><step>\(steps[midi % 12])</step><octave>\(midi / 12 - 1)</octave></pitch>" }
        func part(_ id: String, _ notes: (Int) -> String) -> String {
            var text = "<part id=\"\(id)\">"
            for bar in 0..<bars {
                text += "<measure number=\"\(bar + 1)\">"
                if bar == 0 {
                    text += "<attributes><divisions>1</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time></attributes>"
                    text += "<direction placement=\"above\"><direction-type><metronome><beat-unit>quarter</beat-unit><per-minute>96</per-minute></metronome></direction-type><sound tempo=\"96\"/></direction>"
                }
                if repeated && bar == 0 { text += "<barline location=\"left\"><bar-style>heavy-light</bar-style><repeat direction=\"forward\"/></barline>" }
                text += notes(bar)
                if repeated && bar == bars - 1 { text += "<barline location=\"right\"><bar-style>light-heavy</bar-style><repeat direction=\"backward\"/></barline>" }
                text += "</measure>"
            }
            return text + "</part>"
        }
        let upper = part("P1") { bar in melody[bar].map { "<note>\(pitch($0))<duration>1</duration><voice>1</voice><type>quarter</type></note>" }.joined() }
        let lower = part("P2") { bar in
            harmony[bar].enumerated().map { i, m in "<note>\(i > 0 ? "<chord/>" : "")\(pitch(m))<duration>4</duration><voice>1</voice><type>whole</type></note>" }.joined()
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <score-partwise version="3.1"><part-list><score-part id="P1"><part-name>Right</part-name></score-part>\
            <score-part id="P2"><part-name>Left</part-name></score-part></part-list>\(upper)\(lower)</score-partwise>
            """
    }

    /// A format-0 MIDI file: a tempo event on every beat, piano, seeded velocities.
    public static func midi(seed: UInt64 = 32) -> Data {
        let division = 480
        var state = seed
        func velocity() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(72 + Int((state >> 33) % 24))
        }
        var events: [(tick: Int, order: Int, bytes: [UInt8])] = []
        for b in 0..<(bars * 4) {
            let micro = Int((secondsPerBeat(b) * 1_000_000).rounded())
            events.append((b * division, 0, [0xFF, 0x51, 0x03, UInt8(micro >> 16), UInt8((micro >> 8) & 0xFF), UInt8(micro & 0xFF)]))
        }
        for bar in 0..<bars {
            let start = bar * 4 * division
            for (i, note) in melody[bar].enumerated() {
                events.append((start + i * division, 2, [0x90, UInt8(note), velocity()]))
                events.append((start + i * division + division * 19 / 20, 1, [0x80, UInt8(note), 0]))
            }
            for note in harmony[bar] {
                events.append((start, 2, [0x90, UInt8(note), velocity() - 10]))
                events.append((start + 4 * division * 39 / 40, 1, [0x80, UInt8(note), 0]))
            }
        }
        events.sort { ($0.tick, $0.order) < ($1.tick, $1.order) }
        var track: [UInt8] = [0x00, 0xC0, 0x00]
        var last = 0
        func variable(_ value: Int) -> [UInt8] {
            var bytes = [UInt8(value & 0x7F)]
            var v = value >> 7
            while v > 0 { bytes.insert(UInt8(v & 0x7F) | 0x80, at: 0); v >>= 7 }
            return bytes
        }
        for event in events {
            track += variable(event.tick - last) + event.bytes
            last = event.tick
        }
        track += [0x00, 0xFF, 0x2F, 0x00]
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        let header: [UInt8] = Array("MThd".utf8) + be32(6) + [0, 0, 0, 1, UInt8(division >> 8), UInt8(division & 0xFF)]
        return Data(header + Array("MTrk".utf8) + be32(track.count) + track)
    }

    /// Renders the MIDI file with fluidsynth: mono 16-bit samples at `rate`.
    public static func render(in dir: URL, rate: Int) throws -> [Int16] {
        let mid = dir.appendingPathComponent("piece.mid"), wav = dir.appendingPathComponent("render.wav")
        try midi().write(to: mid)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fluidsynth")
        process.arguments = ["-ni", "-q", "-g", "0.6", "-r", String(rate), "-O", "s16", "-T", "wav", "-F", wav.path, soundfont, mid.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let data = [UInt8](try Data(contentsOf: wav))
        // Find the data chunk; fluidsynth writes stereo.
        var offset = 12, channels = 2
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
            let size = Int(data[offset + 4]) | Int(data[offset + 5]) << 8 | Int(data[offset + 6]) << 16 | Int(data[offset + 7]) << 24
            if id == "fmt " { channels = Int(data[offset + 10]) }
            if id == "data" {
                let body = data[(offset + 8)..<min(data.count, offset + 8 + size)]
                var mono: [Int16] = []
                mono.reserveCapacity(body.count / (2 * channels))
                var i = body.startIndex
                while i + 2 * channels <= body.endIndex {
                    var sum = 0
                    for c in 0..<channels { sum += Int(Int16(bitPattern: UInt16(body[i + 2 * c]) | UInt16(body[i + 2 * c + 1]) << 8)) }
                    mono.append(Int16(sum / channels))
                    i += 2 * channels
                }
                return mono
            }
            offset += 8 + size + (size % 2)
        }
        return []
    }

    /// 16-bit little-endian mono PCM of the rendering from `from` to `to` seconds (silence outside it).
    public static func pcm(_ samples: [Int16], rate: Int, from: Double, to: Double) -> [UInt8] {
        let first = Int((from * Double(rate)).rounded()), last = Int((to * Double(rate)).rounded())
        var pcm: [UInt8] = []
        pcm.reserveCapacity(max(0, last - first) * 2)
        for i in first..<max(first, last) {
            let s = samples.indices.contains(i) ? UInt16(bitPattern: samples[i]) : 0
            pcm += [UInt8(s & 0xFF), UInt8(s >> 8)]
        }
        return pcm
    }
}
