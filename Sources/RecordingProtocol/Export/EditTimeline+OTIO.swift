import Foundation
import TonmeisterSupport

/// Writing an edit timeline as an OpenTimelineIO document (`.otio`, JSON).
extension EditTimeline {
    /// The OpenTimelineIO JSON: a `Timeline.1` whose stack holds one audio track per channel (`A1` … `An`, n the most
    /// channels any take's file has), as editors lay out multichannel audio, and an empty video track `V1` (one gap:
    /// Final Cut Pro X hangs audio on a primary storyline). Media references and crossfades carry the `AAF` metadata
    /// OpenTimelineIO's AAF writer needs (a MobID per file, the dissolve's operation).
    ///
    /// Each event is a `Clip.2` on the tracks of the channels its file has (a `Gap.1` on the others), named after
    /// its file, with an `ExternalReference.1` to the file as a `file://` URL whose `available_range` is the file's
    /// extent on the recorder's clock (its time reference and length; without the file's header, the take's events'
    /// extent, flagged `availableRangeEstimated`) and whose metadata gives its channels and sample rate; a source
    /// range in the take's timecode at the timeline's frame rate; `Marker.2` markers on the first track for the marks
    /// inside it (ratings, problems, edit points, texts); and take, label, bars, rating and channel under
    /// `metadata.tonmeister` (`noTimecode: true` for a take without a clock, `timingEstimated` for one placed at a
    /// tempo; `sourceInSeconds`/`sourceOutSeconds`, the barlines in seconds since midnight before rounding to frames). A splice between takes with the same channels carries a `Transition.1` (SMPTE dissolve) of the
    /// crossfade, in whole frames from the barline into the incoming clip, as the EDL's dissolve. The timeline starts
    /// at `recordStart` (`global_start_time`); uncovered bars are listed in its metadata.
    public func otio(pretty: Bool = true) -> String {
        let rate = Timecode.realRate(fps)
        func time(_ frames: Int) -> JSONValue {
            .object([("OTIO_SCHEMA", "RationalTime.1"), ("rate", .double(rate)), ("value", .double(Double(frames)))])
        }
        func range(_ start: Int, _ duration: Int) -> JSONValue {
            .object([("OTIO_SCHEMA", "TimeRange.1"), ("duration", time(duration)), ("start_time", time(start))])
        }
        let extents = availableRanges()
        func clip(_ event: Event, channel: Int, markers withMarkers: Bool) -> JSONValue {
            let (start, length, estimated) = extents[event.take] ?? (event.sourceIn, event.duration, true)
            var referenceMeta: [(String, JSONValue)] = []
            if let media = event.media {
                referenceMeta += [("channels", .int(media.channels)), ("sampleRate", .int(media.sampleRate)), ("samples", .int(media.samples))]
            }
            if estimated { referenceMeta.append(("availableRangeEstimated", .bool(true))) }
            let reference: JSONValue = event.source.map { source in
                .object([("OTIO_SCHEMA", "ExternalReference.1"),
                         ("metadata", .object([("tonmeister", .object(referenceMeta)), ("AAF", .object([("MobID", .string(Self.umid(source)))]))])),
                         ("name", .string(event.clipName)), ("available_range", range(start, length)),
                         ("available_image_bounds", .null), ("target_url", .string(Self.url(source)))])
            } ?? .object([("OTIO_SCHEMA", "MissingReference.1"), ("metadata", .object([])), ("name", .string(event.clipName)),
                          ("available_range", range(start, length)), ("available_image_bounds", .null)])
            let markers: [JSONValue] = withMarkers ? event.locators.map { locator in
                .object([
                    ("OTIO_SCHEMA", "Marker.2"),
                    ("metadata", .object([("tonmeister", .object([("mark", .int(locator.mark)), ("kind", .string(locator.kind))]))])),
                    ("name", .string(locator.text)),
                    ("color", .string(locator.color)),
                    ("marked_range", range(locator.frame, 0)),
                    ("comment", .string("")),
                ])
            } : []
            var ours: [(String, JSONValue)] = [
                ("take", .int(event.take)), ("label", .string(event.label)), ("reel", .string(event.reel)),
                ("fromBar", .string(event.fromBar)), ("toBar", .string(event.toBar)), ("rating", .int(event.rating)),
                ("channel", .int(channel)),
            ]
            if event.noTimecode { ours.append(("noTimecode", .bool(true))) }
            if event.placement == .audio { ours.append(("placedFromAudio", .bool(true))) }
            // The barlines before rounding to frames (OpenTimelineIO's times here are whole frames, as editors read them).
            if let exactIn = event.exactIn, let exactOut = event.exactOut {
                ours += [("sourceInSeconds", .double(PlainNumber.rounded(exactIn, places: 6))), ("sourceOutSeconds", .double(PlainNumber.rounded(exactOut, places: 6)))]
            }
            if !event.placement.isMeasured { ours.append(("timingEstimated", .string(event.placement.rawValue))) }
            return .object([
                ("OTIO_SCHEMA", "Clip.2"),
                ("metadata", .object([("tonmeister", .object(ours))])),
                ("name", .string(event.clipName)),
                ("source_range", range(event.sourceIn, event.duration)),
                ("effects", .array([])),
                ("markers", .array(markers)),
                ("enabled", .bool(true)),
                ("media_references", .object([("DEFAULT_MEDIA", reference)])),
                ("active_media_reference_key", "DEFAULT_MEDIA"),
            ])
        }
        let fade = crossfadeFrames
        let channels = max(1, events.map(\.channels).max() ?? 1)
        let tracks: [JSONValue] = (1...channels).map { channel in
            var children: [JSONValue] = []
            for (index, event) in events.enumerated() {
                guard event.channels >= channel else {
                    children.append(.object([("OTIO_SCHEMA", "Gap.1"), ("metadata", .object([])), ("name", ""),
                                             ("source_range", range(0, event.duration)), ("effects", .array([])),
                                             ("markers", .array([])), ("enabled", .bool(true))]))
                    continue
                }
                if fade > 0, index > 0, events[index - 1].take != event.take, events[index - 1].channels >= channel {
                    children.append(.object([
                        ("OTIO_SCHEMA", "Transition.1"), ("metadata", .object([
                            ("tonmeister", .object([("crossfadeMs", .double(PlainNumber.rounded(crossfade * 1000, places: 3)))])),
                            ("AAF", Self.aafDissolve),
                        ])),
                        ("name", "crossfade"), ("transition_type", "SMPTE_Dissolve"),
                        ("in_offset", time(0)), ("out_offset", time(fade)),
                    ]))
                }
                children.append(clip(event, channel: channel, markers: channel == 1))
            }
            return .object([
                ("OTIO_SCHEMA", "Track.1"), ("metadata", .object([])), ("name", .string("A\(channel)")), ("source_range", .null),
                ("effects", .array([])), ("markers", .array([])), ("enabled", .bool(true)),
                ("children", .array(children)), ("kind", "Audio"),
            ])
        }
        // Final Cut Pro X connects audio to a primary storyline: an empty video track (one gap) gives it one.
        let length = events.reduce(0) { $0 + $1.duration }
        let storyline: JSONValue = .object([
            ("OTIO_SCHEMA", "Track.1"), ("metadata", .object([])), ("name", "V1"), ("source_range", .null),
            ("effects", .array([])), ("markers", .array([])), ("enabled", .bool(true)),
            ("children", .array([.object([("OTIO_SCHEMA", "Gap.1"), ("metadata", .object([])), ("name", ""),
                                          ("source_range", range(0, length)), ("effects", .array([])),
                                          ("markers", .array([])), ("enabled", .bool(true))])])),
            ("kind", "Video"),
        ])
        let document: JSONValue = .object([
            ("OTIO_SCHEMA", "Timeline.1"),
            ("metadata", .object([("tonmeister", .object([
                ("fps", .double(fps)), ("dropFrame", .bool(dropFrame)),
                ("crossfadeMs", .double(PlainNumber.rounded(crossfade * 1000, places: 3))),
                ("uncovered", .array(uncovered.map { .string($0) })),
            ]))])),
            ("name", .string(title)),
            ("global_start_time", time(recordStart)),
            ("tracks", .object([
                ("OTIO_SCHEMA", "Stack.1"), ("metadata", .object([])), ("name", "tracks"), ("source_range", .null),
                ("effects", .array([])), ("markers", .array([])), ("enabled", .bool(true)), ("children", .array(tracks + [storyline])),
            ])),
        ])
        return document.serialized(pretty: pretty) + "\n"
    }

