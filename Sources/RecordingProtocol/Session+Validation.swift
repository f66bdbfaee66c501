import Foundation
import ScoreLayout

/// Checking a session: layout, programme, numbering, takes and marks.
extension Session {
    /// Checks the whole session and throws the first problem found.
    ///
    /// Checked: the layout; the numbering (`first` at least 0); each piece (bars in order and, with a
    /// layout, present in it; the key readable by TheoryCore; a non-empty prefix); unique take
    /// numbers; each take (positions on pages of the layout with finite, non-negative coordinates;
    /// the end not before the start; the timecode and frame rate); unique mark ids; each mark (its
    /// take exists; a rating within 1…5; a non-empty problem symbol; positions as for takes; `to`
    /// not before `at`; inside its take's span, where an open take extends to the end of the score;
    /// a time that is finite and not negative); each history action names an existing take or mark.
    /// Deleted takes and marks are checked too.
    ///
    /// `.lenient` (what reading uses after `repair()`) accepts marks outside their take's span, which
    /// are kept where they lie (DESIGN §6), and take numbers and mark ids outside `SessionLimits`; `.strict`, the
    /// default, refuses them as well.
    ///
    /// - Throws: `ProtocolError`.
    public func validate(_ mode: ReadingMode = .strict) throws {
        if let layout {
            do { try layout.validate() } catch let error as LayoutError {
                throw ProtocolError.invalidLayout(reason: error.description)
            }
        }
        try validateScores()
        guard numbering.first >= 0 else {
            throw ProtocolError.invalidNumbering(reason: "the first take number \(numbering.first) must be at least 0")
        }
        try validateClockSettings()
        let checker = PositionChecker(layout: layout, pieces: pieces)
        for index in pieces.indices { try validatePiece(at: index, checker: checker) }
        try validateOrders()
        var numbers = Set<Int>()
        var spans: [Int: TakeSpanCheck] = [:]
        for take in takes {
            guard numbers.insert(take.number).inserted else { throw ProtocolError.duplicateTake(number: take.number) }
            if mode == .strict, !SessionLimits.takeNumbers.contains(take.number) {
                throw ProtocolError.outOfRange(what: "take number", value: take.number, range: SessionLimits.takeNumbers)
            }
            spans[take.number] = try Self.checkTake(take, checker: checker)
        }
        var ids = Set<Int>()
        for mark in marks {
            guard ids.insert(mark.id).inserted else { throw ProtocolError.duplicateMark(id: mark.id) }
            if mode == .strict, !SessionLimits.markIDs.contains(mark.id) {
                throw ProtocolError.outOfRange(what: "mark id", value: mark.id, range: SessionLimits.markIDs)
            }
            guard let span = spans[mark.take] else {
                throw ProtocolError.markForUnknownTake(mark: mark.id, take: mark.take)
            }
            try Self.checkMark(mark, in: span, checker: checker, mode: mode)
        }
        try validateHistory()
    }

    func validatePiece(at index: Int, checker: PositionChecker) throws {
        let piece = pieces[index]
        func fail(_ reason: String) -> ProtocolError { .invalidPiece(index: index, title: piece.title, reason: reason) }
        guard piece.firstBar <= piece.lastBar || layout != nil else {
            throw fail("the first bar \(piece.firstBar) comes after the last bar \(piece.lastBar)")
        }
        if let key = piece.key {
            do { _ = try piece.parsedKey() } catch {
                throw fail("key '\(key)' cannot be read: \(error)")
            }
        }
        if let prefix = piece.prefix, prefix.isEmpty || prefix.contains(where: \.isNumber) {
            throw fail("the take-label prefix '\(prefix)' must be non-empty and contain no digits")
        }
        if let axis = checker.axis {
            guard axis.layout.bar(numbered: piece.firstBar) != nil else { throw fail("bar \(piece.firstBar) is not in the layout") }
            guard axis.layout.bar(numbered: piece.lastBar) != nil else { throw fail("bar \(piece.lastBar) is not in the layout") }
            // Numbers restart per piece: the piece's bars are found after the previous piece's (see pieceBarRanges()).
            guard pieceBarRanges()[index] != nil else {
                throw fail("the first bar \(piece.firstBar) comes after the last bar \(piece.lastBar) in the score")
            }
        }
    }

    /// Checks one take on its own and returns its span for checking its marks.
    static func checkTake(_ take: Take, checker: PositionChecker) throws -> TakeSpanCheck {
        var name: String { take.label == String(take.number) ? "take \(take.number)" : "take \(take.number) (\(take.label))" }
        let start = try checker.place(take.start, what: "\(name) start")
        var end: Place?
        if let takeEnd = take.end {
            let place = try checker.place(takeEnd, what: "\(name) end")
            if place < start {
                throw ProtocolError.takeEndsBeforeStart(take: take.number, label: take.label, start: take.start, end: takeEnd)
            }
            end = place
        }
        if let fps = take.fps, !(fps.isFinite && fps > 0 && fps <= 120) {
            throw ProtocolError.invalidFrameRate(take: take.number, fps: fps)
        }
        if let text = take.recordStart {
            do { _ = try Timecode(text, fps: take.fps) } catch {
                throw ProtocolError.invalidTimecode(take: take.number, text: text, reason: error.reason)
            }
        }
        try checkClock(of: take)
        try take.placement?.check(take: take, checker: checker)
        return TakeSpanCheck(take: take, start: start, end: end)
    }

