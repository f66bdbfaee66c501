import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// Session documents written by another program (`scripts/make-messy-sessions.py`, which knows nothing of our
/// code): they open with warnings, answer every covers question as built, and export an EDL and an OTIO.
@Suite("Messy documents from another program")
struct MessyDocumentTests {
    static let folder = Fixtures.root.appendingPathComponent("Tests/RecordingProtocolTests/Messy")
    static let names = (1...6).map { "messy-\($0)" }

    struct Expected: Decodable {
        var takes: Int
        var marks: Int
        var warnings: [String: Int]
        var covers: [String: [Int]]
    }

    static func load(_ name: String) throws -> (Data, Expected) {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(name).json"))
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("\(name).expected.json")))
        return (data, expected)
    }

    @Test("opens leniently, keeping every take and mark, with one warning per repair", arguments: names)
    func opensWithWarnings(name: String) throws {
        let (data, expected) = try Self.load(name)
        let reading = try Session.read(json: data)
        #expect(reading.session.takes.count == expected.takes)
        #expect(reading.session.marks.count == expected.marks)
        var counts: [String: Int] = [:]
        for warning in reading.warnings + reading.session.timingWarnings() { counts[warning.kind.rawValue, default: 0] += 1 }
        #expect(counts == expected.warnings)
        #expect(reading.session.layout?.isValid == true)
        #expect(reading.session.extra.members.contains { $0.key == "x-writer" })
        #expect(reading.session.takes.allSatisfy { $0.extra.members.contains { $0.key == "x-recorder" } })
    }

    @Test("--strict refuses what needs a repair, with today's error", arguments: names)
    func strictRefuses(name: String) throws {
        let (data, _) = try Self.load(name)
        #expect(throws: ProtocolError.self) { try Session.read(json: data, mode: .strict) }
    }

    @Test("every bar is covered by exactly the takes built to cover it", arguments: names)
    func coversAsBuilt(name: String) throws {
        let (data, expected) = try Self.load(name)
        let index = try Session.read(json: data).session.coverageIndex()
        for (bar, takes) in expected.covers {
            let full = try CoverQuery.bar(try BarNumber(bar)).run(on: index).filter { $0.coverage == .full }.map(\.take)
            #expect(full.sorted() == takes.sorted(), "bar \(bar)")
        }
    }

    @Test("the plan exports as an EDL and an OTIO with every take placed, flagged where it was estimated", arguments: names)
    func exportsEveryTake(name: String) throws {
        let (data, _) = try Self.load(name)
        let session = try Session.read(json: data).session
        let plan = try session.editPlan(PlanOptions())
        let timeline = try EditTimeline(plan: plan, session: session)
        #expect(timeline.events.count == plan.segments.count)
        let edl = timeline.cmx3600()
        for event in timeline.events {
            let untimed = session.take(event.take)?.recordStart == nil
            #expect(event.noTimecode == untimed)
            #expect(event.duration > 0)
        }
        #expect(edl.components(separatedBy: "* NO TIMECODE").count - 1 == timeline.events.filter(\.noTimecode).count)
        if OTIOReaderTests.available {
            let summary = try OTIOReaderTests.read(timeline)
            let clips = (summary["otio"] as? [[String: Any]])?.first?["clips"] as? [[String: Any]] ?? []
            #expect(clips.count == timeline.events.count)
        }
    }
}
