import Foundation
import RecordingProtocol
import TonmeisterSupport

/// Follows takes' linked audio through the session's score notes (each score's `music`), for `Session.place`.
public enum TakePlacer {
    /// The alignments found, the takes that could not be followed, and the notes' measure numbers in score order.
    public struct Alignments: Sendable {
        public var alignments: [Int: AudioAlignment] = [:]
        public var skipped: [PlacementReport.Skipped] = []
        /// The first score's measure numbers (each notated measure once), when it has notes.
        public var measures: [String] = []
        /// Every score's measure numbers that has notes, by score index.
        public var measuresByScore: [Int: [String]] = [:]
        /// The takes followed again at the pitch (A4, Hz) of their score's long, sure takes, by take number.
        public var atSessionPitch: [Int: Double] = [:]
        /// What reading each score's notes repaired (parts whose bars ran over or fell short), by score index.
        public var repairs: [Int: [PartLengthRepair]] = [:]
    }

    /// Follows the linked file of each named live take (nil: every live take with a linked file) through the notes.
    ///
    /// Each downbeat the follower finds is moved onto its notes' attack (`SampleOnset`) where one stands out, so that an
    /// edit list cuts on it within a frame.
    ///
    /// In a session of several scores a take is followed through the notes of the score its start lies in, and through
    /// every other score's that has notes: a take whose audio matches another score's notes better (a lower
    /// ``MatchEvidence/mismatch``) is reported as `other-score` and not placed, for it is of another piece. On the
    /// tuning corpora a take's own score had the lower mismatch in all 538 pairs of the same take through its own and
    /// another piece's score, including every wrong-piece take the confidence threshold lets through (docs/follow.md).
    /// A take whose score has no notes is reported as `no-notes`; one whose score's notes cannot be read, as
    /// `unreadable` (the other scores' takes are followed).
    ///
    /// Relative paths (the notes, a take's source) are read against `baseDirectory` (the session file's folder). A take
    /// without a linked file, or whose file cannot be read, is reported in `skipped`; other takes are followed.
    /// `referencePitch`: the takes' A4 in Hz when it is known (nil: found from each take, ``ReferencePitch``).
    /// Without it, a score's takes share the pitch of its long, sure takes (``sessionPitch(_:)``), placed now or before:
    /// a take whose own estimate strays from it by more than a quarter of a semitone is followed again on its grid,
    /// never moved a semitone.
    /// `moving`: a take whose audio matches another score's notes better is aligned with that score instead, to be
    /// moved there (``AudioAlignment/movedFrom``), rather than reported as `other-score`.
    ///
    /// - Throws: `FollowError.unreadableScore` when no score has notes that can be read,
    ///   `.missingLibrary`; `ProtocolError.takeNotFound`/`.takeDeleted` for a named take that is not live.
    public static func align(session: Session, takes numbers: [Int]?, baseDirectory: String?,
                             referencePitch: Double? = nil, moving: Bool = false) throws -> Alignments {
        // Every score's notes; one that cannot be read costs only its own takes, unless no score's can be read.
        var notes: [Int: FollowedScore] = [:]
        var unreadable: [Int: FollowError] = [:]
        for (index, score) in session.scores.enumerated() {
            guard let music = score.music else { continue }
            do { notes[index] = try ScoreFile.read(resolve(music, base: baseDirectory)) } catch let error as FollowError {
                unreadable[index] = error
            }
        }
        guard !notes.isEmpty else {
            if let first = unreadable.keys.min(), let error = unreadable[first] { throw error }
            throw FollowError.unreadableScore(path: "(none)", reason: "the session names no notes of its score (score.music): set them with `tonmeister session music SESSION FILE`")
        }
        var result = Alignments()
        for (index, score) in notes {
            if !score.repairs.isEmpty { result.repairs[index] = score.repairs }
            var seen = Set<String>()
            result.measuresByScore[index] = score.measures.map(\.number).filter { seen.insert($0).inserted }
        }
        result.measures = result.measuresByScore[0] ?? []
        let chosen: [Take]
        if let numbers {
            chosen = try numbers.map { number in
                guard let take = session.take(number) else { throw ProtocolError.takeNotFound(number: number) }
                guard !take.deleted else { throw ProtocolError.takeDeleted(number: number) }
                return take
            }
        } else {
            chosen = session.takes.filter { !$0.deleted }
        }
        var options = ScoreFollower.Options()
        options.referencePitch = referencePitch
        let follower = ScoreFollower(options: options)
        let sharpening = SampleOnset()
        // The takes of a score placed before and not placed again now speak for its pitch too.
        let placing = Set(chosen.map(\.number))
        // Each take's pitch with the score its start lies in.
        var pitches: [Int: (score: Int, heard: HeardPitch)] = [:]
        for take in session.takes where !take.deleted && !placing.contains(take.number) {
            guard let placed = take.placement, let reference = placed.referencePitch else { continue }
            pitches[take.number] = (session.scorePage(take.start.page).score, (reference, placed.confidence, placed.endTime - placed.startTime))
        }
        for take in chosen {
            let outcome = try place(take, follower: follower, session: session, notes: notes, unreadable: unreadable, base: baseDirectory,
                                moving: moving, named: numbers != nil, sharpening: sharpening)
            outcome.record(into: &result, take: take.number)
            if let found = outcome.found {
                pitches[take.number] = (session.scorePage(take.start.page).score, (found.referencePitch, found.confidence, found.end - found.start))
            }
        }
        // A score's takes were played at one pitch (a day may hold a baroque set and a modern one): found from its long,
        // sure takes, it is the grid of the others whose own estimate strayed from it by more than a quarter of a
        // semitone (a short take of another piece that fits this score only a semitone off).
        guard referencePitch == nil else { return result }
        var byScore: [Int: [HeardPitch]] = [:]
        for own in pitches.values { byScore[own.score, default: []].append(own.heard) }
        for take in chosen {
            guard let own = pitches[take.number], let pitch = sessionPitch(byScore[own.score] ?? []),
                  abs(ReferencePitch.cents(of: own.heard.reference) - ReferencePitch.cents(of: pitch)) > 25 else { continue }
            options.sessionPitch = pitch
            result.alignments[take.number] = nil
            result.skipped.removeAll { $0.take == take.number }
            result.atSessionPitch[take.number] = pitch
            try place(take, follower: ScoreFollower(options: options), session: session, notes: notes, unreadable: unreadable,
                      base: baseDirectory, moving: moving, named: numbers != nil, sharpening: sharpening).record(into: &result, take: take.number)
        }
        result.skipped.sort { $0.take < $1.take }
        return result
    }

    /// A follower's result as an alignment with score `score` (moved from score `movedFrom`), each downbeat moved onto its notes' attack at a few
    /// samples' resolution where one stands out (so that an edit list cuts on it within a frame).
    static func alignment(_ found: FollowResult, score: Int, movedFrom: Int? = nil, signal: AudioSignal,
                          sharpening: SampleOnset) -> AudioAlignment {
        var alignment = AudioAlignment(start: found.start, end: found.end, confidence: found.confidence,
                                       measures: found.measures.map { m in
                                           AudioAlignment.Measure(number: m.number, pass: m.pass,
                                                                  time: sharpening.attack(near: m.time, in: signal) ?? m.time)
                                       }, score: score, movedFrom: movedFrom)
        alignment.referencePitch = found.referencePitch
        return alignment
    }

    /// A path made absolute against `base` (else left as it is).
    static func resolve(_ path: String, base: String?) -> String {
        guard !path.hasPrefix("/"), let base else { return path }
        return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: base, isDirectory: true)).standardizedFileURL.path
    }
}