    /// A `file://` URL for an absolute path (percent-encoded); a relative path as it is (a timeline built by hand).
    static func url(_ path: String) -> String {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).absoluteString : path
    }

    /// What OpenTimelineIO's AAF writer needs to write a crossfade: an AAF Mono Audio Dissolve, linear from 0 to 1.
    static let aafDissolve: JSONValue = .object([
        ("PointList", .array([.object([("Value", .int(0)), ("Time", .int(0))]), .object([("Value", .int(1)), ("Time", .int(1))])])),
        ("OperationGroup", .object([("Operation", .object([
            ("Identification", "0c3bea41-fc05-11d2-8a29-0050040ef7d2"), ("Name", "Mono Audio Dissolve"),
            ("Description", "crossfade at a splice"), ("IsTimeWarp", .bool(false)), ("Bypass", .int(1)), ("NumberInputs", .int(2)),
            ("OperationCategory", "OperationCategory_Effect"), ("DataDefinition", .object([("Name", "Sound")])),
        ]))])),
        ("CutPoint", .int(0)),
    ])

    /// A stable SMPTE UMID for a file (its AAF MobID): the AAF prefix and 128 bits of FNV-1a hashes of the path,
    /// so that every clip of one file names the same source and a later export names it the same way.
    static func umid(_ path: String) -> String {
        let bits = [FNV1a.offsetBasis, 0x8422_2325_cbf2_9ce4].map { seed in
            var hash = FNV1a(seed: seed)
            hash.add(path)
            return hash.value
        }
        let groups = bits.flatMap { [UInt32(truncatingIfNeeded: $0 >> 32), UInt32(truncatingIfNeeded: $0)] }.map { group in
            let hex = String(group, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }
        return "urn:smpte:umid:060a2b34.01010105.01010f20.13000000." + groups.joined(separator: ".")
    }

    /// Per take: the first frame and length of its file on the recorder's clock at the timeline's rate, and whether
    /// they were estimated (no time reference or no header: the extent of the take's events, widened to hold them).
    func availableRanges() -> [Int: (start: Int, length: Int, estimated: Bool)] {
        let real = Timecode.realRate(fps)
        var result: [Int: (Int, Int, Bool)] = [:]
        for (take, list) in Dictionary(grouping: events, by: \.take) {
            let low = list.map(\.sourceIn).min()!, high = list.map(\.sourceOut).max()!
            if let media = list[0].media, let start = media.startSeconds, !list[0].noTimecode {
                let first = Int((start * real).rounded(.down))
                let last = Int(((start + media.duration) * real).rounded(.down))
                result[take] = (min(first, low), max(last, high) - min(first, low), false)
            } else {
                result[take] = (low, high - low, true)
            }
        }
        return result
    }
}
