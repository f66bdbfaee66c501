import Foundation
import ScoreLayout

/// Lenient reading (DESIGN §6): repair what is unambiguous, keep the rest where it lies, and say so.
extension Session {
    /// Reads a session document leniently (repairing, with warnings) or strictly (today's errors).
    ///
    /// - Throws: `ProtocolError.invalidJSON` or `.unsupportedFormat` for a document that cannot be read,
    ///   and the errors of `validate(_:)` for what no repair can mend (a take ending before its start, a
    ///   mark of a take that does not exist, a rating of 7, …).
    /// A document whose JSON breaks off (a truncated file, a crash mid-write) is read up to its last complete take
    /// and mark when reading is lenient; `damage` then says where it broke and what was kept.
    public static func read(json: Data, mode: ReadingMode = .lenient) throws -> SessionReading {
        do {
            return try Session(unvalidatedJSON: json).checked(mode)
        } catch ProtocolError.invalidJSON(let path, let reason) where path == "top level" && mode == .lenient {
            guard let (partial, damage) = salvaging(json: json) else { throw ProtocolError.invalidJSON(path: path, reason: reason) }
            var reading = try partial.checked(.lenient)
            reading.damage = damage
            reading.warnings.insert(SessionWarning(kind: .damaged, message: damage.description), at: 0)
            return reading
        }
    }

    /// The session repaired and validated (`.lenient`), or validated as it is (`.strict`).
    ///
    /// - Throws: the errors of `validate(_:)`.
    public func checked(_ mode: ReadingMode) throws -> SessionReading {
        switch mode {
        case .strict:
            try validate(.strict)
            return SessionReading(session: self, warnings: [])
        case .lenient:
            var session = self
            let warnings = session.repair()
            try session.validate(.lenient)
            return SessionReading(session: session, warnings: warnings)
        }
    }

    /// Repairs what can be repaired without losing meaning and returns one warning per repair or oddity.
    ///
    /// - Layout: neighbouring systems, staves and bars overlapping by less than half a point are snapped
    ///   together (`ScoreLayout.repaired()`).
    /// - A mark whose range runs backwards (`to` before `at`) is turned around.
    /// - A mark before its take's start or after its end is kept where it lies and flagged: it counts where
    ///   DESIGN §6 places it (a rating before the start is the rating in force at the start).
    ///
    /// Positions that cannot be placed are left for `validate(_:)` to report.
    public mutating func repair() -> [SessionWarning] {
        var warnings: [SessionWarning] = []
        if let layout {
            let (repairedLayout, repairs) = layout.repaired()
            self.layout = repairedLayout
            warnings += repairs.map(SessionWarning.init)
        }
        warnings += repairOutOfRange()
        warnings += repairOrders()
        warnings += repairPasses()
        warnings += repairPlacements()
        let checker = PositionChecker(layout: layout, pieces: pieces)
        var spans: [Int: TakeSpanCheck] = [:]
        for take in takes where spans[take.number] == nil {
            if let span = try? Self.checkTake(take, checker: checker) { spans[take.number] = span }
        }
        for index in marks.indices {
            warnings += repairMark(at: index, spans: spans, checker: checker)
        }
        return warnings
    }

    /// Flags take numbers and mark ids outside `SessionLimits` (kept: marks and history name them) and drops mark
    /// times beyond `SessionLimits.maxSeconds` or not finite (no recording is that long; exports could not place them).
    private mutating func repairOutOfRange() -> [SessionWarning] {
        var warnings: [SessionWarning] = []
        for take in takes where !SessionLimits.takeNumbers.contains(take.number) {
            warnings.append(SessionWarning(
                kind: .outOfRange,
                message: "take \(take.number): its number is outside \(SessionLimits.describe(SessionLimits.takeNumbers)); kept, and new takes are numbered after the highest number inside the range",
                take: take.number))
        }
        for index in marks.indices {
            let mark = marks[index]
            if !SessionLimits.markIDs.contains(mark.id) {
                warnings.append(SessionWarning(
                    kind: .outOfRange,
                    message: "mark \(mark.id) (take \(mark.take)): its id is outside \(SessionLimits.describe(SessionLimits.markIDs)); kept, and new marks are numbered after the highest id inside the range",
                    take: mark.take, mark: mark.id))
            }
            if let time = mark.time, !(time.isFinite && time >= 0) || time > SessionLimits.maxSeconds, !(time.isFinite && time < 0) {
                marks[index].time = nil
                warnings.append(SessionWarning(
                    kind: .outOfRange,
                    message: "mark \(mark.id) (take \(mark.take)): its time \(time) s is beyond \(Int(SessionLimits.maxSeconds)) s; dropped (the mark is kept without a time)",
                    take: mark.take, mark: mark.id))
            }
        }
        return warnings
    }

