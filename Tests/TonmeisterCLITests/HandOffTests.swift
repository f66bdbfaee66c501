import Foundation
import TestSupport
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// The hand-off to an editor end to end: real BWF files, link-audio, EDL and OTIO whose cuts lie on the true bar
/// times, read by pycmx and converted by OpenTimelineIO's AAF, FCP 7 XML and FCPXML adapters.
@Suite("Hand-off to the editor")
struct HandOffTests {
    static let python = CLIRunner.packageRoot.appendingPathComponent(".build/test-tools/venv/bin/python").path
    static let toolsPresent = PythonTools.imports(["opentimelineio", "otio_cmx3600_adapter", "otio_aaf_adapter", "otio_fcp_adapter", "otio_fcpx_xml_adapter", "pycmx"], python: python)
    static let layout: ScoreLayout = {
        func system(_ top: Double, _ numbers: [Int]) -> SystemLayout {
            SystemLayout(top: top, bottom: top + 100, bars: numbers.enumerated().map { i, n in
                BarLayout(number: BarNumber(n), left: 100 + 100 * Double(i), right: 200 + 100 * Double(i))
            })
        }
        return ScoreLayout(pages: [PageLayout(page: 1, systems: [system(100, [1, 2, 3]), system(300, [4, 5, 6]), system(500, [7, 8, 9])])])
    }()

    /// Tablet seconds of barline `k` (0 = the start of bar 1) in a take starting at barline `first`: a tempo that slows.
    static func tabletTime(_ k: Int, first: Int) -> Double {
        let n = Double(k - first)
        return 1.0 + 2.0 * n + 0.05 * n * n
    }

    /// Seconds since midnight of the start taps: take 1 at 10:00:10, take 2 at 10:05:00.25.
    static let taps = [1: 36_010.0, 2: 36_300.25]
    /// How long before its tap each recording started: 4 s (take 1), 3.7 s (take 2).
    static let lead = [1: 4.0, 2: 3.7]

    static func session() -> Session {
        var session = Session(title: "Quartet — day 1", score: ScoreReference(file: "score.pdf", sha256: ""), layout: layout)
        let takes: [(Int, Int, Int, String)] = [(1, 0, 5, "2026-11-24T10:00:10.000+01:00"), (2, 3, 9, "2026-11-24T10:05:00.250+01:00")]
        var id = 0
        for (number, first, last, started) in takes {
            session.takes.append(Take(number: number, start: layout.position(atGlobalBarIndex: first, fraction: 0)!,
                                      end: layout.position(atGlobalBarIndex: last - 1, fraction: 1)!, startedAt: started))
            // A tap at every barline, the last one at the end of the take's last bar.
            for k in first...last {
                id += 1
                let at = k < last ? layout.position(atGlobalBarIndex: k, fraction: 0)! : layout.position(atGlobalBarIndex: k - 1, fraction: 1)!
                session.marks.append(Mark(id: id, take: number, kind: .text, at: at, time: tabletTime(k, first: first), text: "barline \(k)"))
            }
        }
        // Take 1: excellent from its first bar (a 5 tapped just after the start), poor from bar 4; take 2 good throughout.
        let ratings: [(Int, Int, Double, Int)] = [(1, 0, 0.1, 5), (1, 3, 0.1, 2), (2, 3, 0.1, 4)]
        for (take, bar, fraction, value) in ratings {
            id += 1
            session.marks.append(Mark(id: id, take: take, kind: .rating(value), at: layout.position(atGlobalBarIndex: bar, fraction: fraction)!))
        }
        return session
    }

    static func wave(channels: Int, rate: Int, start: Double, date: String, take: String?, seconds: Int) -> Data {
        BroadcastWave(sampleRate: rate, channels: channels, bitsPerSample: 16, dataBytes: 0,
                      bext: BroadcastExtension(originator: "Pyramix", originationDate: date, originationTime: "10:00:00",
                                               timeReference: UInt64((start * Double(rate)).rounded())),
                      ixml: take.map { RecorderXML(take: $0, tape: "DAY", timecodeRate: "25/1", timecodeFlag: "NDF") })
            .fileData(samples: rate * seconds)
    }

