import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreFollowing
import ScoreLayout
import TonmeisterSupport

/// `tonmeister session place SESSION [--take N | --all] [--replace] [--move]`: takes placed on the score from their linked audio.
struct SessionPlaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "place",
        abstract: "Place takes on the score from their linked audio: every downbeat's time, and their start and end.",
        discussion: """
            Each take's linked file (see `session link-audio`) is followed through the score's notes (`session music`, \
            as `tonmeister follow` does). Every downbeat found becomes a timed point at its barline, which the plan's \
            EDL and OTIO cut on instead of the producer's timed taps. The take's start and end are set where the music \
            begins and ends in the file, except that a producer's tap is kept unless --replace (an open take gets its \
            end). A take of another piece (confidence below 0.3) or without downbeats is reported and left alone. In a \
            session of several scores each take is followed through the notes of the score its start lies in and placed \
            on that score's bars; a take whose audio matches another score's notes better is reported (other-score) and \
            left alone, or with --move placed on that score, its start and end moved there from the audio. One \
            undoable action (`tonmeister undo`).
            """)

    @OptionGroup var file: SessionFile

    @Option(name: .customLong("take"), help: "A take to place (repeat for several).")
    var takes: [Int] = []

    @Flag(help: "Place every take with linked audio.")
    var all = false

    @Flag(help: "Replace the producer's tapped start and end with those from the audio.")
    var replace = false

    @Flag(help: "Move a take whose audio matches another score's notes better onto that score (its start and end from the audio).")
    var move = false

    @Option(help: ArgumentHelp("The takes' reference pitch, A4 in Hz (415 for baroque pitch); found from each take when absent.",
                               valueName: "HZ"))
    var referencePitch: Double?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if all == !takes.isEmpty { throw ValidationError("name the takes to place (--take N) or --all") }
        try ReferencePitchArgument.validate(referencePitch)
    }

    func run() throws {
        let report = try Self.place(file, session: try file.load(), takes: all ? nil : takes, replace: replace,
                                    referencePitch: referencePitch, moving: move)
        output.emit(report.jsonTree, text: Self.lines(report))
    }

    /// Follows the named takes' linked files (nil: every live take with one) and places them, one write and one
    /// undoable action; takes that could not be followed are in the report's `skipped`, in take order. `referencePitch`:
    /// A4 in Hz when the producer knows it (nil: found from each take).
    static func place(_ file: SessionFile, session: Session, takes: [Int]?, replace: Bool,
                      referencePitch: Double? = nil, moving: Bool = false) throws -> PlacementReport {
        let base = URL(fileURLWithPath: file.session).deletingLastPathComponent().path
        let found: TakePlacer.Alignments
        do {
            found = try TakePlacer.align(session: session, takes: takes, baseDirectory: base, referencePitch: referencePitch,
                                      moving: moving)
        } catch let error as FollowError {
            throw error.exitStatus == 2 ? CLIError.badInput(error.description) : CLIError.failure(error.description)
        }
        for (index, repairs) in found.repairs.sorted(by: { $0.key < $1.key }) {
            let path = session.scores.indices.contains(index) ? session.scores[index].music ?? "score \(index)" : "score \(index)"
            WarningLog.shared.record(repairs.map { $0.warning(score: path) })
        }
        var report = PlacementReport()
        if !found.alignments.isEmpty { report = try file.store().place(found.alignments, measuresByScore: found.measuresByScore, replace: replace) }
        report.skipped = (found.skipped + report.skipped).sorted { $0.take < $1.take }
        report.atSessionPitch = found.atSessionPitch
        return report
    }

    static func lines(_ report: PlacementReport) -> [String] {
        var lines = ["placed \(report.placed.count) take\(report.placed.count == 1 ? "" : "s") from their audio"]
        for p in report.placed {
            let kept = [p.startSet ? nil : "start", p.endSet ? nil : "end"].compactMap { $0 }
            let moved = p.movedFrom.map { " (moved from score \($0), where its start was tapped)" } ?? ""
            lines.append("  take \(p.label): \(p.score > 0 || p.movedFrom != nil ? "score \(p.score)\(moved), " : "")bars \(p.firstBar)–\(p.lastBar), \(p.downbeats) downbeats, confidence \(PlainNumber.rounded(p.confidence, places: 2))"
                         + (kept.isEmpty ? "" : " (the tapped \(kept.joined(separator: " and ")) kept; --replace sets \(kept.count == 1 ? "it" : "them"))"))
            if p.passFromTap { lines.append("    the same bars are played twice; the tapped start chose this pass") }
            for item in p.leftOut { lines.append("    left out \(item)") }
        }
        for s in report.skipped { lines.append("  take \(s.label) left alone (\(s.kind.rawValue)): \(s.reason)") }
        for m in report.mismatches { lines.append("  note: \(m)") }
        for (take, pitch) in report.atSessionPitch.sorted(by: { $0.key < $1.key }) {
            lines.append("  note: take \(take) followed at A = \(PlainNumber.rounded(pitch, places: 1)) Hz, the pitch of its score's long takes, "
                         + "not a semitone away as it alone seemed")
        }
        return lines
    }
}
