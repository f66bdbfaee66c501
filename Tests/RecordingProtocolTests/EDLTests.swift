import Foundation
import Testing
@testable import RecordingProtocol
import TonmeisterSupport

/// CMX3600 and OpenTimelineIO writing, checked by reading the output back.
@Suite("EDL and OTIO")
struct EDLTests {
    static let timeline = EditTimeline(title: "Haydn — day 1", fps: 25, events: [
        .init(take: 7, label: "7", source: "T007.wav", reel: EditTimeline.reel(take: 7),
              sourceIn: 903_275, sourceOut: 903_275 + 612, fromBar: "1", toBar: "16", rating: 4,
              locators: [.init(frame: 903_400, color: "RED", text: "intonation: viola", mark: 3)]),
        .init(take: 12, label: "B12", source: nil, reel: EditTimeline.reel(take: 12),
              sourceIn: 1_000_000, sourceOut: 1_000_250, fromBar: "17", toBar: "24", rating: 5),
    ], uncovered: ["40–44"])

    @Test("the EDL reads as a CMX3600 list a conform tool accepts")
    func cmx3600() {
        let expected = [
            "TITLE: Haydn - day 1",
            "FCM: NON-DROP FRAME",
            "",
            "001  TK007    A     C        10:02:11:00 10:02:35:12 01:00:00:00 01:00:24:12",
            "* FROM CLIP NAME: T007.wav",
            "* FROM FILE: T007.wav",
            "* SOURCE FILE: T007.wav",
            "* TAKE 7 BARS 1-16 RATING 4",
            "* LOC: 10:02:16:00 RED     intonation: viola",
            "",
            "002  TK012    A     C        11:06:40:00 11:06:50:00 01:00:24:12 01:00:34:12",
            "* FROM CLIP NAME: take B12",
            "* TAKE B12 BARS 17-24 RATING 5",
            "",
        ].joined(separator: "\r\n")
        #expect(Self.timeline.cmx3600() == expected)
    }

    @Test("every event's source and record durations are equal and the record side is continuous")
    func parsedBack() throws {
        let events = Self.timeline.cmx3600().split(separator: "\r\n").filter { $0.first?.isNumber == true }
        var previousOut: Int?
        for line in events {
            let fields = line.split(separator: " ")
            #expect(fields.count == 8)
            #expect(fields[1].count <= 8)
            let tc = try fields[4...7].map { try Timecode(String($0), fps: 25).frameCount(fps: 25) }
            #expect(tc[1] - tc[0] == tc[3] - tc[2])
            if let previousOut { #expect(tc[2] == previousOut) }
            previousOut = tc[3]
        }
        #expect(events.count == 2)
    }

    @Test("reel names are at most 8 characters and unique per take", arguments: [1, 7, 99, 123, 12_345, 123_456, 9_999_999])
    func reels(_ take: Int) {
        #expect(EditTimeline.reel(take: take).count <= 8)
        #expect(EditTimeline.reel(take: take) != EditTimeline.reel(take: take + 1))
    }

    @Test("the OTIO document parses back to the same clips, ranges and markers")
    func otio() throws {
        let tree = try JSONReader.parse(Data(Self.timeline.otio().utf8))
        func member(_ value: JSONValue?, _ key: String) -> JSONValue? {
            guard case .object(let members)? = value else { return nil }
            return members.first { $0.0 == key }?.1
        }
        func number(_ value: JSONValue?) -> Double? {
            switch value {
            case .int(let i)?: return Double(i)
            case .double(let d)?: return d
            default: return nil
            }
        }
        #expect(member(tree, "OTIO_SCHEMA") == .string("Timeline.1"))
        #expect(number(member(member(tree, "global_start_time"), "value")) == 90_000)
        guard case .array(let tracks)? = member(member(tree, "tracks"), "children"), case .array(let clips)? = member(tracks.first, "children") else {
            Issue.record("no track of clips")
            return
        }
        #expect(member(tracks[0], "kind") == .string("Audio"))
        #expect(clips.count == 2)
        let range = member(clips[0], "source_range")
        #expect(number(member(member(range, "start_time"), "value")) == 903_275)
        #expect(number(member(member(range, "duration"), "value")) == 612)
        #expect(number(member(member(range, "duration"), "rate")) == 25)
        #expect(member(member(member(clips[0], "media_references"), "DEFAULT_MEDIA"), "target_url") == .string("T007.wav"))
        #expect(member(member(member(clips[1], "media_references"), "DEFAULT_MEDIA"), "OTIO_SCHEMA") == .string("MissingReference.1"))
        #expect(member(member(member(clips[0], "metadata"), "tonmeister"), "toBar") == .string("16"))
        guard case .array(let markers)? = member(clips[0], "markers") else { Issue.record("no markers"); return }
        #expect(member(markers.first, "color") == .string("RED"))
    }
}
