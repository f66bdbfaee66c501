import ScoreLayout
import TonmeisterSupport

/// Where a take lies on the score according to its audio (`session place`): every downbeat's time in the take's file.
///
/// Filled by `Session.place`, from the alignment of the take's linked file with the score's notes (`score.music`).
/// The downbeats are the take's timing wherever they reach (`SessionTiming` uses them instead of the producer's
/// timed marks); `startSource`/`endSource` say whether the take's start and end positions were set from the audio
/// (`audio`) or are the producer's taps (`tap`), which placing replaces only when asked to (`--replace`).
public struct AudioPlacement: Hashable, Sendable {
    /// Where a position of the take came from.
    public enum Source: String, Hashable, Sendable {
        /// Placed from the take's audio.
        case audio
        /// Tapped (or typed) by the producer.
        case tap
    }

    /// One bar's downbeat found in the take's audio.
    public struct Downbeat: Hashable, Sendable {
        /// The barline on the score (its left edge, at the vertical middle of its system) with its pass.
        public var at: ScorePosition
        /// The printed bar number, as the score's notes name it.
        public var bar: String
        /// Seconds from the first sample of the take's file.
        public var time: Double

        public init(at: ScorePosition, bar: String, time: Double) {
            (self.at, self.bar, self.time) = (at, bar, time)
        }
    }

    /// The downbeats in playing order, their times increasing.
    public var downbeats: [Downbeat]
    /// Seconds from the file's first sample where the music of the score begins and ends in it.
    public var startTime: Double
    public var endTime: Double
    /// The alignment's confidence, 0–1 (`tonmeister follow`).
    public var confidence: Double
    /// Where the take's start and end positions came from.
    public var startSource: Source
    public var endSource: Source
    /// The take's A4 in Hz as the follower heard it (nil: not known, as in placements written before session 30);
    /// the session's long, sure takes' pitch is the grid of a take placed later (`TakePlacer`).
    public var referencePitch: Double?

    public init(downbeats: [Downbeat], startTime: Double, endTime: Double, confidence: Double,
                startSource: Source = .tap, endSource: Source = .tap) {
        (self.downbeats, self.startTime, self.endTime, self.confidence) = (downbeats, startTime, endTime, confidence)
        (self.startSource, self.endSource) = (startSource, endSource)
    }
}

extension AudioPlacement {
    /// `{"source":"audio","confidence","startTime","endTime","startSource","endSource","downbeats":[{"bar","at","time"}]}`,
    /// and `"referencePitch"` (Hz) when known.
    package var jsonTree: JSONValue {
        .object([
            ("source", .string("audio")), ("confidence", .double(confidence)),
            ("startTime", .double(startTime)), ("endTime", .double(endTime)),
            ("startSource", .string(startSource.rawValue)), ("endSource", .string(endSource.rawValue)),
            ("downbeats", .array(downbeats.map { beat in
                .object([("bar", .string(beat.bar)), ("at", Session.tree(beat.at)), ("time", .double(beat.time))])
            })),
        ] + (referencePitch.map { [("referencePitch", JSONValue.double($0))] } ?? []))
    }

    /// Reads `jsonTree` back; an unknown `startSource`/`endSource` reads as `tap` (never replaced silently).
    package init(jsonTree value: JSONValue) throws {
        var m = try JSONObject(value)
        let downbeats: [Downbeat] = try m.optional("downbeats", JSONValue.array(Self.downbeat)) ?? []
        let start = try m.optional("startSource", JSONValue.string).flatMap(Source.init(rawValue:)) ?? .tap
        let end = try m.optional("endSource", JSONValue.string).flatMap(Source.init(rawValue:)) ?? .tap
        self.init(downbeats: downbeats, startTime: try m.optional("startTime", JSONValue.double) ?? downbeats.first?.time ?? 0,
                  endTime: try m.optional("endTime", JSONValue.double) ?? downbeats.last?.time ?? 0,
                  confidence: try m.optional("confidence", JSONValue.double) ?? 0, startSource: start, endSource: end)
        referencePitch = try m.optional("referencePitch", JSONValue.double)
    }

    private static func downbeat(_ value: JSONValue, index: Int) throws -> Downbeat {
        var d = try JSONObject(value)
        return Downbeat(at: try d.required("at", JSONValue.position), bar: try d.optional("bar", JSONValue.string) ?? "",
                        time: try d.required("time", JSONValue.double))
    }

    /// The placement as compact JSON text (as the session JSON writes it).
    public var jsonText: String { jsonTree.serialized() }

    /// Reads `jsonText` back.
    public init(json text: String) throws {
        try self.init(jsonTree: try JSONReader.parse(text.utf8))
    }

    /// Whether `hertz` can be a take's A4 (300–600 Hz, as `ReferencePitch.plausible`).
    static func plausiblePitch(_ hertz: Double) -> Bool { hertz.isFinite && (300...600).contains(hertz) }

    /// Checks the times (finite, 0 or more, increasing), the confidence (0–1), the reference pitch (300–600 Hz) and
    /// every downbeat's position.
    func check(take: Take, checker: PositionChecker) throws {
        func fail(_ reason: String) -> ProtocolError { .invalidClock(what: "take \(take.number)'s placement from audio", reason: reason) }
        guard confidence.isFinite, (0...1).contains(confidence) else { throw fail("its confidence \(confidence) is outside 0…1") }
        if let referencePitch, !Self.plausiblePitch(referencePitch) {
            throw fail("its reference pitch \(referencePitch) Hz lies outside 300…600 Hz (A4)")
        }
        guard startTime.isFinite, endTime.isFinite, startTime >= 0, endTime >= startTime else {
            throw fail("its music runs from \(startTime) s to \(endTime) s; both must be finite, 0 or more, the end not before the start")
        }
        var last = -Double.infinity
        for beat in downbeats {
            guard beat.time.isFinite, beat.time >= 0, beat.time > last else {
                throw fail("the downbeat of bar \(beat.bar) at \(beat.time) s is not finite, below 0 or not after the one before")
            }
            last = beat.time
            _ = try checker.place(beat.at, what: "take \(take.number)'s downbeat of bar \(beat.bar)")
        }
    }
}
