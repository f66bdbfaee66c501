import Foundation
import TestSupport
import ScoreLayout
import TheoryCore
import Testing
@testable import RecordingProtocol

/// Broadcast WAVE files: ours read back by ffprobe, ffmpeg's read by us, damaged ones never crash, and takes linked.
@Suite("Broadcast WAVE and link-audio")
struct BroadcastWaveTests {
    static let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let ffprobe = ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func wave(take: String?, seconds: Double, rate: Int = 48_000, description: String = "", fps: String? = "25/1",
                     date: String = "2026-11-24", length: Int = 600, channels: Int = 2) -> BroadcastWave {
        BroadcastWave(
            sampleRate: rate, channels: channels, bitsPerSample: 24, dataBytes: UInt64(rate * 3 * channels * length),
            bext: BroadcastExtension(description: description, originator: "Pyramix", originatorReference: "MT-REF-1",
                                     originationDate: date, originationTime: "10:02:11",
                                     timeReference: UInt64(seconds * Double(rate))),
            ixml: RecorderXML(project: "Haydn & Co", scene: "Var. 1", take: take, tape: "DAY1", note: "<ok>",
                              timecodeRate: fps, timecodeFlag: "NDF"))
    }

    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bwf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, out: String) {
        let run = try ChildProcess.run(path: tool, arguments)
        return (run.status, run.output)
    }

    @Test("a file we write reads back with every bext and iXML field")
    func roundTrip() throws {
        let header = Self.wave(take: "12", seconds: 36_131.5)
        let read = try BroadcastWave(data: header.fileData(samples: 4_800))
        #expect(read.bext == header.bext)
        #expect(read.ixml == header.ixml)
        #expect(read.sampleRate == 48_000 && read.channels == 2 && read.bitsPerSample == 24)
        #expect(read.duration == 0.1)
        #expect(read.startSeconds == 36_131.5)
        #expect(read.ixml?.framesPerSecond == 25)
        #expect(RecorderXML(timecodeRate: "30000/1001").framesPerSecond == 29.97)
        #expect(BroadcastExtension(description: "sSCENE=Var 1\r\nsTAKE=7\r\n").descriptionValue("TAKE") == "7")
    }

    @Test("ffprobe reads our bext: description, originator, date, time reference",
          .enabled(if: ffprobe != nil, "ffprobe (Debian ffmpeg) is not installed"))
    func ffprobeReadsOurs() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("T012.wav")
        try Self.wave(take: "12", seconds: 36_131.5, description: "sTAKE=12").fileData(samples: 48_000).write(to: file)
        let probe = try Self.run(Self.ffprobe!, ["-v", "error", "-show_format", "-show_streams", "-of", "json", file.path])
        #expect(probe.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(probe.out.utf8)) as? [String: Any] ?? [:]
        let tags = (json["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
        #expect(tags["time_reference"] == String(36_131 * 48_000 + 24_000))
        #expect(tags["comment"] == "sTAKE=12")
        #expect(tags["encoded_by"] == "Pyramix")
        #expect(tags["date"] == "2026-11-24")
        let stream = (json["streams"] as? [[String: Any]])?.first ?? [:]
        #expect(stream["sample_rate"] as? String == "48000" && stream["channels"] as? Int == 2)
        #expect((json["format"] as? [String: Any])?["duration"] as? String == "1.000000")
    }

    @Test("a Broadcast WAVE written by ffmpeg reads with its time reference and description",
          .enabled(if: ffmpeg != nil, "ffmpeg is not installed"))
    func readsFfmpegFiles() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("from-ffmpeg.wav")
        let made = try Self.run(Self.ffmpeg!, ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=0.5", "-ar", "44100",
                                               "-write_bext", "1", "-metadata", "time_reference=1596798000",
                                               "-metadata", "description=sSCENE=Haydn\nsTAKE=7", "-metadata", "originator=Sequoia", file.path])
        #expect(made.status == 0)
        let wave = try BroadcastWave(data: Data(contentsOf: file))
        #expect(wave.sampleRate == 44_100)
        let timeReference = try #require(wave.bext?.timeReference)  // unwrapped first: see damagedFiles
        #expect(timeReference == 1_596_798_000)
        #expect(wave.bext?.originator == "Sequoia")
        #expect(wave.bext?.descriptionValue("TAKE") == "7")
        #expect(abs(wave.duration - 0.5) < 0.001)
        #expect(wave.startSeconds == 1_596_798_000.0 / 44_100)
    }

    @Test("truncated and damaged files give a named error or what could be read, never a crash")
    func damagedFiles() throws {
        let good = Self.wave(take: "3", seconds: 100).fileData(samples: 64)
        #expect(throws: BroadcastWaveError.self) { try BroadcastWave(data: Data("RIFF".utf8)) }
        #expect(throws: BroadcastWaveError.self) { try BroadcastWave(data: Data(repeating: 0, count: 64)) }
        var rng = SplitMix64(seed: 11)
        for length in stride(from: 0, to: good.count, by: 7) {
            _ = try? BroadcastWave(data: good.prefix(length))
        }
        for _ in 0..<500 {
            var bytes = [UInt8](good)
            for _ in 0..<4 { bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            _ = try? BroadcastWave(data: Data(bytes))
        }
        // A recorder that stopped mid-write: the data chunk claims more than is there; the header still reads.
        let cut = try BroadcastWave(data: good.prefix(good.count - 100))
        // Unwrapped first: Swift Testing's comparison of an Optional<UInt64> reads 9 bytes from its 8-byte slot
        // (an AddressSanitizer stack-buffer-overflow in the compiler-generated AnyHashable thunk, scripts/sanitize).
        let reference = try #require(cut.bext?.timeReference)
        #expect(reference == 100 * 48_000)
    }

    static func session() -> Session {
        let layout = Fixtures.grid
        var session = Session(title: "Link", score: ScoreReference(file: "s.pdf"), layout: layout)
        for (n, label) in [(1, "1"), (2, "2"), (3, "B3"), (4, "4"), (5, "5")] {
            session.takes.append(Take(number: n, label: label, start: Fixtures.at(layout, 1), end: Fixtures.at(layout, 3)))
        }
        session.takes[4].recordStart = "11:00:05:00"
        session.takes[4].fps = 25
        return session
    }

    @Test("files match takes by iXML take, bext sTAKE, name or time of day; the rest is reported")
    func matching() throws {
        let files = [
            RecordingFile(path: "rec/any-name.wav", wave: Self.wave(take: "1", seconds: 36_000)),
            RecordingFile(path: "rec/x.wav", wave: Self.wave(take: nil, seconds: 36_100, description: "sSCENE=1\nsTAKE=2")),
            RecordingFile(path: "rec/B3.wav", wave: Self.wave(take: nil, seconds: 36_200, fps: "30000/1001")),
            RecordingFile(path: "rec/day1_004.wav", wave: Self.wave(take: nil, seconds: 36_300)),
            RecordingFile(path: "rec/noname.wav", wave: Self.wave(take: nil, seconds: 39_600)),
            RecordingFile(path: "rec/stray.wav", wave: Self.wave(take: nil, seconds: 50_000)),
            RecordingFile(path: "rec/broken.wav", wave: nil, problem: "not a WAVE file"),
        ]
        var session = Self.session()
        let report = session.audioLinks(for: files)
        #expect(report.linked.map(\.take) == [1, 2, 3, 4, 5])
        #expect(report.linked.map(\.evidence) == [.ixmlTake, .bextTake, .fileName, .fileName, .timeOfDay])
        #expect(report.linked[0].recordStart == "10:00:00:00")
        #expect(report.linked[2].fps == 29.97)
        #expect(report.unmatched.compactMap(\.file) == ["rec/stray.wav", "rec/broken.wav"])
        try session.link(report.linked)
        #expect(session.take(1)?.source == "rec/any-name.wav" && session.take(1)?.fps == 25)
        // Take 5's start tap was at 11:00:05:00: the file starts 5 s earlier, so the tap lies 5 s into it.
        #expect(session.take(5)?.recordStart == "11:00:00:00" && session.take(5)?.tabletOffset == 5)
        #expect(session.take(1)?.media == RecordingMedia(channels: 2, sampleRate: 48_000, samples: 48_000 * 600,
                                                         timeReference: 36_000 * 48_000, date: "2026-11-24"))
    }

    @Test("two files naming one take leave it unlinked and say so")
    func ambiguous() {
        let files = [RecordingFile(path: "a/T1.wav", wave: Self.wave(take: "1", seconds: 10)),
                     RecordingFile(path: "a/T1b.wav", wave: Self.wave(take: "1", seconds: 20))]
        let report = Self.session().audioLinks(for: files)
        #expect(report.linked.isEmpty)
        #expect(report.unmatched.filter { $0.reason.hasPrefix("ambiguous") }.count == 2)
    }

    @Test("after linking, the EDL and OTIO point at the files and their timecode")
    func exportsAfterLinking() throws {
        var session = Self.session()
        session.marks = [Mark(id: 1, take: 1, kind: .rating(5), at: Fixtures.at(Fixtures.grid, 1), time: 1),
                         Mark(id: 2, take: 1, kind: .rating(5), at: Fixtures.at(Fixtures.grid, 3), time: 9)]
        session.takes = [session.takes[0]]
        let report = session.audioLinks(for: [RecordingFile(path: "/rec/T001.wav", wave: Self.wave(take: nil, seconds: 36_000))])
        try session.link(report.linked)
        let timeline = try EditTimeline(plan: try session.editPlan(PlanOptions()), session: session)
        #expect(timeline.warnings.isEmpty)
        let edl = timeline.cmx3600()
        #expect(edl.contains("* FROM CLIP NAME: T001.wav\r\n* FROM FILE: /rec/T001.wav\r\n* SOURCE FILE: /rec/T001.wav"))
        // A stereo file: both channels (AA).
        #expect(edl.contains("001  TK001    AA    C        10:00:03:00 10:00:07:00 "))
        let otio = timeline.otio()
        #expect(otio.contains("\"target_url\": \"file:///rec/T001.wav\""))
        // The file's extent: 10:00:00:00 for 600 s at 25 fps.
        #expect(otio.contains("\"available_range\": {\n") && otio.contains("\"value\": 900000") && otio.contains("\"value\": 15000"))
    }
}
