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
        /// The index of the score the take was placed on (0 unless the session has several).
        public var score = 0
        /// The score the take's start had been tapped on, when it was moved to the score its audio matches.
        public var movedFrom: Int?
        /// True when the audio fitted two passes of the same bars alike and the producer's tapped start chose the pass
        /// (the follower had put the take on another).
        public var passFromTap = false
    }

    /// A take left as it was.
    public struct Skipped: Sendable {
        /// Why: `no-audio`, `wrong-piece`, `no-downbeats`, `unreadable`; in a session of several scores, `other-score`
        /// (the audio matches another score's notes better than its own score's) and `no-notes` (its score has none);
        /// `far-from-tap` (the bars found lie wholly before the take's tapped start or after its tapped end).
        public enum Kind: String, Sendable {
            case noAudio = "no-audio", wrongPiece = "wrong-piece", noDownbeats = "no-downbeats", unreadable
            case otherScore = "other-score", noNotes = "no-notes", farFromTap = "far-from-tap"
        }

        public var take: Int
        public var label: String
        public var kind: Kind
        public var reason: String
        /// The confidence of a wrong-piece take, when known.
        public var confidence: Double?
        /// For `other-score`: the index of the score whose notes the audio matches best.
        public var bestScore: Int?

        public init(take: Int, label: String, kind: Kind, reason: String, confidence: Double? = nil, bestScore: Int? = nil) {
            (self.take, self.label, self.kind, self.reason, self.confidence, self.bestScore) = (take, label, kind, reason, confidence, bestScore)
        }
    }

    public var placed: [Placed] = []
    public var skipped: [Skipped] = []
    /// How the notes' measures met the layout's bars (`MeasureMap.mismatches`).
    public var mismatches: [String] = []
    /// The takes followed again at the pitch (A4, Hz) of their score's long, sure takes, their own estimate having
    /// strayed from it (`TakePlacer`), by take number.
    public var atSessionPitch: [Int: Double] = [:]

    public init() {}
}

extension PlacementReport {
    /// `{"placed":[{"take","label","downbeats","firstBar","lastBar","startTime","endTime","confidence","startSet","endSet","leftOut","score","movedFrom"?,"passFromTap"?}],
    /// "skipped":[{"take","label","kind","reason","confidence"?,"bestScore"?}],"mismatches":[…],"atSessionPitch"?:[{"take","referencePitch"}]}` (what `session place --json` prints and the
    /// server answers; `score`, the 0-based score a take was placed on; `movedFrom`, the score its start had been tapped on, when
    /// it was moved to the score its audio matches; `passFromTap`, true when the producer's tap chose between two passes of the
    /// same bars; `atSessionPitch`, the takes followed again at the pitch, A4 in Hz, of their score's long, sure takes).
    package var jsonTree: JSONValue {
        func seconds(_ value: Double) -> JSONValue { .double(PlainNumber.rounded(value, places: 3)) }
        return .object([
            ("placed", .array(placed.map { p in
                .object([("take", .int(p.take)), ("label", .string(p.label)), ("downbeats", .int(p.downbeats)),
                         ("firstBar", .string(p.firstBar)), ("lastBar", .string(p.lastBar)),
                         ("startTime", seconds(p.startTime)), ("endTime", seconds(p.endTime)), ("confidence", seconds(p.confidence)),
                         ("startSet", .bool(p.startSet)), ("endSet", .bool(p.endSet)), ("leftOut", .array(p.leftOut.map(JSONValue.string))),
                         ("score", .int(p.score))] + (p.movedFrom.map { [("movedFrom", .int($0))] } ?? [])
                        + (p.passFromTap ? [("passFromTap", .bool(true))] : []))
            })),
            ("skipped", .array(skipped.map { s in
                .object([("take", .int(s.take)), ("label", .string(s.label)), ("kind", .string(s.kind.rawValue)), ("reason", .string(s.reason))]
                        + (s.confidence.map { [("confidence", seconds($0))] } ?? []) + (s.bestScore.map { [("bestScore", .int($0))] } ?? []))
            })),
            ("mismatches", .array(mismatches.map(JSONValue.string))),
        ] + (atSessionPitch.isEmpty ? [] : [("atSessionPitch", .array(atSessionPitch.keys.sorted().map { take in
            .object([("take", .int(take)), ("referencePitch", .double(PlainNumber.rounded(atSessionPitch[take]!, places: 1)))])
        }))]))
    }
}
