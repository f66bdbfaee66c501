import Foundation
import Testing
@testable import RecordingProtocol

/// `tonmeister session link-audio SESSION DIR` on real Broadcast WAVE files, then the EDL that points at them.
@Suite("link-audio from the command line")
struct LinkAudioCommandTests {
    static func wave(take: String?, seconds: Double) -> Data {
        BroadcastWave(sampleRate: 48_000, channels: 1, bitsPerSample: 16, dataBytes: 0,
                      bext: BroadcastExtension(originator: "SADiE", timeReference: UInt64(seconds * 48_000)),
                      ixml: RecorderXML(take: take, timecodeRate: "25/1", timecodeFlag: "NDF")).fileData(samples: 48_000)
    }

    @Test("links takes to files, reports the rest, and the EDL then names the files and their timecode")
    func linksAndExports() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tm-link-\(UUID().uuidString)")
        let audio = dir.appendingPathComponent("audio")
        try FileManager.default.createDirectory(at: audio, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let session = dir.appendingPathComponent("day.json").path
        try FileManager.default.copyItem(atPath: "Examples/chorale-session.json", toPath: session)
        try Self.wave(take: "9", seconds: 37_000).write(to: audio.appendingPathComponent("Haydn_T009.wav"))
        try Self.wave(take: nil, seconds: 38_000).write(to: audio.appendingPathComponent("T003.wav"))
        try Data("not audio".utf8).write(to: audio.appendingPathComponent("notes.wav"))
        let before = try Data(contentsOf: URL(fileURLWithPath: session))
        let dry = try CLIRunner.run("session", "link-audio", session, audio.path, "--dry-run", "--json")
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: session)) == before)
        let r = try CLIRunner.run("session", "link-audio", session, audio.path, "--json")
        #expect(r.status == 0, "\(r.stderr)")
        let answer = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
        let linked = answer["linked"] as? [[String: Any]] ?? []
        #expect(linked.compactMap { $0["take"] as? Int } == [3, 9])
        #expect(linked.first?["recordStart"] as? String == "10:33:20:00")
        #expect(linked.last?["source"] as? String == audio.appendingPathComponent("Haydn_T009.wav").path)
        let unmatched = answer["unmatched"] as? [[String: Any]] ?? []
        #expect(unmatched.contains { ($0["file"] as? String)?.hasSuffix("notes.wav") == true })
        #expect(unmatched.contains { $0["take"] as? Int == 1 })
        let edl = try CLIRunner.run("plan", session, "--format", "edl")
        #expect(edl.status == 0)
        #expect(edl.stdout.contains("* FROM FILE: " + audio.appendingPathComponent("Haydn_T009.wav").path))
        // Take 9's marks keep their place on the recorder's clock: the file holds the take from 10:16:40 on.
        #expect(edl.stdout.contains("001  TK009    A     C        10:18:57:09"))
        #expect(try CLIRunner.run("session", "link-audio", session, dir.appendingPathComponent("nope").path).status == 2)
    }
}