    /// Checks one mark against its take's span.
    static func checkMark(_ mark: Mark, in span: TakeSpanCheck, checker: PositionChecker, mode: ReadingMode = .strict) throws {
        switch mark.kind {
        case .rating(let value) where !(1...5).contains(value):
            throw ProtocolError.ratingOutOfRange(mark: mark.id, take: mark.take, value: value)
        case .problem(.symbol(let text)) where text.trimmingCharacters(in: .whitespaces).isEmpty:
            throw ProtocolError.invalidProblem(mark: mark.id, reason: "the problem symbol is empty")
        default: break
        }
        try checkInk(mark)
        let at = try checker.place(mark.at, what: "mark \(mark.id) (take \(mark.take)) at")
        var last = at
        if let to = mark.to {
            last = try checker.place(to, what: "mark \(mark.id) (take \(mark.take)) to")
            if last < at { throw ProtocolError.markRangeReversed(mark: mark.id, at: mark.at, to: to) }
        }
        if let time = mark.time, !SessionLimits.isValidTime(time) {
            throw ProtocolError.invalidMarkTime(mark: mark.id, time: time)
        }
        guard mode == .strict else { return }
        let take = span.take
        if at < span.start {
            throw ProtocolError.markOutsideTake(
                mark: mark.id, take: take.number, label: take.label, position: mark.at,
                reason: "it comes before the take's start at \(take.start)")
        }
        if let end = span.end, let takeEnd = take.end, end < last {
            throw ProtocolError.markOutsideTake(
                mark: mark.id, take: take.number, label: take.label, position: mark.last,
                reason: "it comes after the take's end at \(takeEnd)")
        }
    }
}

extension Session {
    /// Checks an ink mark's stroke: 2 to `InkPoint.maximumCount` points with finite coordinates of 0 or more, no range;
    /// other kinds carry no points.
    ///
    /// - Throws: `ProtocolError.invalidInk`.
    static func checkInk(_ mark: Mark) throws {
        guard mark.kind == .ink else {
            if !mark.points.isEmpty { throw ProtocolError.invalidInk(mark: mark.id, reason: "a \(mark.kind.name) mark has no points") }
            return
        }
        guard (2...InkPoint.maximumCount).contains(mark.points.count) else {
            throw ProtocolError.invalidInk(mark: mark.id, reason: "a stroke has 2 to \(InkPoint.maximumCount) points, not \(mark.points.count)")
        }
        if let bad = mark.points.firstIndex(where: { !($0.x.isFinite && $0.y.isFinite && $0.x >= 0 && $0.y >= 0) }) {
            throw ProtocolError.invalidInk(mark: mark.id, reason: "point \(bad + 1) of the stroke (\(mark.points[bad].x), \(mark.points[bad].y)) is not a finite position of 0 or more")
        }
        if mark.to != nil { throw ProtocolError.invalidInk(mark: mark.id, reason: "a stroke is not a range (no to)") }
    }
}

/// A take with its start and end placed, for checking its marks.
struct TakeSpanCheck {
    var take: Take
    var start: Place
    var end: Place?
}

/// Places positions through the layout, or checks only pages and coordinates without one.
struct PositionChecker {
    let axis: ScoreAxis?

    init(layout: ScoreLayout?, pieces: [Piece] = []) {
        axis = layout.map { ScoreAxis($0, pieces: pieces) }
    }

    /// The place of a position; without a layout, a place ordered by page only.
    func place(_ position: ScorePosition, what: @autoclosure () -> String) throws -> Place {
        if let axis {
            do { return try axis.place(position) } catch {
                throw ProtocolError.invalidPosition(what: what(), position: position, reason: error.reason(position))
            }
        }
        let problem: PlaceError? =
            !(position.x.isFinite && position.y.isFinite) ? .notFinite
            : (position.x < 0 || position.y < 0) ? .negative
            : position.page < 1 ? .noSuchPage
            : position.passNumber < 1 ? .badPass
            : position.passNumber > PlayingOrder.maxPasses ? .noSuchPass(passes: PlayingOrder.maxPasses) : nil
        if let problem {
            throw ProtocolError.invalidPosition(what: what(), position: position, reason: problem.reason(position))
        }
        return Place(page: position.page, system: 0, primary: 0, secondary: 0, coordinate: 0)
    }
}
