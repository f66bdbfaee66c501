import Foundation
/// Building an edit timeline from an edit plan and the session's timing.
extension EditTimeline {
    /// Lays the plan's segments one after another: each segment plays its take from the barline
    /// before its first bar to the barline after its last, mapped to the take's source timecode.
    ///
    /// Splices therefore fall exactly on barlines (editors add their own crossfades and handles).
    /// Takes are placed as well as the session allows, each shortfall a warning (`warnings`), never
    /// a refusal: a take without timed marks runs from its start at the session tempo
    /// (`SessionTiming.bestEffortSeconds`); a take without a record-start timecode counts from
    /// 00:00:00:00 and is flagged (`Event.noTimecode`); a take without a frame rate uses the
    /// timeline's. Marks of the take inside a segment become locators.
    ///
    /// - Throws: `ProtocolError.missingTiming` when two takes have different frame rates (an EDL
    ///   has one rate), `.invalidTimecode`, or the errors of `SessionTiming(session:)`.
    ///
    /// - Parameter baseDirectory: the folder relative sources are resolved against (the session file's); sources
    ///   are written as absolute paths. A take's file whose `media` was not stored is read for its header there.
    public init(plan: EditPlan, session: Session, timing: SessionTiming? = nil, baseDirectory: String? = nil) throws {
        let timing = try timing ?? SessionTiming(session: session)
        let rates = plan.segments.compactMap { segment in session.take(segment.take)?.fps.map { (fps: $0, take: segment.take) } }
        let fps = rates.first?.fps ?? 25
        var dropFrame = false
        var events: [Event] = []
        var warned = Set<String>()
        var warnings: [SessionWarning] = []
        func warn(_ kind: SessionWarning.Kind, take: Int, _ message: String) {
            guard warned.insert("\(kind.rawValue) \(take)").inserted else { return }
            warnings.append(SessionWarning(kind: kind, message: message, take: take))
        }
        let marks = Dictionary(grouping: session.liveMarks, by: \.take)
        for segment in plan.segments {
            let take = session.take(segment.take)
            let name = segment.label == String(segment.take) ? "take \(segment.take)" : "take \(segment.take) (\(segment.label))"
            if let other = take?.fps, other != fps, let first = rates.first {
                throw ProtocolError.missingTiming(take: segment.take, label: segment.label,
                    reason: "its frame rate \(other) differs from \(first.fps) of take \(first.take), and an EDL has one rate")
            }
            // The take's tablet time 0 on the recorder's clock (its record start and offset, or its start time and the
            // session's clock offset); without one the take counts from 00:00:00:00 and is flagged.
            var base = take?.tabletOffset ?? 0
            let clock = take.flatMap { session.alignedClock(of: $0, defaultFPS: fps) }
            if let text = take?.recordStart {
                do {
                    let start = try Timecode(text, fps: fps)
                    dropFrame = dropFrame || start.dropFrame
                } catch {
                    throw ProtocolError.invalidTimecode(take: segment.take, text: text, reason: error.reason)
                }
                if take?.fps == nil {
                    warn(.noTimecode, take: segment.take, "\(name) has a record start but no frame rate: read at \(Self.rate(fps)) fps, the timeline's rate")
                }
            } else if clock == nil {
                warn(.noTimecode, take: segment.take,
                     "\(name) has no record-start timecode: exported counting from 00:00:00:00 at its start, marked NO TIMECODE")
            }
            if let clock { base = clock.seconds }
            let placement = timing.placement(take: segment.take)
            switch placement {
            case .timed, .audio: break
            case .fromStartAtSessionTempo:
                warn(.untimedTake, take: segment.take,
                     "\(name) has no timed mark: placed from its start at the session tempo of \(Self.rate(timing.bestEffortSecondsPerBar)) s per bar")
            case .fallbackTempo:
                warn(.untimedTake, take: segment.take,
                     "\(name) has no timed mark and no take gives a tempo: placed from its start at \(Self.rate(timing.bestEffortSecondsPerBar)) s per bar")
            }
            let real = Timecode.realRate(fps)
            func frame(_ seconds: Double) -> Int { Int(((base + seconds) * real).rounded()) }
            func seconds(_ coordinate: Double) throws -> Double { try timing.bestEffortSeconds(take: segment.take, coordinate: coordinate).seconds }
            let (exactIn, exactOut) = (try seconds(Double(segment.bars.lowerBound)), try seconds(Double(segment.bars.upperBound + 1)))
            let sourceIn = frame(exactIn)
            var sourceOut = frame(exactOut)
            if sourceOut <= sourceIn {
                let bars = Double(segment.bars.upperBound + 1 - segment.bars.lowerBound)
                sourceOut = sourceIn + max(1, Int((bars * timing.bestEffortSecondsPerBar * real).rounded()))
                warn(.untimedTake, take: segment.take,
                     "\(name): its timed marks give bars \(segment.fromBar)–\(segment.toBar) no duration; they are given \(Self.rate(timing.bestEffortSecondsPerBar)) s per bar")
            }
            var locators: [Locator] = []
            for mark in marks[segment.take] ?? [] {
                guard let place = try? timing.axis.place(mark.at) else { continue }
                let at = frame(try mark.time ?? seconds(place.coordinate))
                guard at >= sourceIn, at < sourceOut else { continue }
                locators.append(Locator(frame: at, color: TakeMarkers.color(of: mark.kind), text: TakeMarkers.text(of: mark), mark: mark.id,
                                        kind: mark.kind.name))
            }
            locators.sort { ($0.frame, $0.mark) < ($1.frame, $1.mark) }
            let source = take?.source.map { Self.absolute($0, base: baseDirectory) }
            var event = Event(take: segment.take, label: segment.label, source: source,
                              reel: Self.reel(take: segment.take), sourceIn: sourceIn, sourceOut: sourceOut,
                              fromBar: plan.name(segment.fromBar, segment.fromPass), toBar: plan.name(segment.toBar, segment.toPass),
                              rating: segment.rating, locators: locators)
            event.noTimecode = clock == nil
            event.clockBasis = clock?.basis
            event.media = take?.media ?? source.flatMap(RecordingMedia.init(readingHeaderOf:))
            event.placement = placement
            if sourceOut == frame(exactOut) { (event.exactIn, event.exactOut) = (base + exactIn, base + exactOut) }
            events.append(event)
        }
        self.init(title: session.title, fps: fps, dropFrame: dropFrame, events: events,
                  uncovered: plan.uncovered.map { run in
                      let (from, to) = (plan.name(run.fromBar, run.fromPass), plan.name(run.toBar, run.toPass))
                      return from == to ? from : "\(from)–\(to)"
                  })
        self.warnings = warnings
        self.crossfade = session.crossfade ?? Session.defaultCrossfade
    }

    /// A source path made absolute against `base` (else the current directory), `.` and `..` resolved.
    static func absolute(_ path: String, base: String?) -> String {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL.path }
        let folder = base.map { URL(fileURLWithPath: $0, isDirectory: true) }
        return URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL.path
    }

    /// A rate or tempo for messages: `25`, `29.97`, `2.5`.
    static func rate(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
