/// Placing takes in time as well as the session allows, instead of refusing (issue: "best-effort timing").
extension SessionTiming {
    /// How a take's times were found.
    public enum Placement: String, Hashable, Sendable {
        /// Through the take's own timed marks (two or more, or one with the session tempo).
        case timed
        /// Through the take's downbeats placed from its audio (`session place`).
        case audio
        /// From the take's start at the session tempo (no timed mark).
        case fromStartAtSessionTempo = "session-tempo"
        /// At the fallback tempo: no take gives a tempo (`fallbackSecondsPerBar`).
        case fallbackTempo = "fallback-tempo"

        /// True when the times come from the take itself (its timed marks or its audio), not from a tempo.
        public var isMeasured: Bool { self == .timed || self == .audio }
    }

    /// The tempo best-effort placement uses: the session tempo, else `fallbackSecondsPerBar`.
    public var bestEffortSecondsPerBar: Double { secondsPerBar ?? Self.fallbackSecondsPerBar }

    /// Seconds since the take's record start at a bar coordinate, never failing for a live take.
    ///
    /// A take with timed marks is mapped as `seconds(take:coordinate:)` does; a take with one timed mark
    /// and no session tempo, or none at all, runs at `bestEffortSecondsPerBar` from that mark or from its
    /// start (time 0 at the take's start).
    ///
    /// - Throws: `ProtocolError.takeNotFound` for a take that is not live.
    public func bestEffortSeconds(take number: Int, coordinate: Double) throws -> (seconds: Double, placement: Placement) {
        guard takes[number] != nil else { throw ProtocolError.takeNotFound(number: number) }
        if let seconds = try? seconds(take: number, coordinate: coordinate) { return (seconds, .timed) }
        let tempo = bestEffortSecondsPerBar
        let placement: Placement = secondsPerBar == nil ? .fallbackTempo : .fromStartAtSessionTempo
        if let only = anchors[number]?.first {
            return (max(0, only.seconds + (coordinate - only.coordinate) * tempo), placement)
        }
        let start = startCoordinates[number] ?? coordinate
        return (max(0, (coordinate - start) * tempo), placement)
    }

    /// How `bestEffortSeconds` places take `number`.
    public func placement(take number: Int) -> Placement {
        let count = anchors[number]?.count ?? 0
        if audioPlaced.contains(number) { return .audio }
        if count >= 2 || (count == 1 && secondsPerBar != nil) { return .timed }
        return secondsPerBar == nil ? .fallbackTempo : .fromStartAtSessionTempo
    }
}
