import Foundation
import TestSupport
import Testing
@testable import RecordingProtocol

/// Our EDL and OTIO files read by OpenTimelineIO itself (when `scripts/install-test-tools` could install it).
@Suite("OpenTimelineIO reads our files")
struct OTIOReaderTests {
    static let python = Fixtures.root.appendingPathComponent(".build/test-tools/venv/bin/python").path
    static let available = PythonTools.imports(["opentimelineio", "otio_cmx3600_adapter"], python: python)

    /// Runs `scripts/check-otio.py` on a timeline and returns its JSON summary.
    static func read(_ timeline: EditTimeline) throws -> [String: Any] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("otio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let edl = dir.appendingPathComponent("plan.edl"), otio = dir.appendingPathComponent("plan.otio")
        try Data(timeline.cmx3600().utf8).write(to: edl)
        try Data(timeline.otio().utf8).write(to: otio)
        let run = try ChildProcess.run(path: python, [Fixtures.root.appendingPathComponent("scripts/check-otio.py").path, edl.path, otio.path, "\(timeline.fps)"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.stderr.isEmpty, "OpenTimelineIO warned or failed: \(run.errors)")
        return try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any] ?? [:]
    }

    @Test("the EDL loads in the CMX3600 reader without warnings, and the .otio in the JSON reader, with the same clips",
          .enabled(if: available, "OpenTimelineIO is not installed (scripts/install-test-tools)"))
    func bothReadersAgree() throws {
        let summary = try Self.read(EDLTests.timeline)
        let edl = (summary["edl"] as? [[String: Any]])?.first?["clips"] as? [[String: Any]] ?? []
        let otio = (summary["otio"] as? [[String: Any]])?.first?["clips"] as? [[String: Any]] ?? []
        #expect(edl.map { $0["start"] as? Int } == [903_275, 1_000_000])
        #expect(edl.map { $0["duration"] as? Int } == [612, 250])
        #expect(otio.map { $0["start"] as? Int } == [903_275, 1_000_000])
        #expect(otio.map { $0["duration"] as? Int } == [612, 250])
        #expect(edl.first?["markers"] as? [String] == ["intonation: viola"])
        #expect(otio.first?["markers"] as? [String] == ["intonation: viola"])
        #expect(otio.first?["reference"] as? String == "T007.wav")
        #expect(summary["otioStart"] as? Double == 90_000)
    }
}
