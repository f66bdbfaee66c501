import Foundation
import ScoreLayout
import Testing
@testable import RecordingProtocol

/// The example session's plan in time (EDL, OTIO) and drawn over the score.
@Suite("Plan exports of the example session")
struct PlanExportTests {
    static let session: Session = try! Session(json: Data(contentsOf: Fixtures.root.appendingPathComponent("Examples/chorale-session.json")))
    static let plan: EditPlan = try! session.editPlan()

    @Test("one EDL event per segment, each starting where the take's timing puts the segment's first barline")
    func timeline() throws {
        let timeline = try EditTimeline(plan: Self.plan, session: Self.session)
        let timing = try SessionTiming(session: Self.session)
        #expect(timeline.events.count == Self.plan.segments.count)
        #expect(timeline.fps == 25)
        for (event, segment) in zip(timeline.events, Self.plan.segments) {
            let (start, fps) = try timing.recordStart(take: segment.take)
            let seconds = try timing.seconds(take: segment.take, coordinate: Double(segment.bars.lowerBound))
            #expect(event.sourceIn == start.frameCount(fps: fps) + Int((seconds * 25).rounded()))
            #expect(event.duration > 0)
            #expect(event.reel == EditTimeline.reel(take: segment.take))
            #expect(event.fromBar == segment.fromBar.description && event.toBar == segment.toBar.description)
            #expect(event.locators.allSatisfy { (event.sourceIn..<event.sourceOut).contains($0.frame) })
        }
        // Bars take about 3.3 s in the example (it was generated at that tempo): the whole plan lasts 36 bars' worth.
        let total = Double(timeline.events.reduce(0) { $0 + $1.duration }) / 25
        #expect(total > 36 * 3 && total < 36 * 3.6, "\(total) s")
    }

    @Test("a take without a timecode or timed marks is still placed, flagged, with a warning naming it")
    func missingTiming() throws {
        var session = Self.session
        let used = Self.plan.segments[0].take
        let index = session.takes.firstIndex { $0.number == used }!
        let timed = try EditTimeline(plan: Self.plan, session: session)
        session.takes[index].recordStart = nil
        let untimecoded = try EditTimeline(plan: Self.plan, session: session)
        #expect(untimecoded.events[0].noTimecode && !timed.events[0].noTimecode)
        // The same duration, counted from 00:00:00:00 instead of the record start.
        #expect(untimecoded.events[0].duration == timed.events[0].duration)
        #expect(untimecoded.events[0].sourceIn < 25 * 60)
        #expect(untimecoded.warnings.map(\.kind) == [.noTimecode] && untimecoded.warnings[0].take == used)
        #expect(untimecoded.cmx3600().contains("* NO TIMECODE"))
        #expect(untimecoded.otio().contains("\"noTimecode\": true"))
        #expect(untimecoded.events.dropFirst().allSatisfy { !$0.noTimecode })

        session = Self.session
        for i in session.marks.indices where session.marks[i].take == used { session.marks[i].time = nil }
        let tempo = try EditTimeline(plan: Self.plan, session: session)
        #expect(tempo.events[0].placement == .fromStartAtSessionTempo)
        #expect(tempo.warnings.map(\.kind) == [.untimedTake])
        let timing = try SessionTiming(session: session)
        let start = try #require(timing.startCoordinates[used])
        let secondsPerBar = try #require(timing.secondsPerBar)
        // From the take's start at the session tempo: bar 1 starts (1 - start) bars before... the start itself is time 0.
        let expectedIn = (Double(Self.plan.segments[0].bars.lowerBound) - start) * secondsPerBar
        let recordStart = try timing.recordStart(take: used).timecode.frameCount(fps: 25)
        #expect(abs(Double(tempo.events[0].sourceIn - recordStart) - max(0, expectedIn) * 25) <= 1)
        #expect(tempo.cmx3600().contains("* TIMING ESTIMATED: SESSION-TEMPO"))
    }

    @Test("the annotation draws every take, every live mark, every splice and every segment")
    func annotation() throws {
        let overlays = try ScoreAnnotation.overlays(session: Self.session, plan: Self.plan)
        let all = overlays.values.flatMap { $0 }
        func texts(_ predicate: (String) -> Bool) -> [String] {
            all.compactMap { if case .text(let t, _, _) = $0.shape, predicate(t) { return t } else { return nil } }
        }
        let ratingMarks = Self.session.liveMarks.filter { $0.kind.rating != nil }.count
        let tags = all.filter { if case .text(let t, _, _) = $0.shape { return $0.stroke == .white && t.count == 1 && ("1"..."5").contains(t) }; return false }
        #expect(tags.count == ratingMarks)
        #expect(texts { $0.hasPrefix("✂ ") }.count == Self.plan.splices.count)
        #expect(texts { $0.hasPrefix("take ") && !$0.hasSuffix("(cont.)") }.count == Self.plan.segments.count)
        #expect(Set(overlays.keys) == [2, 3], "the title page has nothing drawn on it")
        for splice in Self.plan.splices {
            #expect(all.contains { overlay in
                if case .line(let from, let to) = overlay.shape { return from.x == splice.at.x && to.x == splice.at.x && to.y > from.y + 50 }
                return false
            }, "splice at bar \(splice.bar)")
        }
        let only = try ScoreAnnotation.overlays(session: Self.session, plan: Self.plan, options: .init(onlyPlanTakes: true))
        #expect(only.values.flatMap { $0 }.count < all.count)
    }

    @Test("OpenTimelineIO reads the example plan's EDL without warnings, clip for clip",
          .enabled(if: OTIOReaderTests.available, "OpenTimelineIO is not installed (scripts/install-test-tools)"))
    func readByOpenTimelineIO() throws {
        let timeline = try EditTimeline(plan: Self.plan, session: Self.session)
        let summary = try OTIOReaderTests.read(timeline)
        for key in ["edl", "otio"] {
            let clips = (summary[key] as? [[String: Any]])?.first?["clips"] as? [[String: Any]] ?? []
            #expect(clips.map { $0["start"] as? Int } == timeline.events.map(\.sourceIn), "\(key)")
            #expect(clips.map { $0["duration"] as? Int } == timeline.events.map(\.duration), "\(key)")
            // The EDL's FROM FILE is the absolute path; the .otio links the file by its file:// URL.
            let references = timeline.events.map { $0.source.map { key == "otio" ? URL(fileURLWithPath: $0).absoluteString : $0 } }
            #expect(clips.map { $0["reference"] as? String } == references, "\(key)")
        }
    }
}
