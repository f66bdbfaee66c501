import ScoreLayout
import TonmeisterSupport

/// What `session place` did: the takes placed from their audio, those left alone and why, and how measures met bars.
public struct PlacementReport: Sendable {
    /// A take placed from its audio.
    public struct Placed: Sendable {
        public var take: Int
        public var label: String
        /// The downbeats placed.
        public var downbeats: Int
        /// The first and last bar the audio places the take on (`12`, `12/2`).
        public var firstBar: String
        public var lastBar: String
        /// Where the music begins and ends in the file, seconds.
        public var startTime: Double
        public var endTime: Double
        public var confidence: Double
        /// True when the take's start (end) position was set from the audio; false when the producer's tap was kept.
        public var startSet: Bool
        public var endSet: Bool
        /// Downbeats left out (measures without a bar, passes the session's playing order lacks), for a person.
        public var leftOut: [String]
    }

    /// A take left as it was.
    public struct Skipped: Sendable {
        /// Why: `no-audio`, `wrong-piece`, `no-downbeats`, `unreadable`.
        public enum Kind: String, Sendable {
            case noAudio = "no-audio", wrongPiece = "wrong-piece", noDownbeats = "no-downbeats", unreadable
        }

        public var take: Int
        public var label: String
        public var kind: Kind
        public var reason: String
        /// The confidence of a wrong-piece take, when known.
        public var confidence: Double?

        public init(take: Int, label: String, kind: Kind, reason: String, confidence: Double? = nil) {
            (self.take, self.label, self.kind, self.reason, self.confidence) = (take, label, kind, reason, confidence)
        }
    }

    public var placed: [Placed] = []
    public var skipped: [Skipped] = []
    /// How the notes' measures met the layout's bars (`MeasureMap.mismatches`).
    public var mismatches: [String] = []

    public init() {}
}

extension PlacementReport {
    /// `{"placed":[{"take","label","downbeats","firstBar","lastBar","startTime","endTime","confidence","startSet","endSet","leftOut"}],
    /// "skipped":[{"take","label","kind","reason","confidence"?}],"mismatches":[…]}` (what `session place --json` prints and the server answers).
    package var jsonTree: JSONValue {
        func seconds(_ value: Double) -> JSONValue { .double(PlainNumber.rounded(value, places: 3)) }
        return .object([
            ("placed", .array(placed.map { p in
                .object([("take", .int(p.take)), ("label", .string(p.label)), ("downbeats", .int(p.downbeats)),
                         ("firstBar", .string(p.firstBar)), ("lastBar", .string(p.lastBar)),
                         ("startTime", seconds(p.startTime)), ("endTime", seconds(p.endTime)), ("confidence", seconds(p.confidence)),
                         ("startSet", .bool(p.startSet)), ("endSet", .bool(p.endSet)), ("leftOut", .array(p.leftOut.map(JSONValue.string)))])
            })),
            ("skipped", .array(skipped.map { s in
                .object([("take", .int(s.take)), ("label", .string(s.label)), ("kind", .string(s.kind.rawValue)), ("reason", .string(s.reason))]
                        + (s.confidence.map { [("confidence", seconds($0))] } ?? []))
            })),
            ("mismatches", .array(mismatches.map(JSONValue.string))),
        ])
    }
}
