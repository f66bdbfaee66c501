/// Repairing a take's placement from audio read from elsewhere (DESIGN §6: reading is lenient, writing is strict).
extension Session {
    /// Leaves out the downbeats of a placement that cannot be used, clamps its confidence and times and drops a
    /// reference pitch outside 300–600 Hz (the follower finds it again), each take's repair one warning. A downbeat is left out when its time is not finite, below 0 or not after the one before,
    /// or its position is not on the layout.
    mutating func repairPlacements() -> [SessionWarning] {
        var warnings: [SessionWarning] = []
        let checker = PositionChecker(layout: layout, pieces: pieces)
        for index in takes.indices {
            guard var placement = takes[index].placement else { continue }
            let take = takes[index]
            if (try? placement.check(take: take, checker: checker)) != nil { continue }
            var kept: [AudioPlacement.Downbeat] = []
            for beat in placement.downbeats where beat.time.isFinite && beat.time >= 0 && beat.time > (kept.last?.time ?? -1)
                && (try? checker.place(beat.at, what: "downbeat")) != nil {
                kept.append(beat)
            }
            let dropped = placement.downbeats.count - kept.count
            placement.downbeats = kept
            placement.confidence = placement.confidence.isFinite ? min(1, max(0, placement.confidence)) : 0
            if !(placement.startTime.isFinite && placement.startTime >= 0) { placement.startTime = kept.first?.time ?? 0 }
            if !(placement.endTime.isFinite && placement.endTime >= placement.startTime) { placement.endTime = max(placement.startTime, kept.last?.time ?? 0) }
            if let pitch = placement.referencePitch, !AudioPlacement.plausiblePitch(pitch) { placement.referencePitch = nil }
            takes[index].placement = placement
            warnings.append(SessionWarning(
                kind: .placementRepaired,
                message: "take \(take.number): its placement from audio had \(dropped) downbeat\(dropped == 1 ? "" : "s") that cannot be used "
                    + "(a time not finite, below 0 or not after the one before, or a position off the layout) or a confidence, times or reference pitch out of range; "
                    + "\(dropped == 1 ? "it was" : "they were") left out, the rest kept",
                take: take.number))
        }
        return warnings
    }
}
