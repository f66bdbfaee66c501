/// Building an edit timeline from an edit plan and the session's timing.
extension EditTimeline {
    /// Lays the plan's segments one after another: each segment plays its take from the barline
    /// before its first bar to the barline after its last, mapped to the take's source timecode.
    ///
    /// Splices therefore fall exactly on barlines (editors add their own crossfades and handles).
    /// Every take the plan uses needs a record-start timecode, a frame rate (the same for all of
    /// them: an EDL has one rate) and at least one timed mark (see `SessionTiming`). Marks of the
    /// take inside a segment become locators.
    ///
    /// - Throws: `ProtocolError.missingTiming` naming the take and what is missing.
    public init(plan: EditPlan, session: Session, timing: SessionTiming? = nil) throws {
        let timing = try timing ?? SessionTiming(session: session)
        var rate: (fps: Double, take: Int)?
        var dropFrame = false
        var events: [Event] = []
        let marks = Dictionary(grouping: session.liveMarks, by: \.take)
        for segment in plan.segments {
            let (start, fps) = try timing.recordStart(take: segment.take)
            if let rate, rate.fps != fps {
                throw ProtocolError.missingTiming(take: segment.take, label: segment.label,
                    reason: "its frame rate \(fps) differs from \(rate.fps) of take \(rate.take), and an EDL has one rate")
            }
            rate = (fps, segment.take)
            dropFrame = dropFrame || start.dropFrame
            let base = start.frameCount(fps: fps)
            let real = Timecode.realRate(fps)
            func frame(_ seconds: Double) -> Int { base + Int((seconds * real).rounded()) }
            let sourceIn = frame(try timing.seconds(take: segment.take, coordinate: Double(segment.bars.lowerBound)))
            let sourceOut = frame(try timing.seconds(take: segment.take, coordinate: Double(segment.bars.upperBound + 1)))
            guard sourceOut > sourceIn else {
                throw ProtocolError.missingTiming(take: segment.take, label: segment.label,
                    reason: "its timed marks give bars \(segment.fromBar)–\(segment.toBar) no duration")
            }
            var locators: [Locator] = []
            for mark in marks[segment.take] ?? [] {
                let at = frame(try mark.time ?? timing.seconds(take: segment.take, at: mark.at))
                guard at >= sourceIn, at < sourceOut else { continue }
                locators.append(Locator(frame: at, color: TakeMarkers.color(of: mark.kind), text: TakeMarkers.text(of: mark), mark: mark.id))
            }
            locators.sort { ($0.frame, $0.mark) < ($1.frame, $1.mark) }
            let take = session.take(segment.take)
            events.append(Event(take: segment.take, label: segment.label, source: take?.source,
                                reel: Self.reel(take: segment.take), sourceIn: sourceIn, sourceOut: sourceOut,
                                fromBar: segment.fromBar.description, toBar: segment.toBar.description,
                                rating: segment.rating, locators: locators))
        }
        self.init(title: session.title, fps: rate?.fps ?? 25, dropFrame: dropFrame, events: events,
                  uncovered: plan.uncovered.map { $0.fromBar == $0.toBar ? "\($0.fromBar)" : "\($0.fromBar)–\($0.toBar)" })
    }
}
