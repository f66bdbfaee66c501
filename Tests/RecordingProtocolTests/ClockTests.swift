import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol
import TonmeisterSupport

/// One clock per take: record starts, tablet offsets, the session's clock offset, stored, exported and undone.
@Suite("One clock per take")
struct ClockTests {
    static let layout = Fixtures.grid

    /// A session with take 1 over bars 1–3, timed at its barlines 0, 2, 4, 6 s after its start tap.
    static func session() -> Session {
        var session = Fixtures.session(layout)
        session.takes = [Take(number: 1, start: Fixtures.at(layout, 0, 0), end: Fixtures.at(layout, 2, 0.99),
                              startedAt: "2026-11-24T10:00:10.000+01:00")]
        session.marks = [Mark(id: 1, take: 1, kind: .rating(4), at: Fixtures.at(layout, 0, 0), time: 0),
                         Mark(id: 2, take: 1, kind: .rating(4), at: Fixtures.at(layout, 2, 0), time: 4)]
        return session
    }

    static func edl(_ session: Session) throws -> String {
        try EditTimeline(plan: try session.editPlan(PlanOptions()), session: session).cmx3600()
    }

    @Test("every clock part round-trips through the session JSON, byte for byte")
    func jsonRoundTrip() throws {
        var session = Self.session()
        try session.setClock(ofTake: 1, recordStart: "10:00:06:00", fps: 25, tabletOffset: 4.039)
        try session.setClockOffset(-1.25)
        session.crossfade = 0.02
        session.defaultRating = 4
        session.takes[0].media = RecordingMedia(channels: 12, sampleRate: 96_000, samples: 960_000, timeReference: 3_456_000_000, date: "2026-11-24")
        let text = session.jsonText(pretty: true)
        let read = try Session(json: Data(text.utf8))
        #expect(read == session)
        #expect(read.jsonText(pretty: true) == text)
        #expect(text.contains("\"tabletOffset\": 4.039") && text.contains("\"action\": \"clock\""))
    }

    @Test("the EDL cuts at the tablet's times on the recorder's clock: record start plus offset plus mark time")
    func alignedExport() throws {
        var session = Self.session()
        #expect(try Self.edl(session).contains("* NO TIMECODE"))
        try session.setClock(ofTake: 1, recordStart: "10:00:06:00", fps: 25, tabletOffset: 4)
        // Bar 1 starts 4 s after the record start, bar 3 ends 6 s later (three bars at 2 s).
        #expect(try Self.edl(session).contains("001  TK001    A     C        10:00:10:00 10:00:16:00 "))
        try session.adjustClock(ofTake: 1, by: -0.4)
        #expect(try Self.edl(session).contains("10:00:09:15 10:00:15:15"))
    }

    @Test("without a record start, the start time plus the session's clock offset places the take")
    func sessionOffset() throws {
        var session = Self.session()
        try session.setClockOffset(2)
        let edl = try Self.edl(session)
        #expect(edl.contains("10:00:12:00 10:00:18:00"))
        #expect(!edl.contains("NO TIMECODE"))
        #expect(session.alignedClock(of: session.takes[0])?.basis == .sessionOffset)
    }

    @Test("every clock change is undone: by hand, adjusted, the session's offset, linked audio, relocated media")
    func undo() throws {
        var session = Self.session()
        let before = session
        try session.setClock(ofTake: 1, recordStart: "10:00:06:00", fps: 25, tabletOffset: 4)
        try session.adjustClock(ofTake: 1, by: 0.5)
        try session.setClockOffset(3)
        let wave = BroadcastWaveTests.wave(take: "1", seconds: 36_000, date: "2026-11-24")
        let report = session.audioLinks(for: [RecordingFile(path: "/rec/day1/T001.wav", wave: wave)])
        #expect(report.linked.count == 1)
        try session.link(report.linked)
        #expect(session.take(1)?.source == "/rec/day1/T001.wav")
        #expect(session.relocateMedia(from: "/rec/day1", to: "/Volumes/Edit/day1") == [1])
        #expect(session.take(1)?.source == "/Volumes/Edit/day1/T001.wav")
        for _ in 0..<5 { try session.undo() }
        #expect(session == before)
        #expect(throws: ProtocolError.nothingToUndo) { try session.undo() }
    }

