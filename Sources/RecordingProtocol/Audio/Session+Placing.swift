import ScoreLayout
import TonmeisterSupport

/// Placing takes on the score from their audio (DESIGN §6, "Takes placed from audio"; `session place`).
extension Session {
    /// Below this confidence an alignment is another piece: the take is reported and left alone.
    public static let placementThreshold = 0.3
    /// Bars of the playing order the found downbeats may lie before the tapped start or after the tapped end of a
    /// take and still overlap it (a tap is up to a second late).
    static let tapGrace = 2.0

    /// Places takes from the alignments of their linked files with the score's notes, as one undoable action.
    ///
    /// Each measure found in a file becomes a downbeat at its bar (by `MeasureMap`) and pass; downbeats whose bar or
    /// pass the session does not have are left out and reported. The take's start and end positions are set where the
    /// music begins and ends in the file, but a producer's tap (any start or end not set from audio before) is kept
    /// unless `replace`; an open take gets its end. A take whose alignment is below `placementThreshold`, or that
    /// gives fewer than two downbeats, is reported and left as it was.
    ///
    /// - Parameters:
    ///   - alignments: by take number.
    ///   - measures: the notes' measure numbers in score order (each notated measure once).
    /// - Throws: `ProtocolError.noLayout`, `.takeNotFound`, `.takeDeleted`, `.invalidPiece`; nothing is changed then.
    public mutating func place(_ alignments: [Int: AudioAlignment], measures: [String], replace: Bool = false) throws -> PlacementReport {
        try place(alignments, measuresByScore: [0: measures], replace: replace)
    }

