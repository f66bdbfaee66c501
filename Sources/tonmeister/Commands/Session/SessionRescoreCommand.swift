import ArgumentParser
import Foundation
import RecordingProtocol
import ScoreDocument
import ScoreLayout
import Storage
import TonmeisterSupport

/// `tonmeister session rescore SESSION NEW.pdf [--no-backup]`: move a session onto a new edition of its score.
struct SessionRescoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rescore", abstract: "Move every take and mark onto a new edition of the score.",
        discussion: """
            Detects the new PDF's layout and numbers its bars as it prints them, then matches old and new bars in \
            score order by their printed numbers (when both editions print them) and by what each bar looks like \
            (its ink, the words over it, its staves; when the old edition's PDF is still found unchanged), so pages \
            or systems added, removed or reflowed, numbering that restarts and prints without numbers all match. \
            Every take start and end, mark (ranges, ink strokes, passes) moves to the same bar and the same fraction \
            through it. A take or mark whose bar the new edition lacks stays where it was and is reported \
            (`unplaced`), never removed. The new bars keep the session's numbers: each the number of the old bar it is, a bar the old edition lacked the number before it with a letter (12a). The session as it was is first written to SESSION.before-rescore.json \
            (--no-backup skips it); `session rescore SESSION --undo` moves the session back from it.
            """)

    @OptionGroup var file: SessionFile

    @Argument(help: "The new edition's PDF (not with --undo).")
    var score: String?

    @Option(help: "The password of an encrypted PDF.")
    var password: String?

    @Option(name: .customLong("score"), help: "In a session of several scores: the score (0-based) the new edition replaces; required there.")
    var scoreIndex: Int?

    @Flag(name: .customLong("no-backup"), help: "Do not write SESSION.before-rescore.json first.")
    var noBackup = false

    @Flag(help: "Move the session back onto the edition it was on before the last rescore (from SESSION.before-rescore.json).")
    var undo = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if undo && score != nil { throw ValidationError("--undo takes no PDF: it goes back to the edition in SESSION.before-rescore.json") }
        if !undo && score == nil { throw ValidationError("give the new edition's PDF (or --undo)") }
        if undo && noBackup { throw ValidationError("--undo reads the backup; --no-backup goes with a rescore") }
    }

    func run() throws {
        if undo { return try undoRescore() }
        guard let score else { return }
        ScoreDocument.tuneMemoryForDetection()
        let store = try file.store()
        let before = try file.load()
        if before.hasSeveralScores, scoreIndex == nil {
            throw CLIError.badInput("the session has \(before.scores.count) scores: say which one \(score) is a new edition of with --score N (0 to \(before.scores.count - 1)); nothing was changed")
        }
        let index = scoreIndex ?? 0
        guard before.scores.indices.contains(index) else {
            throw ProtocolError.scoreNotFound(index: index, count: before.scores.count, reason: "nothing was changed")
        }
        guard let oldLayout = before.layout(ofScore: index) else { throw CLIError.badInput("the session has no layout to match bars with") }
        let document = try ScoreDocument.opened(path: score, password: password)
        let detected = try document.detectLayout()
        for page in detected where page.status == .unreadable {
            printNote("warning: page \(page.page) of \(score) could not be read (\(page.unreadableReason ?? "no staves found")); its bars are not matched")
        }
        let numbered = try document.numberedAsPrinted(ScoreLayout(detected: detected))
        let old = oldEdition(before, layout: oldLayout, index: index)
        if old.fingerprints == nil {
            printNote("note: the old edition's PDF (\(before.scores[index].file)) is not found unchanged: bars are matched by their numbers only")
        }
        let new = EditionMatch.Edition(layout: numbered.layout, printed: !numbered.numbering.used.isEmpty,
                                       fingerprints: try document.barFingerprints(of: numbered.layout))
        let match = EditionMatch(old: old, new: new)
        // The session keeps its numbers: each new bar takes the number of the old bar it is (the producer's notes and
        // queries use them; `score numbering --from-print` adopts the new print's afterwards).
        let layout = numbered.layout.carryingNumbers(from: oldLayout, matches: match.matches)
        let reference = ScoreReference(file: SessionCreateCommand.path(of: score, from: file.session), sha256: SHA256.hex(document.data),
                                       music: before.hasSeveralScores ? before.scores[index].music : nil,
                                       pages: before.hasSeveralScores ? document.pageCount : nil)
        let backup = noBackup ? nil : Self.backupPath(file.session)
        let report = try store.rescore(matching: { _ in old.layout }, to: layout, score: reference, matches: match.matches, backup: backup, index: index)
        emit(report, backup: backup, score: score, basis: match.basis, layout: layout)
    }

    /// `--undo`: back onto the edition of SESSION.before-rescore.json.
    private func undoRescore() throws {
        let backup = Self.backupPath(file.session)
        guard FileManager.default.fileExists(atPath: backup) else {
            throw CLIError.badInput("there is no rescore to undo: \(backup) is not found")
        }
        let report = try file.store().undoRescore(backup: backup)
        let after = try file.load()
        emit(report, backup: nil, score: after.score.file, basis: "undo", layout: after.layout ?? ScoreLayout(pages: []), undone: true)
    }

    /// The session's layout numbered as the old edition prints it, with its bars' fingerprints, when its PDF is found
    /// unchanged; else the session's layout as it is (its numbers as the session has them, no fingerprints).
    private func oldEdition(_ session: Session, layout: ScoreLayout, index: Int) -> EditionMatch.Edition {
        let reference = session.scores[index]
        guard let path = SessionFile.scorePath(reference, sessionPath: file.session), let old = try? ScoreDocument(path: path),
              reference.sha256.isEmpty || SHA256.hex(old.data) == reference.sha256 else {
            return .init(layout: layout, printed: false, fingerprints: nil)
        }
        let prints = try? old.barFingerprints(of: layout)
        guard let plain = try? layout.renumbered([]), let printed = try? old.numberedAsPrinted(plain),
              !printed.numbering.used.isEmpty else { return .init(layout: layout, printed: false, fingerprints: prints) }
        return .init(layout: printed.layout, printed: true, fingerprints: prints)
    }

    static func backupPath(_ session: String) -> String {
        let url = URL(fileURLWithPath: session)
        return url.deletingPathExtension().path + ".before-rescore.json"
    }

    private func emit(_ report: RescoreReport, backup: String?, score: String, basis: String, layout: ScoreLayout, undone: Bool = false) {
        let unplaced: [JSONValue] = report.unplaced.map { u in
            var fields: [(String, JSONValue)] = [("take", .int(u.take))]
            if let mark = u.mark { fields.append(("mark", .int(mark))) }
            fields += [("position", .string(u.position)), ("bar", .optional(u.bar?.description)), ("reason", .string(u.reason))]
            return .object(fields)
        }
        var lines = ["moved \(report.moved) take\(report.moved == 1 ? "" : "s") and marks " + (undone ? "back " : "")
            + "onto \(score) (\(layout.barCount) bars, matched by \(basis))"]
        lines += report.unplaced.map { u in
            "not placed: " + (u.mark.map { "mark \($0) of take \(u.take)" } ?? "take \(u.take)") + " \(u.position): \(u.reason); left where it was"
        }
        if !report.missingBars.isEmpty { lines.append("bars not in the new edition: " + report.missingBars.map(\.description).joined(separator: ", ")) }
        if !report.newBars.isEmpty { lines.append("new bars: " + report.newBars.map(\.description).joined(separator: ", ")) }
        if let backup { lines.append("the session as it was: \(backup)") }
        output.emit(["moved": .int(report.moved), "unplaced": .array(unplaced), "missingBars": .strings(report.missingBars),
                     "newBars": .strings(report.newBars), "backup": .optional(backup), "score": .string(score),
                     "matchedBy": .string(basis), "undone": .bool(undone)], text: lines)
    }
}