    @Test("bad clocks are refused with a message naming them")
    func refused() {
        var session = Self.session()
        #expect(throws: ProtocolError.self) { try session.setClock(ofTake: 1, recordStart: "10:61:00:00") }
        #expect(throws: ProtocolError.self) { try session.setClock(ofTake: 1, tabletOffset: .infinity) }
        #expect(throws: ProtocolError.self) { try session.setClockOffset(100_000) }
        #expect(throws: ProtocolError.self) { try WallClock("2026-11-24 10:00") }
        #expect(session == Self.session())
    }

    @Test("wall-clock times read with their date, time of day and offset", arguments: [
        ("2026-11-24T10:00:10.250+01:00", "2026-11-24", 36_010.25, 3600),
        ("2026-11-24T23:59:59Z", "2026-11-24", 86_399.0, 0),
        ("2026-01-02T00:00:00", "2026-01-02", 0.0, nil),
    ] as [(String, String, Double, Int?)])
    func wallClock(text: String, date: String, seconds: Double, offset: Int?) throws {
        let clock = try WallClock(text)
        #expect(clock.date == date && clock.secondsOfDay == seconds && clock.utcOffset == offset)
        let written = WallClock.text(Date(timeIntervalSince1970: 1_800_000_000.5), zone: TimeZone(secondsFromGMT: 3600)!)
        #expect(written == "2027-01-15T09:00:00.500+01:00")
    }
}

extension ClockTests {
    @Test("DAW markers sit where the marks were tapped in the recording: the tablet offset added")
    func markers() throws {
        var session = Self.session()
        try session.setClock(ofTake: 1, recordStart: "10:00:06:00", fps: 25, tabletOffset: 4)
        let markers = try SessionTiming(session: session).markers(of: session)
        #expect(markers.first?.entries.map(\.start) == [4, 8])
        #expect(markers.first?.audacityLabels().hasPrefix("4.000000\t4.000000\trating 4") == true)
    }
}

/// link-audio checks every match against the clock, and numbers print with the precision they have.
@Suite("link-audio trust and plain numbers")
struct LinkTrustTests {
    static func session() -> Session {
        var session = ClockTests.session()
        session.takes.append(Take(number: 2, start: Fixtures.at(ClockTests.layout, 0, 0), end: Fixtures.at(ClockTests.layout, 2, 0.99),
                                  startedAt: "2026-11-24T11:00:00.000+01:00"))
        return session
    }

    @Test("a file from another day or outside its take's window is not bound, whatever names it")
    func refusedFiles() {
        let files = [
            RecordingFile(path: "/d2/T001.wav", wave: BroadcastWaveTests.wave(take: "1", seconds: 36_000, date: "2026-11-25")),
            RecordingFile(path: "/d1/late/T001.wav", wave: BroadcastWaveTests.wave(take: "1", seconds: 50_000, length: 60)),
            RecordingFile(path: "/d1/T001.wav", wave: BroadcastWaveTests.wave(take: nil, seconds: 36_005, length: 60)),
            RecordingFile(path: "/d1/mixdown 77.wav", wave: BroadcastWaveTests.wave(take: nil, seconds: 39_590, length: 60)),
        ]
        let report = Self.session().audioLinks(for: files)
        #expect(report.linked.map(\.take) == [1, 2])
        #expect(report.linked.map(\.source) == ["/d1/T001.wav", "/d1/mixdown 77.wav"])
        #expect(report.linked.map(\.evidence) == [.fileName, .timeOfDay])
        // Take 1's tap (10:00:10) lies 5 s into its file, take 2's (11:00:00) 10 s into the one found by time of day.
        #expect(report.linked.map(\.tabletOffset) == [5, 10])
        let kinds = Dictionary(report.unmatched.compactMap { u in u.file.map { ($0, u.kind) } }) { a, _ in a }
        #expect(kinds["/d2/T001.wav"] == "other-day" && kinds["/d1/late/T001.wav"] == "outside-window")
    }