    /// ``place(_:measures:replace:)`` in a session of one score or several: each alignment's measures go to the bars
    /// of its own score (``AudioAlignment/score``), mapped by that score's measure numbers (`measuresByScore`, by
    /// score index) to the bars on its pages. An alignment with a score the session lacks, or whose score's measures
    /// are not given, is reported and left alone.
    ///
    /// - Throws: `ProtocolError.noLayout`, `.takeNotFound`, `.takeDeleted`, `.invalidPiece`; nothing is changed then.
    public mutating func place(_ alignments: [Int: AudioAlignment], measuresByScore: [Int: [String]], replace: Bool = false) throws -> PlacementReport {
        guard let layout else { throw ProtocolError.noLayout(reason: "downbeats are placed on the bars of the layout") }
        let order = try playingOrder()
        var maps: [Int: MeasureMap] = [:]
        for (index, measures) in measuresByScore where scores.indices.contains(index) {
            maps[index] = MeasureMap(measures: measures, layout: layout, pages: pageRange(ofScore: index))
        }
        let checker = PositionChecker(layout: layout, pieces: pieces)
        var report = PlacementReport()
        report.mismatches = maps.keys.sorted().flatMap { index in
            maps[index]!.mismatches.map { hasSeveralScores ? "score \(index): \($0)" : $0 }
        }
        var copy = self
        var previous: [ClockChange.TakeState] = []
        for number in alignments.keys.sorted() {
            guard let alignment = alignments[number] else { continue }
            let index = try copy.liveTakeIndex(number)
            var take = copy.takes[index]
            guard let map = maps[alignment.score] else {
                report.skipped.append(.init(take: number, label: take.label, kind: .unreadable,
                    reason: "its audio was aligned with the notes of score \(alignment.score), which "
                        + (scores.indices.contains(alignment.score) ? "were not given" : "the session does not have")))
                continue
            }
            guard alignment.confidence >= Self.placementThreshold else {
                report.skipped.append(.init(take: number, label: take.label, kind: .wrongPiece,
                    reason: "its audio matches the score with confidence \(PlainNumber.rounded(alignment.confidence, places: 2)) (below \(Self.placementThreshold)): another piece?",
                    confidence: alignment.confidence))
                continue
            }
            var leftOut: [String] = []
            var found: [(measure: AudioAlignment.Measure, slot: Int)] = []
            for measure in alignment.measures {
                let name = measure.pass > 1 ? "\(measure.number)/\(measure.pass)" : measure.number
                guard let bar = map.bars[measure.number] else { leftOut.append("\(name): no bar of that number"); continue }
                guard let slot = order.slot(bar: bar, pass: measure.pass) else {
                    leftOut.append("\(name): the playing order has no pass \(measure.pass) of that bar (set it with `score form`)")
                    continue
                }
                found.append((measure, slot))
            }
            // Where the same bars are played twice (a repeat), the audio fits both passes alike: the producer's tap chooses.
            let shift = alignment.movedFrom == nil ? Self.repeatShift(found, alignment: alignment, tapped: take.start, order: order, checker: checker) : 0
            var beats: [AudioPlacement.Downbeat] = []
            var points: [(time: Double, coordinate: Double)] = []
            for (measure, tappedSlot) in found {
                let slot = tappedSlot + shift, bar = order.slots[slot].bar, pass = order.slots[slot].pass
                let name = pass > 1 ? "\(measure.number)/\(pass)" : measure.number
                guard let at = layout.position(atGlobalBarIndex: bar)?.onPass(pass) else { continue }
                if let last = points.last, !(Double(slot) > last.coordinate && measure.time > last.time) {
                    leftOut.append("\(name): not after the downbeat before it in playing order")
                    continue
                }
                beats.append(AudioPlacement.Downbeat(at: at, bar: measure.number, time: measure.time))
                points.append((measure.time, Double(slot)))
            }
            guard beats.count >= 2 else {
                report.skipped.append(.init(take: number, label: take.label, kind: .noDownbeats,
                    reason: "its audio gives \(beats.count) downbeat\(beats.count == 1 ? "" : "s") on the layout's bars; two are needed"
                        + (leftOut.isEmpty ? "" : " (left out: \(leftOut.joined(separator: "; ")))")))
                continue
            }
            // Music found wholly before the tapped start or wholly after the tapped end (2 bars' grace for a late tap):
            // another piece that fits this score somewhere, or the file of another take. The producer's `replace` overrules.
            let musicStart = Self.coordinate(at: alignment.start, points), musicEnd = Self.coordinate(at: alignment.end, points)
            if !replace, alignment.movedFrom == nil, let tap = try? checker.place(take.start, what: "start") {
                let tapEnd = take.end.flatMap { try? checker.place($0, what: "end").coordinate } ?? .infinity
                if musicEnd < tap.coordinate - Self.tapGrace || musicStart > tapEnd + Self.tapGrace {
                    report.skipped.append(.init(take: number, label: take.label, kind: .farFromTap,
                        reason: "its audio places it at bars \(Self.barName(beats[0]))–\(Self.barName(beats[beats.count - 1])), "
                            + "far from where it was tapped: another piece, or another take's file? "
                            + "placing it with --replace puts it where its audio says",
                        confidence: alignment.confidence))
                    continue
                }
            }
            let start = Self.position(at: musicStart, order: order, layout: layout)
            let end = Self.position(at: musicEnd, order: order, layout: layout)
            // A take moved to the score its audio matches leaves its taps on the other score: both ends are the audio's.
            let moved = alignment.movedFrom != nil
            if moved, start == nil || end == nil {
                report.skipped.append(.init(take: number, label: take.label, kind: .noDownbeats,
                    reason: "its audio matches score \(alignment.score), but its start and end cannot be put on that score's bars"))
                continue
            }
            // Half a move would leave one end on the other score: a moved take's end must lie after its new start.
            if moved, let start, let end, !Self.ordered(start, end, checker: checker) {
                report.skipped.append(.init(take: number, label: take.label, kind: .noDownbeats,
                    reason: "its audio matches score \(alignment.score), but its end there does not fall after its start"))
                continue
            }
            let old = take.placement
            // A start or end counts as set from audio only while it is still where that placement put it: a producer who
            // moved it since (`take end`) tapped it, and it is kept.
            let oldEnds = old.map { Self.ends(of: $0, checker: checker, order: order, layout: layout) }
            var placement = AudioPlacement(downbeats: beats, startTime: alignment.start, endTime: alignment.end,
                                           confidence: alignment.confidence, startSource: .tap, endSource: .tap)
            placement.referencePitch = alignment.referencePitch
            previous.append(ClockChange.TakeState(take, placing: true))
            if let start, replace || moved || (old?.startSource == .audio && oldEnds?.start == take.start) {
                take.start = start
                placement.startSource = .audio
            }
            if let end, replace || moved || take.end == nil || (old?.endSource == .audio && oldEnds?.end == take.end),
               Self.ordered(take.start, end, checker: checker) {
                take.end = end
                placement.endSource = .audio
            }
            take.placement = placement
            copy.takes[index] = take
            var row = PlacementReport.Placed(take: number, label: take.label, downbeats: beats.count,
                                             firstBar: Self.barName(beats[0]), lastBar: Self.barName(beats[beats.count - 1]),
                                             startTime: alignment.start, endTime: alignment.end, confidence: alignment.confidence,
                                             startSet: placement.startSource == .audio, endSet: placement.endSource == .audio, leftOut: leftOut,
                                             score: alignment.score, movedFrom: alignment.movedFrom)
            row.passFromTap = shift != 0
            report.placed.append(row)
        }
        if !previous.isEmpty { copy.history.append(.clockChanged(ClockChange(reason: .place, takes: previous))) }
        try copy.validate(.lenient)
        self = copy
        return report
    }