    @Test("BWF files from a recorder 4 s ahead, another day, no iXML, stereo and 12 channels: cuts within a frame, converters load it",
          .enabled(if: toolsPresent, "the test tools are not installed (scripts/install-test-tools)"))
    func handOff() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-handoff-\(UUID().uuidString)")
        let day1 = dir.appendingPathComponent("rec_day1"), day2 = dir.appendingPathComponent("rec_day2")
        for folder in [day1, day2] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(at: dir) }
        // Take 1: stereo with iXML; take 2: 12 channels, no iXML, a name without its take number; a day-2 file naming take 1.
        try Self.wave(channels: 2, rate: 48_000, start: Self.taps[1]! - Self.lead[1]!, date: "2026-11-24", take: "1", seconds: 30)
            .write(to: day1.appendingPathComponent("Quartet_T001.wav"))
        try Self.wave(channels: 12, rate: 8_000, start: Self.taps[2]! - Self.lead[2]!, date: "2026-11-24", take: nil, seconds: 30)
            .write(to: day1.appendingPathComponent("Pyramix 0731.wav"))
        try Self.wave(channels: 2, rate: 48_000, start: Self.taps[1]! - 2, date: "2026-11-25", take: "1", seconds: 30)
            .write(to: day1.appendingPathComponent("Quartet_day2_T001.wav"))
        let path = dir.appendingPathComponent("session.json").path
        let before = Self.session().jsonData(pretty: true)
        try before.write(to: URL(fileURLWithPath: path))

        let link = try CLIRunner.run("session", "link-audio", path, day1.path, "--json")
        #expect(link.status == 0, "\(link.stderr)")
        let answer = try JSONSerialization.jsonObject(with: Data(link.stdout.utf8)) as? [String: Any] ?? [:]
        let linked = answer["linked"] as? [[String: Any]] ?? []
        #expect(linked.compactMap { $0["take"] as? Int } == [1, 2])
        #expect(linked.compactMap { $0["by"] as? String } == ["ixml-take", "time-of-day"])
        #expect(linked.compactMap { $0["channels"] as? Int } == [2, 12])
        let unmatched = answer["unmatched"] as? [[String: Any]] ?? []
        #expect(unmatched.contains { ($0["file"] as? String)?.hasSuffix("Quartet_day2_T001.wav") == true && $0["kind"] as? String == "other-day" })
        let session = try Session(json: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(session.take(1)?.source == day1.appendingPathComponent("Quartet_T001.wav").path)

        let edlPath = dir.appendingPathComponent("plan.edl").path, otioPath = dir.appendingPathComponent("plan.otio").path
        // Run from another folder: sources stay absolute, resolved against the session file.
        #expect(try CLIRunner.run("plan", path, "--format", "edl", "-o", edlPath).status == 0)
        #expect(try CLIRunner.run("plan", path, "--format", "otio", "-o", otioPath).status == 0)
        let edl = try String(contentsOfFile: edlPath, encoding: .utf8)
        #expect(edl.contains("* SOURCE FILE: " + day1.appendingPathComponent("Quartet_T001.wav").path))
        #expect(edl.contains("RATING 5"))

        // The true times of the cut points on the recorder's clock: bars 1–3 from take 1, bars 4–9 from take 2.
        let truth: [(take: Int, from: Int, to: Int)] = [(1, 0, 3), (2, 3, 9)]
        let expected = truth.map { t -> (Double, Double) in
            let first = t.take == 1 ? 0 : 3
            return (Self.taps[t.take]! + Self.tabletTime(t.from, first: first), Self.taps[t.take]! + Self.tabletTime(t.to, first: first))
        }

        let run = try ChildProcess.run(path: Self.python, [CLIRunner.packageRoot.appendingPathComponent("scripts/check-handoff.py").path, edlPath, otioPath, "25", dir.path])
        let data = run.stdout
        #expect(run.status == 0, "a reader or converter failed: \(run.output) \(run.errors)")
        let summary = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]

        // pycmx: one event for the stereo take (AA = channels 1 and 2), twelve for the 12-channel take, cut points within a frame.
        let events = summary["pycmx"] as? [[String: Any]] ?? []
        func seconds(_ tc: String) -> Double {
            let p = tc.split(whereSeparator: { $0 == ":" || $0 == ";" }).compactMap { Double($0) }
            return p[0] * 3600 + p[1] * 60 + p[2] + p[3] / 25
        }
        let takeOne = events.filter { $0["source"] as? String == "TK001" && $0["sourceIn"] as? String != $0["sourceOut"] as? String }
        let takeTwo = events.filter { $0["source"] as? String == "TK002" }
        #expect(takeOne.map { $0["channels"] as? [Int] ?? [] } == [[1, 2]])
        #expect(Set(takeTwo.map { $0["channels"] as? [Int] ?? [] }) == Set((1...12).map { [$0] }))
        var worst = 0.0
        for (event, truth) in [(takeOne.first, expected[0]), (takeTwo.first, expected[1])] {
            let a = seconds(event?["sourceIn"] as? String ?? "00:00:00:00"), b = seconds(event?["sourceOut"] as? String ?? "00:00:00:00")
            worst = max(worst, abs(a - truth.0), abs(b - truth.1))
        }
        #expect(worst <= 1.0 / 25, "worst cut-point error \(worst) s")
        // The splice is a dissolve on the two channels both takes have, a cut on the other ten.
        let kinds = Dictionary(takeTwo.map { (($0["channels"] as? [Int])?.first ?? 0, $0["transition"] as? String ?? "") }) { a, _ in a }
        #expect(kinds[1] == "D" && kinds[2] == "D" && (3...12).allSatisfy { kinds[$0] == "C" })
        #expect(takeOne.first?["sourceFile"] as? String == day1.appendingPathComponent("Quartet_T001.wav").path)

        // OTIO: twelve tracks, real available ranges, file URLs, cut points within a frame; AAF, FCP 7 XML and FCPXML load.
        let otio = summary["otio"] as? [String: Any] ?? [:]
        #expect(otio["tracks"] as? Int == 13, "12 audio tracks and the empty video storyline")
        #expect(otio["transitions"] as? Int == 2)
        let clips = otio["clips"] as? [[String: Any]] ?? []
        let firstTrack = clips.filter { $0["track"] as? Int == 0 }
        #expect(firstTrack.count == 2)
        for (clip, truth) in zip(firstTrack, expected) {
            let start = Double(clip["start"] as? Int ?? 0) / 25, end = start + Double(clip["duration"] as? Int ?? 0) / 25
            #expect(abs(start - truth.0) <= 1.0 / 25 && abs(end - truth.1) <= 1.0 / 25)
            #expect((clip["url"] as? String)?.hasPrefix("file:///") == true)
            #expect((clip["available"] as? [Int])?.last == 750, "30 s at 25 fps")
        }
        func ranges(_ list: [[String: Any]]) -> [String] {
            list.map { "\($0["start"] as? Int ?? -1)+\($0["duration"] as? Int ?? -1)" }.sorted()
        }
        for format in ["aaf", "fcp7", "fcpx"] {
            let back = summary[format] as? [String: Any] ?? [:]
            // Read back with the same clips at the same source ranges (14: two on channels 1–2, one on 3–12).
            #expect(ranges(back["clips"] as? [[String: Any]] ?? []) == ranges(clips), "\(format) read back with its clips")
        }
        // The crossfades survive in AAF and FCP 7 XML (OpenTimelineIO's FCPXML writer leaves transitions out).
        #expect((summary["aaf"] as? [String: Any])?["transitions"] as? Int == 2)
        #expect((summary["fcp7"] as? [String: Any])?["transitions"] as? Int == 2)
        print("hand-off: worst EDL cut-point error \(Int((worst * 1000).rounded())) ms; " +
              ["aaf", "fcp7", "fcpx"].map { "\($0): \(((summary[$0] as? [String: Any])?["clips"] as? [Any])?.count ?? 0) clips" }.joined(separator: ", "))

        // undo takes back link-audio: the session is as it was written.
        let undo = try CLIRunner.run("undo", path)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try Session(json: Data(contentsOf: URL(fileURLWithPath: path))) == Session(json: before))
    }
}

extension HandOffTests {
    @Test("plan --format pdf finds the score beside the session file, wherever the command runs; session create records it so")
    func scoreBesideSession() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-score-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("scores"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let example = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Examples/chorale-session.json"), encoding: .utf8)
        let original = try Session(json: Data(example.utf8)).score.file
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent(original),
                                         to: dir.appendingPathComponent("scores/quartet.pdf"))
        var session = try Session(json: Data(example.utf8))
        session.score.file = "scores/quartet.pdf"
        let path = dir.appendingPathComponent("day1.json").path
        try session.jsonData(pretty: true).write(to: URL(fileURLWithPath: path))
        let pdf = dir.appendingPathComponent("plan.pdf").path
        let r = try CLIRunner.run("plan", path, "--format", "pdf", "-o", pdf)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: pdf))
        let created = dir.appendingPathComponent("new.json").path
        #expect(try CLIRunner.run("session", "create", created, "--score", dir.appendingPathComponent("scores/quartet.pdf").path).status == 0)
        #expect(try Session(json: Data(contentsOf: URL(fileURLWithPath: created))).score.file == "scores/quartet.pdf")
    }
}
