/// What exports will have to estimate or flag, told before the producer exports.
extension Session {
    /// One warning per live take that exports cannot place exactly: no record-start timecode
    /// (`noTimecode`), or no timed mark (`untimedTake`: placed from its start at the session tempo).
    ///
    /// Without a layout nothing can be placed in time, and nothing is said here.
    public func timingWarnings() -> [SessionWarning] {
        guard layout != nil, let timing = try? SessionTiming(session: self) else { return [] }
        var warnings: [SessionWarning] = []
        for take in liveTakes {
            let name = take.label == String(take.number) ? "take \(take.number)" : "take \(take.number) (\(take.label))"
            if take.recordStart == nil {
                warnings.append(SessionWarning(
                    kind: .noTimecode, message: "\(name) has no record-start timecode: EDL and OTIO exports count it from 00:00:00:00, marked NO TIMECODE",
                    take: take.number))
            }
            switch timing.placement(take: take.number) {
            case .timed, .audio: break
            case .fromStartAtSessionTempo:
                warnings.append(SessionWarning(
                    kind: .untimedTake, message: "\(name) has no timed mark: exports place it from its start at the session tempo",
                    take: take.number))
            case .fallbackTempo:
                warnings.append(SessionWarning(
                    kind: .untimedTake,
                    message: "\(name) has no timed mark and no take gives a tempo: exports place it from its start at \(EditTimeline.rate(SessionTiming.fallbackSecondsPerBar)) s per bar",
                    take: take.number))
            }
        }
        return warnings
    }
}