    @Test("the record start is the frame in progress; the rest of the frame goes into the offset")
    func floorNotRound() {
        // The first sample at 10:00:00 and 39 ms: frame 0.975 of 10:00:00, written 10:00:00:00, not :01.
        let wave = BroadcastWaveTests.wave(take: "1", seconds: 36_000.039)
        var session = ClockTests.session()
        session.takes[0].startedAt = nil
        let link = session.audioLinks(for: [RecordingFile(path: "/d1/T001.wav", wave: wave)]).linked.first
        #expect(link?.recordStart == "10:00:00:00")
        #expect(abs((link?.tabletOffset ?? 0) - 0.039) < 0.0001)
    }

    @Test("numbers print with the precision they have", arguments: [
        (202.52999999999997, 6, "202.53"), (4.0, 3, "4"), (-0.5, 3, "-0.5"), (12.3456789, 3, "12.346"), (1e-9, 3, "0"),
    ] as [(Double, Int, String)])
    func plainNumbers(value: Double, places: Int, text: String) {
        #expect(PlainNumber.text(value, places: places) == text)
    }

    @Test("plan CSV and JSON carry no binary-fraction noise")
    func planNumbers() throws {
        var layout = ClockTests.layout
        layout.pages[0].systems[0].top = 100.01
        layout.pages[0].systems[0].bottom = 250.02
        var session = ClockTests.session()
        session.layout = layout
        let plan = try session.editPlan(PlanOptions())
        #expect(plan.segments.first?.from.y == 175.01500000000001)
        #expect(plan.csv().contains(",175.015,"))
        #expect(plan.json.serialized().contains("\"y\":175.015"))
    }
}

/// The first onset after silence, for placing a take's start tap from its audio.
@Suite("Onset from the audio")
struct AudioOnsetTests {
    /// A 16-bit stereo file: `silence` seconds of low noise (seeded), then a 440 Hz tone.
    static func file(silence: Double, rate: Int = 48_000, length: Double = 3) -> Data {
        var header = BroadcastWave(sampleRate: rate, channels: 2, bitsPerSample: 16, dataBytes: 0,
                                   bext: BroadcastExtension(timeReference: UInt64(36_000 * rate)))
        let frames = Int(length * Double(rate))
        header.dataBytes = UInt64(frames * 4)
        var raw = [UInt8](header.fileData(samples: frames))
        let base = raw.count - frames * 4   // fileData writes the data chunk last when there is no iXML
        var seed: UInt64 = 42
        do {
            for i in 0..<frames {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Double(Int64(bitPattern: seed) >> 53) / 1024 * 8   // about ±8 of 32768
                let t = Double(i) / Double(rate)
                let value = t < silence ? noise : 12_000 * sin(2 * .pi * 440 * (t - silence)) + noise
                let sample = Int16(clamping: Int(value.rounded()))
                for channel in 0..<2 {
                    raw[base + (i * 2 + channel) * 2] = UInt8(truncatingIfNeeded: sample)
                    raw[base + (i * 2 + channel) * 2 + 1] = UInt8(truncatingIfNeeded: sample >> 8)
                }
            }
        }
        return Data(raw)
    }

    @Test("the onset is found within 5 ms of where the tone starts", arguments: [0.5, 1.234, 2.0])
    func onset(silence: Double) throws {
        let found = try #require(AudioOnset.first(in: Self.file(silence: silence)))
        #expect(abs(found - silence) <= 0.005, "found \(found) for \(silence)")
    }

    @Test("silence only, or sound from the start, has no onset")
    func none() {
        #expect(AudioOnset.first(in: Self.file(silence: 5, length: 3)) == nil)
        #expect(AudioOnset.first(in: Self.file(silence: 0)) == nil)
    }

    @Test("the take's offset is placed on the onset, the record start kept")
    func clock() throws {
        var session = ClockTests.session()
        try session.setClock(ofTake: 1, recordStart: "09:59:59:00", fps: 25)
        let data = Self.file(silence: 1.234)
        let wave = try BroadcastWave(data: data)
        let onset = try #require(AudioOnset.first(in: data))
        let clock = try #require(session.clockFromAudio(ofTake: 1, wave: wave, onset: onset))
        #expect(clock.recordStart == "09:59:59:00")
        #expect(abs(clock.tabletOffset - 2.234) <= 0.005)
    }
}
