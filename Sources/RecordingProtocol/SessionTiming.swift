import ScoreLayout

/// Maps score positions to times inside each take's recording, from the timed marks (DESIGN §6, Time).
///
/// A take's **anchors** are its live marks that carry a `time` (seconds since the take's record
/// start), placed at their `at` position on the score's bar axis (global bar index plus the fraction
/// into the bar). Anchors are sorted by position; anchors at the same position are averaged, and an
/// anchor whose time is not later than the one before it is dropped (a tap logged late cannot make
/// time run backwards). A position then maps piecewise-linearly through the anchors; before the first
/// and after the last it continues the nearest segment's tempo. A take with a single anchor uses the
/// **session tempo** (the median seconds per bar over every segment between anchors of all takes);
/// a take without anchors cannot be timed. Times never go below 0.
///
/// The absolute source time of a position is the take's `recordStart` timecode plus its time.
///
/// A take placed from its audio (`session place`, two or more downbeats) is timed by its downbeats instead: each is an
/// anchor at its barline, its time in the file moved onto the take's tablet time (`Session.audioTimeOffset(of:)`); the
/// producer's timed marks of that take are then not used, as they were tapped up to a second late.
public struct SessionTiming: Sendable {
    /// One timed point of a take: its bar coordinate and seconds since the record start.
    public struct Anchor: Hashable, Sendable {
        public var coordinate: Double
        public var seconds: Double
    }

    /// The takes' anchors by take number (live takes only; a take without timed marks has none).
    public let anchors: [Int: [Anchor]]
    /// The median seconds per bar over all segments between anchors; nil when no take has two anchors.
    public let secondsPerBar: Double?
    let axis: ScoreAxis
    let takes: [Int: Take]
    /// The bar coordinate of each live take's start (for placing a take without timed marks).
    let startCoordinates: [Int: Double]
    /// The takes timed by their downbeats placed from audio (their timed marks are not used).
    public let audioPlaced: Set<Int>

    /// The tempo assumed when no take gives one: 2 seconds per bar (a 4/4 bar at 120 beats per minute).
    public static let fallbackSecondsPerBar = 2.0

    /// Collects the anchors of every live take of a session with a layout.
    ///
    /// - Throws: `ProtocolError.noLayout`, or the errors of `validate()`.
    public init(session: Session) throws {
        guard let layout = session.layout else {
            throw ProtocolError.noLayout(reason: "times are mapped through the bars of the layout")
        }
        try session.validate(.lenient)
        let axis = ScoreAxis(layout, pieces: session.pieces)
        self.axis = axis
        var live: [Int: Take] = [:]
        for take in session.takes where !take.deleted { live[take.number] = take }
        takes = live
        var starts: [Int: Double] = [:]
        for take in live.values { starts[take.number] = (try? axis.place(take.start))?.coordinate }
        startCoordinates = starts
        var raw: [Int: [(Double, Double)]] = [:]
        var placed = Set<Int>()
        for take in live.values {
            guard let beats = take.placement?.downbeats, beats.count >= 2 else { continue }
            let offset = session.audioTimeOffset(of: take)
            let points = beats.compactMap { beat in (try? axis.place(beat.at)).map { ($0.coordinate, beat.time + offset) } }
            if points.count >= 2 { raw[take.number] = points; placed.insert(take.number) }
        }
        audioPlaced = placed
        for mark in session.liveMarks {
            guard let time = mark.time, live[mark.take] != nil, !placed.contains(mark.take), let place = try? axis.place(mark.at) else { continue }
            raw[mark.take, default: []].append((place.coordinate, time))
        }
        var anchors: [Int: [Anchor]] = [:]
        var slopes: [Double] = []
        for (take, points) in raw {
            let list = Self.anchors(points)
            anchors[take] = list
            for (a, b) in zip(list, list.dropFirst()) { slopes.append((b.seconds - a.seconds) / (b.coordinate - a.coordinate)) }
        }
        self.anchors = anchors
        slopes.sort()
        secondsPerBar = slopes.isEmpty ? nil
            : slopes.count % 2 == 1 ? slopes[slopes.count / 2] : (slopes[slopes.count / 2 - 1] + slopes[slopes.count / 2]) / 2
    }

