import Foundation
import RecordingProtocol

/// Follows takes' linked audio through the session's score notes (`score.music`), for `Session.place`.
public enum TakePlacer {
    /// The alignments found, the takes that could not be followed, and the notes' measure numbers in score order.
    public struct Alignments: Sendable {
        public var alignments: [Int: AudioAlignment] = [:]
        public var skipped: [PlacementReport.Skipped] = []
        public var measures: [String] = []
    }

    /// Follows the linked file of each named live take (nil: every live take with a linked file) through the notes.
    ///
    /// Each downbeat the follower finds is moved onto its notes' attack (`SampleOnset`) where one stands out, so that an
    /// edit list cuts on it within a frame.
    ///
    /// Relative paths (the notes, a take's source) are read against `baseDirectory` (the session file's folder). A take
    /// without a linked file, or whose file cannot be read, is reported in `skipped`; other takes are followed.
    /// `referencePitch`: the takes' A4 in Hz when it is known (nil: found from each take, ``ReferencePitch``).
    ///
    /// - Throws: `FollowError.unreadableScore` when the session names no notes or they cannot be read,
    ///   `.missingLibrary`; `ProtocolError.takeNotFound`/`.takeDeleted` for a named take that is not live.
    public static func align(session: Session, takes numbers: [Int]?, baseDirectory: String?,
                             referencePitch: Double? = nil) throws -> Alignments {
        guard let music = session.score.music else {
            throw FollowError.unreadableScore(path: "(none)", reason: "the session names no notes of its score (score.music): set them with `tonmeister session music SESSION FILE`")
        }
        let notes = try ScoreFile.read(resolve(music, base: baseDirectory))
        var result = Alignments()
        var seen = Set<String>()
        result.measures = notes.measures.map(\.number).filter { seen.insert($0).inserted }
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
        for take in chosen {
            guard let source = take.source else {
                if numbers != nil {
                    result.skipped.append(.init(take: take.number, label: take.label, kind: .noAudio,
                                                reason: "it has no linked audio (link it with `session link-audio`)"))
                }
                continue
            }
            let path = resolve(source, base: baseDirectory)
            do {
                let signal = try AudioSignal.read(path)
                let found = try follower.follow(score: notes, audio: signal, refuse: false)
                // Each downbeat moved onto its notes' attack at a few samples' resolution where one stands out.
                result.alignments[take.number] = AudioAlignment(
                    start: found.start, end: found.end, confidence: found.confidence,
                    measures: found.measures.map { m in
                        AudioAlignment.Measure(number: m.number, pass: m.pass, time: sharpening.attack(near: m.time, in: signal) ?? m.time)
                    })
            } catch let error as FollowError {
                switch error {
                case .missingLibrary: throw error
                case .otherPiece(let confidence):
                    result.skipped.append(.init(take: take.number, label: take.label, kind: .wrongPiece, reason: error.description, confidence: confidence))
                default:
                    result.skipped.append(.init(take: take.number, label: take.label, kind: .unreadable, reason: error.description))
                }
            }
        }
        return result
    }

    /// A path made absolute against `base` (else left as it is).
    static func resolve(_ path: String, base: String?) -> String {
        guard !path.hasPrefix("/"), let base else { return path }
        return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: base, isDirectory: true)).standardizedFileURL.path
    }
}
