import TonmeisterSupport

/// One clock per take: setting a take's record start and tablet offset, the session's clock offset, and the
/// aligned time every export uses (DESIGN §6, "One clock per take").
///
/// A take's marks are timed by the tablet, in seconds from the take's start tap. On the recorder's clock
/// that tap lies at the take's `recordStart` plus its `tabletOffset`. Every change here is one history entry
/// (`SessionAction.clockChanged`), so `undo` takes it back.
extension Session {
    /// Where a take's tablet time 0 lies on the recorder's clock, and how that was found.
    public struct AlignedClock: Hashable, Sendable {
        /// How the clock of a take is known.
        public enum Basis: String, Hashable, Sendable {
            /// The take's own record start (from `link-audio` or typed in) and offset.
            case recordStart = "record-start"
            /// The take's start time on the tablet's clock plus the session's clock offset (no record start).
            case sessionOffset = "session-offset"
        }

        /// Seconds since midnight on the recorder's clock at the take's tablet time 0 (frames counted at the real rate).
        public var seconds: Double
        /// The timecode rate.
        public var fps: Double
        /// True for drop-frame timecode.
        public var dropFrame: Bool
        public var basis: Basis
    }

    /// The recorder's clock of a take, nil when nothing places it (no record start, and no start time with a session offset).
    ///
    /// The frame rate is the take's, else `defaultFPS`. A record start that does not read as a timecode gives nil
    /// (validation refuses such a take).
    public func alignedClock(of take: Take, defaultFPS: Double = 25) -> AlignedClock? {
        let fps = take.fps ?? defaultFPS
        let real = Timecode.realRate(fps)
        if let text = take.recordStart {
            guard let start = try? Timecode(text, fps: fps) else { return nil }
            return AlignedClock(seconds: Double(start.frameCount(fps: fps)) / real + (take.tabletOffset ?? 0), fps: fps,
                                dropFrame: start.dropFrame, basis: .recordStart)
        }
        if let clockOffset, let text = take.startedAt, let wall = try? WallClock(text) {
            return AlignedClock(seconds: wall.secondsOfDay + clockOffset, fps: fps, dropFrame: false, basis: .sessionOffset)
        }
        return nil
    }

    /// Sets a live take's record start (`HH:MM:SS:FF`, the frame in progress at its time 0 unless `tabletOffset` says
    /// otherwise), frame rate and tablet offset; a nil argument keeps what the take has. One undoable action.
    ///
    /// - Throws: `ProtocolError.takeNotFound`, `.takeDeleted`, `.invalidTimecode`, `.invalidFrameRate`, `.invalidClock`.
    public mutating func setClock(ofTake number: Int, recordStart: String? = nil, fps: Double? = nil, tabletOffset: Double? = nil) throws {
        let index = try liveTakeIndex(number)
        var take = takes[index]
        if let fps { take.fps = fps }
        if let recordStart { take.recordStart = recordStart }
        if let tabletOffset { take.tabletOffset = tabletOffset }
        _ = try Self.checkTake(take, checker: PositionChecker(layout: nil))
        history.append(.clockChanged(ClockChange(reason: .takeClock, takes: [ClockChange.TakeState(takes[index])])))
        takes[index] = take
    }

    /// Moves a live take's tablet offset by `seconds` (positive: the take's marks lie later in the recording).
    ///
    /// - Throws: as `setClock`.
    public mutating func adjustClock(ofTake number: Int, by seconds: Double) throws {
        let index = try liveTakeIndex(number)
        try setClock(ofTake: number, tabletOffset: (takes[index].tabletOffset ?? 0) + seconds)
    }

    /// Sets the session's clock offset (the recorder's clock minus the tablet's, in seconds; nil clears it). One undoable action.
    ///
    /// - Throws: `ProtocolError.invalidClock` for an offset that is not finite or more than a day.
    public mutating func setClockOffset(_ offset: Double?) throws {
        var copy = self
        copy.clockOffset = offset
        try copy.validateClockSettings()
        history.append(.clockChanged(ClockChange(reason: .sessionClock, takes: [], sessionOffset: .some(clockOffset))))
        clockOffset = offset
    }

