import ScoreLayout

/// Writing an edit timeline as an OpenTimelineIO document (`.otio`, JSON).
extension EditTimeline {
    /// The OpenTimelineIO JSON: a `Timeline.1` whose stack holds one audio track of clips.
    ///
    /// Each event is a `Clip.2` named after its source file, with an `ExternalReference.1` to the
    /// file, a source range in the take's timecode at the timeline's frame rate, `Marker.2` markers
    /// for the marks inside it, and our take, label, bars and rating under `metadata.tonmeister` (with
    /// `noTimecode: true` for a take without a record start and `timingEstimated` for one placed at a tempo).
    /// The timeline starts at `recordStart` (`global_start_time`); uncovered bars are listed in the
    /// timeline's metadata.
    public func otio(pretty: Bool = true) -> String {
        let rate = Timecode.realRate(fps)
        func time(_ frames: Int) -> JSONValue {
            .object([("OTIO_SCHEMA", "RationalTime.1"), ("rate", .double(rate)), ("value", .double(Double(frames)))])
        }
        func range(_ start: Int, _ duration: Int) -> JSONValue {
            .object([("OTIO_SCHEMA", "TimeRange.1"), ("duration", time(duration)), ("start_time", time(start))])
        }
        let clips: [JSONValue] = events.map { event in
            let name = event.source ?? "take \(event.label)"
            let reference: JSONValue = event.source.map { source in
                .object([("OTIO_SCHEMA", "ExternalReference.1"), ("metadata", .object([])), ("name", .string(source)),
                         ("available_range", .null), ("available_image_bounds", .null), ("target_url", .string(source))])
            } ?? .object([("OTIO_SCHEMA", "MissingReference.1"), ("metadata", .object([])), ("name", .string(name)),
                          ("available_range", .null), ("available_image_bounds", .null)])
            let markers: [JSONValue] = event.locators.map { locator in
                .object([
                    ("OTIO_SCHEMA", "Marker.2"),
                    ("metadata", .object([("tonmeister", .object([("mark", .int(locator.mark))]))])),
                    ("name", .string(locator.text)),
                    ("color", .string(locator.color)),
                    ("marked_range", range(locator.frame, 0)),
                    ("comment", .string("")),
                ])
            }
            var ours: [(String, JSONValue)] = [
                ("take", .int(event.take)), ("label", .string(event.label)), ("reel", .string(event.reel)),
                ("fromBar", .string(event.fromBar)), ("toBar", .string(event.toBar)), ("rating", .int(event.rating)),
            ]
            if event.noTimecode { ours.append(("noTimecode", .bool(true))) }
            if event.placement != .timed { ours.append(("timingEstimated", .string(event.placement.rawValue))) }
            return .object([
                ("OTIO_SCHEMA", "Clip.2"),
                ("metadata", .object([("tonmeister", .object(ours))])),
                ("name", .string(name)),
                ("source_range", range(event.sourceIn, event.duration)),
                ("effects", .array([])),
                ("markers", .array(markers)),
                ("enabled", .bool(true)),
                ("media_references", .object([("DEFAULT_MEDIA", reference)])),
                ("active_media_reference_key", "DEFAULT_MEDIA"),
            ])
        }
        let track: JSONValue = .object([
            ("OTIO_SCHEMA", "Track.1"), ("metadata", .object([])), ("name", "A1"), ("source_range", .null),
            ("effects", .array([])), ("markers", .array([])), ("enabled", .bool(true)),
            ("children", .array(clips)), ("kind", "Audio"),
        ])
        let document: JSONValue = .object([
            ("OTIO_SCHEMA", "Timeline.1"),
            ("metadata", .object([("tonmeister", .object([
                ("fps", .double(fps)), ("dropFrame", .bool(dropFrame)),
                ("uncovered", .array(uncovered.map { .string($0) })),
            ]))])),
            ("name", .string(title)),
            ("global_start_time", time(recordStart)),
            ("tracks", .object([
                ("OTIO_SCHEMA", "Stack.1"), ("metadata", .object([])), ("name", "tracks"), ("source_range", .null),
                ("effects", .array([])), ("markers", .array([])), ("enabled", .bool(true)), ("children", .array([track])),
            ])),
        ])
        return document.serialized(pretty: pretty) + "\n"
    }
}