    /// Sorted, merged, strictly increasing anchors from (coordinate, seconds) pairs.
    static func anchors(_ points: [(Double, Double)]) -> [Anchor] {
        var merged: [Anchor] = []
        var i = 0
        let sorted = points.sorted { $0.0 < $1.0 }
        while i < sorted.count {
            var j = i, sum = 0.0
            while j < sorted.count, sorted[j].0 == sorted[i].0 { sum += sorted[j].1; j += 1 }
            let anchor = Anchor(coordinate: sorted[i].0, seconds: sum / Double(j - i))
            if merged.last.map({ anchor.seconds > $0.seconds }) ?? true { merged.append(anchor) }
            i = j
        }
        return merged
    }

    /// Seconds since the take's record start at a bar coordinate (global bar index + fraction).
    ///
    /// - Throws: `ProtocolError.missingTiming` when the take has no timed mark, or only one and no
    ///   other take gives a tempo; `.takeNotFound` for a take that is not live.
    public func seconds(take number: Int, coordinate: Double) throws -> Double {
        guard let take = takes[number] else { throw ProtocolError.takeNotFound(number: number) }
        let list = anchors[number] ?? []
        guard let first = list.first, let last = list.last else {
            throw ProtocolError.missingTiming(take: number, label: take.label, reason: "it has no mark with a time")
        }
        let t: Double
        if list.count == 1 {
            guard let tempo = secondsPerBar else {
                throw ProtocolError.missingTiming(take: number, label: take.label,
                    reason: "it has one timed mark, and no take has two to give the tempo")
            }
            t = first.seconds + (coordinate - first.coordinate) * tempo
        } else if coordinate <= first.coordinate {
            t = Self.line(list[0], list[1], at: coordinate)
        } else if coordinate >= last.coordinate {
            t = Self.line(list[list.count - 2], last, at: coordinate)
        } else {
            var lo = 0, hi = list.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if list[mid].coordinate <= coordinate { lo = mid } else { hi = mid }
            }
            t = Self.line(list[lo], list[hi], at: coordinate)
        }
        return max(0, t)
    }

    /// Seconds since the take's record start at a score position.
    ///
    /// - Throws: the errors of `seconds(take:coordinate:)`, or `.invalidPosition`.
    public func seconds(take number: Int, at position: ScorePosition) throws -> Double {
        let place: Place
        do { place = try axis.place(position) } catch {
            throw ProtocolError.invalidPosition(what: "timed point", position: position, reason: error.reason(position))
        }
        return try seconds(take: number, coordinate: place.coordinate)
    }

    /// The record start of a take in seconds since midnight, and its frame rate.
    ///
    /// - Throws: `ProtocolError.missingTiming` without `recordStart` or `fps`, `.takeNotFound`.
    public func recordStart(take number: Int) throws -> (timecode: Timecode, fps: Double) {
        guard let take = takes[number] else { throw ProtocolError.takeNotFound(number: number) }
        guard let text = take.recordStart else {
            throw ProtocolError.missingTiming(take: number, label: take.label, reason: "it has no record-start timecode (recordStart)")
        }
        guard let fps = take.fps else {
            throw ProtocolError.missingTiming(take: number, label: take.label, reason: "it has no frame rate (fps) for its timecode")
        }
        do { return (try Timecode(text, fps: fps), fps) } catch {
            throw ProtocolError.invalidTimecode(take: number, text: text, reason: error.reason)
        }
    }

    private static func line(_ a: Anchor, _ b: Anchor, at coordinate: Double) -> Double {
        a.seconds + (coordinate - a.coordinate) * (b.seconds - a.seconds) / (b.coordinate - a.coordinate)
    }
}
