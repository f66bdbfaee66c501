import ArgumentParser
import Foundation
import ScoreFollowing
import ScoreLayout
import TonmeisterSupport

/// `tonmeister follow SCORE TAKE`: where a take lies on its score, from the take's audio.
struct FollowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow",
        abstract: "Place a take on its score from its audio: first and last moment, and every downbeat's time.",
        discussion: """
            SCORE is MusicXML (.musicxml, .xml, compressed .mxl) or MEI; TAKE is WAV/BWF, FLAC or AIFF. Measures \
            are listed in playing order (repeats, voltas, D.C./D.S. expanded) with their pass and the time of their \
            downbeat in seconds from the start of the file. A take that does not match the score (confidence below \
            0.3) is refused with exit status 2. With --other-score, the take is also followed through each other \
            score given (the session's other pieces or movements), and refused when it matches one of them better. \
            Where the same measures are played twice (a repeat without different endings), the audio fits both passes \
            alike: --near names where the take was tapped, and the pass nearest it is reported. A part whose bars run over \
            or fall short of the other parts' is repaired (the bar keeps the length most parts give it, an overfull \
            part's notes are squeezed into it) and reported as a warning.
            """
    )

    @Argument(help: "The score: MusicXML (.musicxml, .xml, .mxl) or MEI (.mei).")
    var score: String

    @Argument(help: "The take's audio: WAV/BWF, FLAC or AIFF.")
    var take: String

    @Option(name: .customLong("other-score"),
            help: ArgumentHelp("Another piece's score (repeatable): the take is refused when it matches one better.", valueName: "SCORE"))
    var otherScores: [String] = []

    @Flag(help: "Judge whether the take is of this score by chroma alone, not also by its voices' pitches.")
    var noPitchEvidence = false

    @Option(help: ArgumentHelp("The take's reference pitch, A4 in Hz (415 for baroque pitch); found from the take when absent.",
                               valueName: "HZ"))
    var referencePitch: Double?

    @Option(help: ArgumentHelp("Where the take was tapped: a measure number, /PASS for a later time through it (12/2). Where "
                               + "the audio fits two passes through the same measures alike, the one nearest is reported.",
                               valueName: "BAR[/PASS]"))
    var near: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        try ReferencePitchArgument.validate(referencePitch)
        if let near, Self.measure(near) == nil {
            throw ValidationError("--near takes a measure number and an optional pass, as 12 or 12/2, not '\(near)'")
        }
    }

    /// `12/2` as ("12", 2); `12` as ("12", 1); nil without a number or with a pass that is not a whole number from 1.
    static func measure(_ text: String) -> (number: String, pass: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard let number = parts.first.map(String.init), !number.isEmpty, parts.count <= 2 else { return nil }
        guard parts.count == 2 else { return (number, 1) }
        guard let pass = Int(parts[1]), pass >= 1 else { return nil }
        return (number, pass)
    }

    func run() throws {
        let result: FollowResult
        var compared: [ScoreFollower.OtherScore] = []
        var order: [PlayedMeasure] = []
        do {
            let notes = try ScoreFile.read(score)
            // What reading repaired (a part's bars running over or short of the others') is reported, as `"warnings"`
            // in JSON (always there) and on standard error in text.
            WarningLog.shared.record(notes.repairs.map { $0.warning(score: score) })
            order = notes.playingOrder
            let audio = try AudioSignal.read(take)
            var options = ScoreFollower.Options()
            options.pitchEvidence = !noPitchEvidence
            options.referencePitch = referencePitch
            let follower = ScoreFollower(options: options)
            var hint: Int?
            if let near, let (number, pass) = Self.measure(near) {
                guard let index = notes.playedIndex(number: number, pass: pass) else {
                    throw CLIError.badInput("--near \(near): the score does not play measure \(number)"
                                            + (pass > 1 ? " \(pass) times" : ""))
                }
                hint = index
            }
            if otherScores.isEmpty {
                result = try Self.onRepeat(follower.follow(score: notes, audio: audio), near: hint, notes: notes)
            } else {
                let others = try otherScores.enumerated().map { (index: $0.offset, score: try ScoreFile.read($0.element)) }
                for (other, path) in zip(others, otherScores) { WarningLog.shared.record(other.score.repairs.map { $0.warning(score: path) }) }
                result = try Self.onRepeat(follower.follow(score: notes, audio: audio, refuse: false), near: hint, notes: notes)
                compared = try follower.compare(audio: audio, others: others)
                if let best = ScoreFollower.betterScore(compared, than: result) {
                    throw FollowError.otherScore(path: otherScores[best.index], mismatch: best.mismatch,
                                                 ownMismatch: ScoreFollower.mismatch(result))
                }
                if result.confidence < ScoreFollower.refusalThreshold { throw FollowError.otherPiece(confidence: result.confidence) }
            }
        } catch let error as FollowError {
            throw error.exitStatus == 2 ? CLIError.badInput(error.description) : CLIError.failure(error.description)
        }
        let ownMismatch = Self.round(ScoreFollower.mismatch(result))
        let otherPasses = result.otherPasses(order: order)
        let passFields: [(String, JSONValue)] = otherPasses.isEmpty ? [] : [("otherPasses", .array(otherPasses.map { .int($0) }))]
        output.emit(
            .object([
                ("start", .double(Self.round(result.start))), ("end", .double(Self.round(result.end))),
                ("measures", .array(result.measures.map { m in
                    .object([("index", .int(m.index)), ("number", .string(m.number)), ("pass", .int(m.pass)),
                             ("time", .double(Self.round(m.time)))])
                })),
                ("confidence", .double(Self.round(result.confidence))),
                ("duration", .double(Self.round(result.duration))),
                ("tempoScale", .double(Self.round(result.tempoScale))),
                ("referencePitch", .double((result.referencePitch * 10).rounded() / 10)),
            ] + passFields + (otherScores.isEmpty ? [] : [
                ("mismatch", .double(ownMismatch)),
                ("otherScores", .array(compared.map { other in
                    .object([("score", .string(otherScores[other.index])), ("mismatch", .double(Self.round(other.mismatch))),
                             ("confidence", .double(Self.round(other.confidence)))])
                })),
            ])),
            text: ["\(take) on \(score): music from \(Self.clock(result.start)) to \(Self.clock(result.end)), "
                + "\(result.measures.count) downbeat\(result.measures.count == 1 ? "" : "s"), confidence \(Self.round(result.confidence)), "
                + "A = \((result.referencePitch * 10).rounded() / 10) Hz"]
                + compared.map { other in
                    "  matches \(otherScores[other.index]) less well: mismatch \(Self.round(other.mismatch)) against "
                        + "\(ownMismatch)"
                }
                + (otherPasses.isEmpty ? [] : ["  the same bars are played again (pass \(otherPasses.map(String.init).joined(separator: ", "))) "
                    + "and the audio fits there alike: --near BAR/PASS chooses"])
                + result.measures.map { m in
                    "  bar \(m.number)\(m.pass > 1 ? " (pass \(m.pass))" : "")  \(Self.clock(m.time))"
                }
        )
    }

    /// `result` on the pass nearest the tapped measure (half-way into it), when one was given.
    static func onRepeat(_ result: FollowResult, near index: Int?, notes: FollowedScore) -> FollowResult {
        guard let index else { return result }
        return result.onRepeat(nearest: Double(index) + 0.5, order: notes.playingOrder)
    }

    /// Milliseconds are as fine as the analysis resolves.
    static func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// `m:ss.sss` for a person.
    static func clock(_ seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        return String(format: "%d:%06.3f", minutes, seconds - Double(minutes) * 60)
    }
}