    /// Names a score's notes (`music` of score `index`, 0-based: MusicXML or MEI beside the PDF; nil forgets them), as
    /// one undoable action. Naming the notes the session already names changes nothing and records nothing; an empty
    /// path forgets them.
    ///
    /// - Throws: `ProtocolError.scoreNotFound` for a score the session does not have.
    public mutating func setMusic(_ path: String?, score index: Int = 0) throws {
        guard scores.indices.contains(index) else {
            throw ProtocolError.scoreNotFound(index: index, count: scores.count, reason: "")
        }
        let path = path?.isEmpty == true ? nil : path
        guard path != scores[index].music else { return }
        history.append(.clockChanged(ClockChange(reason: .music, takes: [], music: .some(scores[index].music), musicScore: index)))
        scores[index].music = path
    }

    /// Whether any score names its notes (`music`): then takes with linked audio can be placed.
    public var namesNotes: Bool { scores.contains { $0.music != nil } }

    /// Seconds to add to a time in a take's file to get the take's tablet time (what its marks' times count from).
    ///
    /// The file's first sample lies at its `bext` time reference (else the take's record start) on the recorder's clock,
    /// and the tablet's time 0 at the take's aligned clock; without a clock the file counts from the take's start, less
    /// its tablet offset, as the exports count such a take.
    public func audioTimeOffset(of take: Take) -> Double {
        let offset = take.tabletOffset ?? 0
        guard let clock = alignedClock(of: take) else { return -offset }
        let fileStart = take.media?.startSeconds ?? (clock.basis == .recordStart ? clock.seconds - offset : clock.seconds)
        return fileStart - clock.seconds
    }

    /// The start and end positions a placement's times give (as `place` sets them).
    static func ends(of placement: AudioPlacement, checker: PositionChecker, order: PlayingOrder, layout: ScoreLayout)
        -> (start: ScorePosition?, end: ScorePosition?) {
        let points = placement.downbeats.compactMap { beat in
            (try? checker.place(beat.at, what: "downbeat")).map { (time: beat.time, coordinate: $0.coordinate) }
        }
        guard points.count >= 2 else { return (nil, nil) }
        return (position(at: coordinate(at: placement.startTime, points), order: order, layout: layout),
                position(at: coordinate(at: placement.endTime, points), order: order, layout: layout))
    }

    /// The slots to move a take's found downbeats by so that they lie on the time through the same bars nearest its tapped
    /// start (0: where the follower put them). Audio cannot tell two passes of the same bars apart; the tap, up to a second
    /// late, lies in the right one. The bar before the first downbeat counts too when the audio begins more than
    /// ``AudioAlignment/leadIn`` before it.
    static func repeatShift(_ found: [(measure: AudioAlignment.Measure, slot: Int)], alignment: AudioAlignment, tapped: ScorePosition,
                            order: PlayingOrder, checker: PositionChecker) -> Int {
        guard let first = found.min(by: { $0.slot < $1.slot }), let last = found.max(by: { $0.slot < $1.slot }),
              let tap = try? checker.place(tapped, what: "start") else { return 0 }
        return order.offsetToNearestRepeat(of: first.slot...last.slot, near: tap.coordinate,
                                           barBefore: alignment.start < first.measure.time - AudioAlignment.leadIn)
    }

    /// Whether `end` can close a take that starts at `start`: both lie on the layout and the end is not before the start.
    static func ordered(_ start: ScorePosition, _ end: ScorePosition, checker: PositionChecker) -> Bool {
        guard let from = try? checker.place(start, what: "start"), let to = try? checker.place(end, what: "end") else { return false }
        return !(to < from)
    }

    /// `12` or `12/2`.
    private static func barName(_ beat: AudioPlacement.Downbeat) -> String {
        beat.at.passNumber > 1 ? "\(beat.bar)/\(beat.at.passNumber)" : beat.bar
    }

    /// The bar coordinate at a time, piecewise-linear through the downbeats (continuing the nearest segment outside them).
    static func coordinate(at time: Double, _ points: [(time: Double, coordinate: Double)]) -> Double {
        var i = 0
        while i + 2 < points.count, time > points[i + 1].time { i += 1 }
        let (a, b) = (points[i], points[i + 1])
        return a.coordinate + (time - a.time) * (b.coordinate - a.coordinate) / (b.time - a.time)
    }

    /// The position at a bar coordinate of the playing order (clamped to the score).
    static func position(at coordinate: Double, order: PlayingOrder, layout: ScoreLayout) -> ScorePosition? {
        guard !order.slots.isEmpty, coordinate.isFinite else { return nil }
        let clamped = min(max(0, coordinate), Double(order.slots.count))
        let k = min(Int(clamped.rounded(.down)), order.slots.count - 1)
        let slot = order.slots[k]
        return layout.position(atGlobalBarIndex: slot.bar, fraction: clamped - Double(k))?.onPass(slot.pass)
    }
}