    /// Fills each linked take's source, record start, frame rate, offset and media, as one undoable action.
    ///
    /// - Throws: the errors of `validate()` when a link would make a take invalid (nothing is changed then).
    public mutating func link(_ links: [AudioLink]) throws {
        guard !links.isEmpty else { return }
        var copy = self
        var previous: [ClockChange.TakeState] = []
        for link in links {
            let index = try copy.liveTakeIndex(link.take)
            previous.append(ClockChange.TakeState(copy.takes[index]))
            copy.takes[index].source = link.source
            if let start = link.recordStart {
                copy.takes[index].recordStart = start
                copy.takes[index].tabletOffset = link.tabletOffset
            }
            copy.takes[index].fps = link.fps
            copy.takes[index].media = link.media
            _ = try Self.checkTake(copy.takes[index], checker: PositionChecker(layout: nil))
        }
        copy.history.append(.clockChanged(ClockChange(reason: .linkAudio, takes: previous)))
        self = copy
    }

    /// Moves the media of every take whose source lies under `old` to the same place under `new`; one undoable action.
    ///
    /// - Returns: the numbers of the takes moved (none: nothing is recorded).
    @discardableResult
    public mutating func relocateMedia(from old: String, to new: String) -> [Int] {
        let prefix = old.hasSuffix("/") ? old : old + "/"
        var previous: [ClockChange.TakeState] = []
        for index in takes.indices {
            guard let source = takes[index].source, source == old || source.hasPrefix(prefix) else { continue }
            previous.append(ClockChange.TakeState(takes[index]))
            let rest = source == old ? "" : String(source.dropFirst(prefix.count))
            takes[index].source = rest.isEmpty ? new : (new.hasSuffix("/") ? new : new + "/") + rest
        }
        if !previous.isEmpty { history.append(.clockChanged(ClockChange(reason: .relocate, takes: previous))) }
        return previous.map(\.take)
    }

    /// A take's clock found from its audio: the take's start tap is placed on the first onset after silence in its file
    /// (`AudioOnset`), found `onset` seconds after the file's first sample. The record start stays the take's (else the
    /// frame in progress at the file's first sample); the offset is from it to the onset.
    ///
    /// - Returns: the record start, frame rate and tablet offset to set with `setClock`.
    public func clockFromAudio(ofTake number: Int, wave: BroadcastWave, onset: Double, defaultFPS: Double = 25)
        -> (recordStart: String, fps: Double, tabletOffset: Double)? {
        guard let take = take(number) else { return nil }
        let fps = take.fps ?? wave.ixml?.framesPerSecond ?? defaultFPS
        let real = Timecode.realRate(fps)
        let recordStart: Timecode
        if let text = take.recordStart, let start = try? Timecode(text, fps: fps) {
            recordStart = start
        } else if let seconds = wave.startSeconds {
            recordStart = Timecode(frameCount: Int((seconds * real).rounded(.down)), fps: fps)
        } else {
            return nil
        }
        let base = Double(recordStart.frameCount(fps: fps)) / real
        let fileStart = wave.startSeconds ?? base
        return (recordStart.description, fps, PlainNumber.rounded(fileStart + onset - base, places: 6))
    }

    /// Checks the session-wide clock settings: the clock offset, the crossfade and the default rating.
    func validateClockSettings() throws {
        if let clockOffset, !(clockOffset.isFinite && abs(clockOffset) <= 86_400) {
            throw ProtocolError.invalidClock(what: "the session's clock offset", reason: "\(clockOffset) s must be finite and at most a day")
        }
        if let crossfade, !(crossfade.isFinite && crossfade >= 0 && crossfade <= 10) {
            throw ProtocolError.invalidClock(what: "the session's crossfade", reason: "\(crossfade) s must be between 0 and 10 s")
        }
        if let defaultRating, !(1...5).contains(defaultRating) {
            throw ProtocolError.invalidClock(what: "the session's default rating", reason: "\(defaultRating) is outside 1…5")
        }
    }

    /// Checks a take's clock parts: its tablet offset, start time and media.
    static func checkClock(of take: Take) throws {
        if let offset = take.tabletOffset, !(offset.isFinite && abs(offset) <= 86_400) {
            throw ProtocolError.invalidClock(what: "take \(take.number)'s tablet offset", reason: "\(offset) s must be finite and at most a day")
        }
        if let text = take.startedAt { _ = try WallClock(text) }
        if let media = take.media, media.channels < 1 || media.sampleRate < 1 || media.samples < 0 || (media.timeReference ?? 0) < 0 {
            throw ProtocolError.invalidClock(what: "take \(take.number)'s media",
                                             reason: "channels and sample rate must be 1 or more, samples and time reference 0 or more")
        }
    }
}