    /// Turns a backwards range around and flags a mark outside its take.
    private mutating func repairMark(at index: Int, spans: [Int: TakeSpanCheck], checker: PositionChecker) -> [SessionWarning] {
        var warnings: [SessionWarning] = []
        let mark = marks[index]
        // Each position is placed once (a session holds hundreds of thousands of marks).
        guard let atPlace = try? checker.place(mark.at, what: "") else { return [] }
        var first = atPlace, last = atPlace
        if let to = mark.to, let toPlace = try? checker.place(to, what: "") {
            if toPlace < atPlace {
                marks[index].at = to
                marks[index].to = mark.at
                first = toPlace
                warnings.append(SessionWarning(
                    kind: .rangeReversed,
                    message: "mark \(mark.id) (take \(mark.take)): its range ran backwards from \(mark.at) to \(to); turned around to run from \(to) to \(mark.at)",
                    take: mark.take, mark: mark.id, page: to.page))
            } else {
                last = toPlace
            }
        }
        if let span = spans[mark.take] { warnings += Self.placementWarnings(for: marks[index], first: first, last: last, span: span) }
        return warnings
    }

    /// The warnings for a mark that lies before its take's start or after its end (none for a mark inside it).
    public func placementWarnings(for mark: Mark) -> [SessionWarning] {
        guard let take = takes.first(where: { $0.number == mark.take }) else { return [] }
        return placementWarnings(for: mark, in: take)
    }

    /// The warnings for a mark that lies before the start or after the end of `take`, its take (found by the caller).
    public func placementWarnings(for mark: Mark, in take: Take) -> [SessionWarning] {
        let checker = PositionChecker(layout: layout, pieces: pieces)
        guard let span = try? Self.checkTake(take, checker: checker) else { return [] }
        return Self.placementWarnings(for: mark, span: span, checker: checker)
    }

    static func placementWarnings(for mark: Mark, span: TakeSpanCheck, checker: PositionChecker) -> [SessionWarning] {
        guard let at = try? checker.place(mark.at, what: ""), let last = try? checker.place(mark.last, what: "") else { return [] }
        return placementWarnings(for: mark, first: min(at, last), last: max(at, last), span: span)
    }

    /// The warnings for a mark whose range runs from place `first` to `last`.
    static func placementWarnings(for mark: Mark, first: Place, last: Place, span: TakeSpanCheck) -> [SessionWarning] {
        let at = first
        var warnings: [SessionWarning] = []
        let take = span.take
        var name: String { take.label == String(take.number) ? "take \(take.number)" : "take \(take.number) (\(take.label))" }
        var what: String { "mark \(mark.id) (\(mark.kind.name))" }
        if min(at, last) < span.start {
            let counted = mark.kind.rating != nil ? "; it counts as the rating in force at the take's start" : ""
            warnings.append(SessionWarning(
                kind: .markBeforeTake,
                message: "\(what) at \(mark.at) lies before the start of \(name) at \(take.start); kept where it lies\(counted)",
                take: take.number, mark: mark.id, page: mark.at.page))
        }
        if let end = span.end, let takeEnd = take.end, end < max(at, last) {
            warnings.append(SessionWarning(
                kind: .markAfterTake,
                message: "\(what) at \(mark.last) lies after the end of \(name) at \(takeEnd); kept where it lies",
                take: take.number, mark: mark.id, page: mark.last.page))
        }
        return warnings
    }

    /// `at` and `to` in score order: a range given backwards is turned around (positions that cannot be placed are left as they are).
    static func forwardRange(at: ScorePosition, to: ScorePosition?, checker: PositionChecker) -> (at: ScorePosition, to: ScorePosition?) {
        guard let to, let first = try? checker.place(at, what: ""), let last = try? checker.place(to, what: ""), last < first else {
            return (at, to)
        }
        return (to, at)
    }
}
