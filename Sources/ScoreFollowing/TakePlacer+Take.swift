import Foundation
import RecordingProtocol
import TonmeisterSupport

/// One take followed for ``TakePlacer``, and the pitch a session's takes share.
extension TakePlacer {
    /// What following one take gave: its alignment or why it was skipped, and the follower's result through its own
    /// score (nil when it was not followed).
    struct Outcome {
        var alignment: AudioAlignment?
        var skipped: PlacementReport.Skipped?
        var found: FollowResult?

        /// Adds this outcome to `result` as take `number`'s.
        func record(into result: inout Alignments, take number: Int) {
            if let alignment { result.alignments[number] = alignment }
            if let skipped { result.skipped.append(skipped) }
        }
    }

    /// The pitch (A4, Hz) a take was heard at, how sure its placing was, and how long its music lasts (seconds).
    typealias HeardPitch = (reference: Double, confidence: Double, duration: Double)

    /// The shortest music of a take (from where the score's music begins in its file to where it ends), in seconds,
    /// and the least confidence whose pitch speaks for the session's.
    static let sessionPitchDuration = 20.0, sessionPitchConfidence = 0.8

    /// The pitch (A4 in Hz) a session's takes were played at: the median of its takes at least
    /// ``sessionPitchDuration`` long and ``sessionPitchConfidence`` sure, when two thirds of them lie within 20 cents of
    /// it; nil when no take speaks for it or they disagree.
    static func sessionPitch(_ takes: [HeardPitch]) -> Double? {
        let sure = takes.filter { $0.duration >= sessionPitchDuration && $0.confidence >= sessionPitchConfidence }
            .map { ReferencePitch.cents(of: $0.reference) }.sorted()
        guard !sure.isEmpty else { return nil }
        let median = sure[sure.count / 2]
        guard 3 * sure.filter({ abs($0 - median) <= 20 }).count >= 2 * sure.count else { return nil }
        return ReferencePitch.frequency(cents: median)
    }

    /// Follows `take`'s linked file through its score's notes (and the other scores', to tell a take of another piece).
    static func place(_ take: Take, follower: ScoreFollower, session: Session, notes: [Int: FollowedScore],
                      unreadable: [Int: FollowError], base: String?, moving: Bool, named: Bool,
                      sharpening: SampleOnset) throws -> Outcome {
        func skip(_ kind: PlacementReport.Skipped.Kind, _ reason: String, confidence: Double? = nil, bestScore: Int? = nil) -> Outcome {
            Outcome(skipped: .init(take: take.number, label: take.label, kind: kind, reason: reason, confidence: confidence, bestScore: bestScore))
        }
        guard let source = take.source else {
            return named ? skip(.noAudio, "it has no linked audio (link it with `session link-audio`)") : Outcome()
        }
        let own = session.scorePage(take.start.page).score
        if let error = unreadable[own] { return skip(.unreadable, error.description) }
        guard let ownNotes = notes[own] else {
            return skip(.noNotes, "its score (\(own)) has no notes: name them with `session music SESSION FILE --score \(own)`")
        }
        do {
            let signal = try AudioSignal.read(resolve(source, base: base))
            let found = try follower.follow(score: ownNotes, audio: signal, refuse: false)
            let others = notes.filter { $0.key != own }.sorted { $0.key < $1.key }.map { (index: $0.key, score: $0.value) }
            if let best = ScoreFollower.betterScore(try follower.compare(audio: signal, others: others), than: found) {
                if moving {
                    return Outcome(alignment: alignment(best.result, score: best.index, movedFrom: own, signal: signal, sharpening: sharpening),
                                   found: found)
                }
                var outcome = skip(.otherScore,
                    "its audio matches the notes of score \(best.index) better than those of its own score \(own) (mismatch "
                        + "\(PlainNumber.rounded(best.mismatch, places: 2)) against \(PlainNumber.rounded(ScoreFollower.mismatch(found), places: 2))): "
                        + "a take of another piece? "
                        + "placing it with moving allowed (`session place --move`) moves it onto score \(best.index)",
                    confidence: found.confidence, bestScore: best.index)
                outcome.found = found
                return outcome
            }
            return Outcome(alignment: alignment(found, score: own, signal: signal, sharpening: sharpening), found: found)
        } catch let error as FollowError {
            switch error {
            case .missingLibrary: throw error
            case .otherPiece(let confidence): return skip(.wrongPiece, error.description, confidence: confidence)
            default: return skip(.unreadable, error.description)
            }
        }
    }
}
